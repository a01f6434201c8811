import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { MaintenanceWindow } from "@steward/contracts";
import { setLocaleSettings } from "../../../i18n";
import { adminUser, authenticatedSession, json, mockFetch, renderApp, signIn } from "../../../test/render";
import { MaintenanceWindows } from "./MaintenancePage";

afterEach(() => {
  vi.unstubAllGlobals();
});

const aWindow = (over: Partial<MaintenanceWindow> = {}): MaintenanceWindow => ({
  id: 1,
  name: "Patch night",
  description: "",
  enabled: true,
  organizationId: 7,
  organizationName: "Acme",
  targets: { deviceIds: [1, 2], groupIds: [], locationIds: [], organizationIds: [] },
  timing: { kind: "ONE_OFF", startsAt: "2026-03-01T20:00:00Z", endsAt: "2026-03-01T23:00:00Z" },
  suppress: { alerts: true, notifications: true, automations: false },
  status: "ACTIVE",
  activeUntil: "2026-03-01T23:00:00Z",
  nextStart: null,
  createdAt: "2026-02-01T00:00:00Z",
  updatedAt: "2026-02-01T00:00:00Z",
  ...over,
});

const recurring = aWindow({
  id: 2,
  name: "Weekend",
  organizationId: null,
  organizationName: null,
  targets: { deviceIds: [], groupIds: [3], locationIds: [], organizationIds: [7, 8] },
  timing: {
    kind: "RECURRING",
    schedule: {
      repeats: "WEEKLY",
      repeatsEveryCount: 1,
      repeatsEveryUnit: "HOURS",
      runAtHour: 22,
      runAtMinute: 0,
      dayOfMonth: 1,
      daysOfWeek: ["SATURDAY"],
      startDate: "2026-01-01",
      end: { type: "NEVER", occurenceCount: null, endDate: null },
    },
    timeZone: "Europe/Berlin",
    durationMinutes: 120,
  },
  status: "UPCOMING",
  activeUntil: null,
  nextStart: "2026-03-07T21:00:00Z",
});

function renderPage(
  organizationId: number | null,
  handlers: Parameters<typeof mockFetch>[0] = {},
  permissions?: string[],
) {
  const path =
    organizationId === null
      ? "/api/maintenance-windows"
      : `/api/organizations/${organizationId}/maintenance-windows`;
  const fetch = mockFetch({
    [`GET ${path}`]: ({ url }) => {
      const status = url.searchParams.get("status");
      const items = [aWindow(), recurring].filter((w) => w.status === status);
      return json(200, { items, total: items.length, page: 1, pageSize: 500 });
    },
    "GET /api/saved-searches": () => json(200, { items: [] }),
    "GET /api/organizations": () =>
      json(200, { items: [{ id: 7, name: "Acme" }], total: 1, page: 1, pageSize: 500 }),
    ...handlers,
  });
  const result = renderApp(<MaintenanceWindows organizationId={organizationId} />);
  signIn(
    result.queryClient,
    permissions
      ? authenticatedSession({
          user: { ...adminUser, isSystemAdmin: false, permissions: permissions as never },
        })
      : authenticatedSession(),
  );
  return { ...result, fetch, user: userEvent.setup() };
}

