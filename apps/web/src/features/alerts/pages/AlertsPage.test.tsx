import { afterEach, describe, expect, it, vi } from "vitest";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { AlertView } from "@steward/contracts";
import { adminUser, authenticatedSession, json, mockFetch, renderApp, signIn } from "../../../test/render";
import { anAlert, listOf } from "../test/fixtures";
import { AlertsList } from "./AlertsPage";

afterEach(() => {
  vi.unstubAllGlobals();
});

const disk = anAlert({ inMaintenance: true });
const proc = anAlert({
  id: 2,
  severity: "MAJOR",
  priority: "MEDIUM",
  device: { id: 12, name: "db-01" },
  organization: { id: 8, name: "Globex" },
  condition: { key: "c-proc", name: "nginx not running", kind: "process" },
  count: 1,
  value: null,
  detail: "nginx is not running",
  flapping: true,
  acknowledged: { by: "Ada Lovelace", at: "2026-03-01T09:40:00Z", note: "looking" },
});
const resetOne = anAlert({
  id: 3,
  status: "RESET",
  reset: { cause: "TECHNICIAN", at: "2026-03-01T10:00:00Z", by: "Ada Lovelace", note: "freed space" },
});
const counts = { CRITICAL: 1, MAJOR: 1, MODERATE: 0, MINOR: 0 };

type Handlers = Parameters<typeof mockFetch>[0];

function renderPage(
  organizationId: number | null,
  handlers: Handlers = {},
  options: { permissions?: string[]; initialPath?: string } = {},
) {
  const fetch = mockFetch({
    "GET /api/alerts": ({ url }) =>
      json(
        200,
        url.searchParams.get("status") === "RESET"
          ? listOf([resetOne], { openBySeverity: counts })
          : listOf([disk, proc], { openBySeverity: counts }),
      ),
    ...handlers,
  });
  const result = renderApp(<AlertsList organizationId={organizationId} />, {
    initialPath: options.initialPath,
  });
  signIn(
    result.queryClient,
    options.permissions
      ? authenticatedSession({
          user: { ...adminUser, isSystemAdmin: false, permissions: options.permissions as never },
        })
      : authenticatedSession(),
  );
  const requests = () =>
    fetch.mock.calls
      .map(([u, init]) => ({ url: new URL(String(u), "http://localhost"), init }))
      .filter(({ url, init }) => url.pathname === "/api/alerts" && (init?.method ?? "GET") === "GET")
      .map(({ url }) => url.searchParams);
  return { ...result, fetch, requests, user: userEvent.setup() };
}

const rowOf = (table: HTMLElement, text: string) =>
  within(table).getByText(text).closest("tr") as HTMLElement;

describe("alerts page", () => {
  it("lists open alerts with severity, priority, condition, device, organization, count, value, markers and state", async () => {
    const { requests } = renderPage(null);
    const table = await screen.findByRole("table", { name: "Alerts" });
    const first = rowOf(table, "Disk almost full");
    expect(within(first).getByText("Critical")).toBeTruthy();
    expect(within(first).getByText("High")).toBeTruthy();
    expect(within(first).getByText("Policy: Linux servers")).toBeTruthy();
    expect(within(first).getByRole("link", { name: "web-01" }).getAttribute("href")).toBe(
      "/deviceDashboard/11/overview",
    );
    expect(within(first).getByText("Acme")).toBeTruthy();
    expect(within(first).getByText("4")).toBeTruthy();
    expect(within(first).getByText("3.25")).toBeTruthy();
    expect(within(first).getByText("/var has 3.25% free")).toBeTruthy();
    expect(within(first).getByText("Maintenance")).toBeTruthy();
    expect(within(first).queryByText("Acknowledged")).toBeNull();
    expect(within(first).getByText(/^since /)).toBeTruthy();
    const second = rowOf(table, "nginx not running");
    expect(within(second).getByText("Major")).toBeTruthy();
    expect(within(second).getByText("Flapping")).toBeTruthy();
    expect(within(second).getByLabelText(/^Acknowledged by Ada Lovelace at /)).toBeTruthy();
    expect(within(second).getByText("—")).toBeTruthy();
    const counters = screen.getByRole("group", { name: "Open alerts by severity" });
    expect(within(counters).getByRole("button", { name: "Critical: 1" })).toBeTruthy();
    expect(within(counters).getByRole("button", { name: "Minor: 0" })).toBeTruthy();
    expect(screen.getByText("2 alerts")).toBeTruthy();
    const first_request = requests()[0]!;
    expect(first_request.get("status")).toBe("OPEN");
    expect(first_request.get("sort")).toBe("severity");
    expect(first_request.has("organizationId")).toBe(false);
  });

  it("asks for one organization's alerts and leaves out the organization column", async () => {
    const { requests } = renderPage(7);
    const table = await screen.findByRole("table", { name: "Alerts" });
    expect(within(table).queryByRole("button", { name: "Organization" })).toBeNull();
    expect(within(table).queryByText("Acme")).toBeNull();
    expect(requests()[0]!.get("organizationId")).toBe("7");
  });

  it("filters by a clicked severity counter, and clears the filter", async () => {
    const { user, requests } = renderPage(null);
    await screen.findByRole("table");
    const last = () => requests().at(-1)!;
    await user.click(screen.getByRole("button", { name: "Major: 1" }));
    await waitFor(() => expect(last().get("severity")).toBe("MAJOR"));
    expect(screen.getByRole("button", { name: "Major: 1" }).getAttribute("aria-pressed")).toBe("true");
    await user.click(screen.getByRole("button", { name: "Clear filters" }));
    // The unfiltered list may come from the cache (it was just fetched): the counter is released
    // and the list is the unfiltered one again, whether or not a new request went out.
    await waitFor(() =>
      expect(screen.getByRole("button", { name: "Major: 1" }).getAttribute("aria-pressed")).toBe("false"),
    );
  });

  it("filters by the priority and acknowledged choices", async () => {
    const { user, requests } = renderPage(null);
    await screen.findByRole("table");
    const last = () => requests().at(-1)!;
    await user.click(screen.getByRole("textbox", { name: "Priority" }));
    await user.click(await screen.findByRole("option", { name: "Low" }));
    await waitFor(() => expect(last().get("priority")).toBe("LOW"));
    await user.click(screen.getByRole("textbox", { name: "Acknowledged" }));
    await user.click(await screen.findByRole("option", { name: "Not acknowledged" }));
    await waitFor(() => expect(last().get("acknowledged")).toBe("false"));
    expect(last().get("priority")).toBe("LOW");
  });

  it("searches once typing pauses, and sorts by a clicked column, the second click descending", async () => {
    const { user, requests } = renderPage(null);
    await screen.findByRole("table");
    const last = () => requests().at(-1)!;

    await user.click(screen.getByRole("textbox", { name: "Search" }));
    await user.paste("nginx");
    await waitFor(() => expect(last().get("search")).toBe("nginx"));

    await user.click(screen.getByRole("button", { name: "Last seen" }));
    await waitFor(() => expect(last().get("sort")).toBe("lastSeen"));
    expect(last().get("order")).toBe("asc");
    expect(last().get("search")).toBe("nginx");
    await user.click(screen.getByRole("button", { name: "Last seen" }));
    await waitFor(() => expect(last().get("order")).toBe("desc"));
    expect(screen.getByRole("columnheader", { name: /^Last seen/ }).getAttribute("aria-sort")).toBe(
      "descending",
    );
  });

  it("shows the history of reset alerts with cause, who, when and note, without actions", async () => {
    const { user, requests } = renderPage(null);
    await screen.findByRole("table");
    await user.click(screen.getByText("History"));
    await waitFor(() => expect(requests().at(-1)!.get("status")).toBe("RESET"));
    const table = await screen.findByRole("table", { name: "Alerts" });
    await waitFor(() => expect(within(table).getByText("Reset by a technician")).toBeTruthy());
    expect(within(table).getByText(/ by Ada Lovelace$/)).toBeTruthy();
    expect(within(table).getByText("freed space")).toBeTruthy();
    expect(within(table).queryByRole("checkbox")).toBeNull();
    expect(within(table).queryByRole("button", { name: /^Reset / })).toBeNull();
    expect(screen.queryByRole("textbox", { name: "Acknowledged" })).toBeNull();
  });

  it("acknowledges the selected alerts with a note through the bulk route", async () => {
    let sent: unknown;
    const { user } = renderPage(null, {
      "POST /api/alerts/acknowledge": ({ body }) => {
        sent = body;
        return json(200, { done: 2, notFound: [] });
      },
    });
    const table = await screen.findByRole("table");
    await user.click(
      within(table).getByRole("checkbox", { name: "Select alert Disk almost full on web-01" }),
    );
    await user.click(
      within(table).getByRole("checkbox", { name: "Select alert nginx not running on db-01" }),
    );
    expect(screen.getByText("2 alerts selected")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Acknowledge selected" }));
    const dialog = await screen.findByRole("dialog", { name: "Acknowledge 2 alerts" });
    await user.type(within(dialog).getByRole("textbox", { name: "Note" }), "  on it  ");
    await user.click(within(dialog).getByRole("button", { name: "Acknowledge" }));
    await waitFor(() => expect(sent).toEqual({ ids: [1, 2], note: "on it" }));
    await waitFor(() => expect(screen.queryByText("2 alerts selected")).toBeNull());
  });

  it("resets all alerts of the page through the bulk route, and one alert through its own route", async () => {
    const posts: { path: string; body: unknown }[] = [];
    const record =
      (path: string, answer: unknown) =>
      ({ body }: { body: unknown }) => {
        posts.push({ path, body });
        return json(200, answer);
      };
    const { user } = renderPage(null, {
      "POST /api/alerts/reset": record("/api/alerts/reset", { done: 1, notFound: [2] }),
      "POST /api/alerts/1/reset": record("/api/alerts/1/reset", { ...disk, status: "RESET" }),
    });
    const table = await screen.findByRole("table");
    await user.click(within(table).getByRole("checkbox", { name: "Select all alerts on this page" }));
    await user.click(screen.getByRole("button", { name: "Reset selected" }));
    const dialog = await screen.findByRole("dialog", { name: "Reset 2 alerts" });
    await user.click(within(dialog).getByRole("button", { name: "Reset" }));
    await waitFor(() =>
      expect(posts).toEqual([{ path: "/api/alerts/reset", body: { ids: [1, 2], note: "" } }]),
    );
    expect(await screen.findByText("1 alert was already gone")).toBeTruthy();

    await user.click(within(table).getByRole("button", { name: "Reset Disk almost full on web-01" }));
    const single = await screen.findByRole("dialog", { name: "Reset alert" });
    await user.type(within(single).getByRole("textbox", { name: "Note" }), "disk replaced");
    await user.click(within(single).getByRole("button", { name: "Reset" }));
    await waitFor(() =>
      expect(posts.at(-1)).toEqual({ path: "/api/alerts/1/reset", body: { note: "disk replaced" } }),
    );
  });

  it("acknowledges one alert from its row; an acknowledged alert offers no acknowledge", async () => {
    let sent: unknown;
    const { user } = renderPage(null, {
      "POST /api/alerts/1/acknowledge": ({ body }) => {
        sent = body;
        return json(200, disk);
      },
    });
    const table = await screen.findByRole("table");
    expect(
      within(table).queryByRole("button", { name: "Acknowledge nginx not running on db-01" }),
    ).toBeNull();
    await user.click(within(table).getByRole("button", { name: "Acknowledge Disk almost full on web-01" }));
    const dialog = await screen.findByRole("dialog", { name: "Acknowledge alert" });
    expect(within(dialog).getByText("Disk almost full on web-01")).toBeTruthy();
    await user.click(within(dialog).getByRole("button", { name: "Acknowledge" }));
    await waitFor(() => expect(sent).toEqual({ note: "" }));
  });

  it("refuses a note longer than the contract allows without asking the server", async () => {
    const { user, fetch } = renderPage(null);
    const table = await screen.findByRole("table");
    await user.click(within(table).getByRole("button", { name: "Acknowledge Disk almost full on web-01" }));
    const dialog = await screen.findByRole("dialog");
    const note = within(dialog).getByRole("textbox", { name: "Note" });
    // The field stops typing at the limit; a pasted longer note still meets the contract's check.
    note.removeAttribute("maxlength");
    await user.click(note);
    await user.paste("x".repeat(2001));
    await user.click(within(dialog).getByRole("button", { name: "Acknowledge" }));
    expect(await within(dialog).findByText(/2000/)).toBeTruthy();
    expect(fetch.mock.calls.some(([, init]) => init?.method === "POST")).toBe(false);
  });

  it("keeps the selection when the list is refreshed, dropping alerts that are gone", async () => {
    let answer: AlertView[] = [disk, proc];
    const { user, queryClient } = renderPage(null, {
      "GET /api/alerts": () => json(200, listOf(answer, { openBySeverity: counts })),
    });
    const table = await screen.findByRole("table");
    await user.click(within(table).getByRole("checkbox", { name: "Select all alerts on this page" }));
    expect(screen.getByText("2 alerts selected")).toBeTruthy();
    answer = [{ ...disk, count: 5 }];
    await act(() => queryClient.refetchQueries({ queryKey: ["alerts"] }));
    await waitFor(() => expect(screen.getByText("1 alert selected")).toBeTruthy());
    expect(
      (
        within(table).getByRole("checkbox", {
          name: "Select alert Disk almost full on web-01",
        }) as HTMLInputElement
      ).checked,
    ).toBe(true);
    expect(within(rowOf(table, "Disk almost full")).getByText("5")).toBeTruthy();
  });

  it("offers no selection, acknowledge or reset without devices.manage", async () => {
    renderPage(null, {}, { permissions: ["devices.read", "dashboard.read"] });
    const table = await screen.findByRole("table");
    expect(within(table).getByText("Disk almost full")).toBeTruthy();
    expect(within(table).queryByRole("checkbox")).toBeNull();
    expect(within(table).queryByRole("button", { name: /^(Acknowledge|Reset) / })).toBeNull();
  });

  it("says when there are no open alerts, when filters match nothing, and when loading fails", async () => {
    const { user } = renderPage(null, {
      "GET /api/alerts": ({ url }) =>
        url.searchParams.get("status") === "RESET"
          ? json(500, { code: "E_INTERNAL", message: "boom", requestId: "r1" })
          : json(200, listOf([])),
    });
    expect(await screen.findByText("No open alerts")).toBeTruthy();
    expect(screen.getByText(/Alerts appear here as soon as a condition triggers/)).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Critical: 0" }));
    expect(await screen.findByText("No alerts match these filters")).toBeTruthy();
    await user.click(screen.getByText("History"));
    expect(await screen.findByText("Could not load alerts")).toBeTruthy();
  });

  it("opens one device's history from the URL", async () => {
    const { requests } = renderPage(7, {}, { initialPath: "/?view=history&device=11" });
    await screen.findByRole("table");
    const request = requests()[0]!;
    expect(request.get("status")).toBe("RESET");
    expect(request.get("deviceId")).toBe("11");
    expect(request.get("sort")).toBe("lastSeen");
    expect(request.get("order")).toBe("desc");
    expect(screen.getByText("Only this device")).toBeTruthy();
  });
});