describe("maintenance windows page", () => {
  it("shows the windows active now, then the upcoming ones with their schedule, asking the server by status", async () => {
    const { user, fetch } = renderPage(null);
    const table = await screen.findByRole("table", { name: "Maintenance windows" });
    expect(within(table).getByText("Patch night")).toBeTruthy();
    expect(within(table).getByText("2 devices")).toBeTruthy();
    expect(within(table).getByText("Alerts, Notifications")).toBeTruthy();
    expect(within(table).getByText(/^Until /)).toBeTruthy();
    await user.click(screen.getByText("Upcoming"));
    await waitFor(() => expect(screen.getByText("Weekend")).toBeTruthy());
    const row = screen.getByText("Weekend").closest("tr") as HTMLElement;
    expect(within(row).getByText("System-wide")).toBeTruthy();
    expect(within(row).getByText("Weekly 22:00 for 120 minutes (Europe/Berlin)")).toBeTruthy();
    expect(within(row).getByText("2 organizations, 1 group")).toBeTruthy();
    expect(fetch.mock.calls.some(([u]) => String(u).includes("status=UPCOMING"))).toBe(true);
  });

  it("says when no window is open and when loading fails", async () => {
    const { user } = renderPage(7, {
      "GET /api/organizations/7/maintenance-windows": ({ url }) =>
        url.searchParams.get("status") === "PAST"
          ? json(500, { code: "E_INTERNAL", message: "boom", requestId: "r1" })
          : json(200, { items: [], total: 0, page: 1, pageSize: 500 }),
    });
    expect(await screen.findByText("No window is open now")).toBeTruthy();
    await user.click(screen.getByText("Past"));
    expect(await screen.findByText("Could not load maintenance windows")).toBeTruthy();
  });

  it("creates a one-off window for the whole organization, holding back what was chosen", async () => {
    let sent: unknown;
    const { user } = renderPage(7, {
      "GET /api/organizations/7": () =>
        json(200, { id: 7, name: "Acme", locations: [{ id: 70, name: "HQ" }] }),
      "GET /api/devices": () => json(200, { items: [], total: 0, page: 1, pageSize: 500 }),
      "POST /api/organizations/7/maintenance-windows": ({ body }) => {
        sent = body;
        return json(201, aWindow());
      },
    });
    await screen.findByRole("table");
    await user.click(screen.getByRole("button", { name: "New window" }));
    const dialog = await screen.findByRole("dialog", { name: "New maintenance window" });
    await user.type(within(dialog).getByRole("textbox", { name: "Name" }), "Server swap");
    await user.click(within(dialog).getByRole("checkbox", { name: "Automations" }));
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(sent).toBeTruthy());
    expect(sent).toMatchObject({
      name: "Server swap",
      targets: { organizationIds: [7], deviceIds: [], locationIds: [] },
      timing: { kind: "ONE_OFF" },
      suppress: { alerts: true, notifications: true, automations: false },
    });
  });

  it("refuses to save with nothing to hold back, in the contract's words", async () => {
    const { user, fetch } = renderPage(7, {
      "GET /api/organizations/7": () => json(200, { id: 7, name: "Acme", locations: [] }),
      "GET /api/devices": () => json(200, { items: [], total: 0, page: 1, pageSize: 500 }),
    });
    await screen.findByRole("table");
    await user.click(screen.getByRole("button", { name: "New window" }));
    const dialog = await screen.findByRole("dialog");
    await user.type(within(dialog).getByRole("textbox", { name: "Name" }), "Nothing");
    for (const name of ["Alerts", "Notifications", "Automations"])
      await user.click(within(dialog).getByRole("checkbox", { name }));
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await within(dialog).findByText("Choose at least one thing to suppress")).toBeTruthy();
    expect(fetch.mock.calls.some(([, init]) => init?.method === "POST")).toBe(false);
  });

  it("offers no New, Edit or Delete without devices.manage", async () => {
    renderPage(null, {}, ["devices.read", "dashboard.read"]);
    const table = await screen.findByRole("table");
    expect(screen.queryByRole("button", { name: "New window" })).toBeNull();
    expect(within(table).queryByRole("button", { name: /^(Edit|Delete) / })).toBeNull();
  });

  it("speaks German", async () => {
    setLocaleSettings({ locale: "de" });
    const { user } = renderPage(null);
    const table = await screen.findByRole("table", { name: "Wartungsfenster" });
    expect(screen.getByRole("heading", { name: "Wartungsfenster" })).toBeTruthy();
    expect(within(table).getByText("2 Geräte")).toBeTruthy();
    expect(within(table).getByText("Warnungen, Benachrichtigungen")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Neues Fenster" })).toBeTruthy();
    await user.click(screen.getByText("Anstehend"));
    expect(await screen.findByText("Wöchentlich 22:00 für 120 Minuten (Europe/Berlin)")).toBeTruthy();
    expect(screen.getByText("Systemweit")).toBeTruthy();
  });
});
