import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { setLocaleSettings } from "../../../i18n";
import { adminUser, authenticatedSession, json, mockFetch, renderApp, signIn } from "../../../test/render";
import { aPolicy, aPolicyDetail } from "../test-fixtures";
import { AgentPoliciesPage } from "./AgentPoliciesPage";

afterEach(() => {
  vi.unstubAllGlobals();
});

const policies = [
  {
    ...aPolicy({ id: 1, name: "Default Linux server", deviceClass: "LINUX_SERVER", isDefault: true }),
    deviceCount: 12,
  },
  {
    ...aPolicy({
      id: 2,
      name: "Web servers",
      deviceClass: "LINUX_SERVER",
      parentId: 1,
      parentName: "Default Linux server",
    }),
    deviceCount: 3,
  },
  {
    ...aPolicy({ id: 3, name: "Kiosks", deviceClass: "WINDOWS_WORKSTATION", enabled: false }),
    deviceCount: 0,
  },
];

function renderPage(handlers: Parameters<typeof mockFetch>[0] = {}) {
  const fetch = mockFetch({
    "GET /api/policies": ({ url }) => {
      const cls = url.searchParams.get("deviceClass");
      return json(200, { items: cls ? policies.filter((p) => p.deviceClass === cls) : policies });
    },
    ...handlers,
  });
  const result = renderApp(<AgentPoliciesPage />);
  signIn(result.queryClient, authenticatedSession());
  return { ...result, fetch, user: userEvent.setup() };
}

const rowOf = (table: HTMLElement, name: string) =>
  within(table).getAllByRole("link", { name })[0]!.closest("tr") as HTMLElement;

describe("AgentPoliciesPage", () => {
  it("lists policies by device class with Default and Disabled badges and the parent", async () => {
    renderPage();
    const table = await screen.findByRole("table", { name: "Agent policies" });
    const rows = within(table).getAllByRole("row").slice(1);
    // Windows workstations come before Linux servers; within a class the Default comes first.
    expect(rows.map((r) => within(r).getAllByRole("link")[0]!.textContent)).toEqual([
      "Kiosks",
      "Default Linux server",
      "Web servers",
    ]);
    expect(within(rowOf(table, "Default Linux server")).getByText("Default")).toBeTruthy();
    expect(within(rowOf(table, "Kiosks")).getByText("Disabled")).toBeTruthy();
    expect(within(rowOf(table, "Kiosks")).getByText("Windows workstation")).toBeTruthy();
    const web = rowOf(table, "Web servers");
    expect(within(web).getByRole("link", { name: "Default Linux server" }).getAttribute("href")).toBe(
      "/editor/policy/1",
    );
    // How many devices get each policy, in its own column.
    const devicesColumn = within(table)
      .getAllByRole("columnheader")
      .findIndex((th) => th.textContent === "Devices");
    expect(devicesColumn).toBeGreaterThan(0);
    expect(rows.map((r) => within(r).getAllByRole("cell")[devicesColumn]!.textContent)).toEqual([
      "0",
      "12",
      "3",
    ]);
    // The Default cannot be deleted; the others can.
    expect(within(table).queryByRole("button", { name: "Delete Default Linux server" })).toBeNull();
    expect(within(table).getByRole("button", { name: "Delete Web servers" })).toBeTruthy();
  });

  it("offers no New, Copy or Delete without policies.manage", async () => {
    mockFetch({ "GET /api/policies": () => json(200, { items: policies }) });
    const result = renderApp(<AgentPoliciesPage />);
    signIn(
      result.queryClient,
      authenticatedSession({ user: { ...adminUser, isSystemAdmin: false, permissions: ["policies.read"] } }),
    );
    const table = await screen.findByRole("table");
    expect(screen.queryByRole("button", { name: "New policy" })).toBeNull();
    expect(within(table).queryByRole("button", { name: /^(Copy|Delete) / })).toBeNull();
    expect(within(table).getByRole("link", { name: "Edit Web servers" })).toBeTruthy();
  });

  it("filters by device class, asking the server for that class only", async () => {
    const { user, fetch } = renderPage();
    await screen.findByRole("table");
    await user.click(screen.getByRole("textbox", { name: "Device class" }));
    await user.click(await screen.findByRole("option", { name: "Linux server" }));
    await waitFor(() => expect(screen.queryByRole("link", { name: "Kiosks" })).toBeNull());
    expect(screen.getByRole("link", { name: "Web servers" })).toBeTruthy();
    expect(fetch.mock.calls.some(([url]) => String(url).includes("deviceClass=LINUX_SERVER"))).toBe(true);

    await user.click(screen.getByRole("textbox", { name: "Device class" }));
    await user.click(await screen.findByRole("option", { name: "macOS" }));
    expect(await screen.findByText("No policies for this device class")).toBeTruthy();
  });

  it("shows the empty state when there are no policies", async () => {
    renderPage({ "GET /api/policies": () => json(200, { items: [] }) });
    expect(await screen.findByText("No policies yet")).toBeTruthy();
    expect(screen.queryByRole("table")).toBeNull();
  });

  it("shows a load failure with retry", async () => {
    renderPage({
      "GET /api/policies": () => json(500, { code: "E_INTERNAL", message: "boom", requestId: "r1" }),
    });
    expect(await screen.findByText("Could not load the policies")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Try again" })).toBeTruthy();
  });

  it("creates a policy only with a name, offering parents of the chosen class only", async () => {
    let created: unknown;
    const { user, router } = renderPage({
      "POST /api/policies": ({ body }) => {
        created = body;
        return json(201, aPolicyDetail({ id: 9, name: "Databases", deviceClass: "LINUX_SERVER" }));
      },
    });
    await user.click(await screen.findByRole("button", { name: "New policy" }));
    const dialog = await screen.findByRole("dialog", { name: "New policy" });
    await user.click(within(dialog).getByRole("button", { name: "Create policy" }));
    expect(within(dialog).getByText("Mandatory value is undefined. Please enter a value.")).toBeTruthy();
    expect(created).toBeUndefined();

    await user.click(within(dialog).getByRole("textbox", { name: "Device class" }));
    await user.click(await screen.findByRole("option", { name: "Linux server" }));
    await user.type(within(dialog).getByLabelText(/^Name/), " Databases ");
    await user.click(within(dialog).getByRole("textbox", { name: "Parent policy" }));
    const options = (await screen.findAllByRole("option")).map((o) => o.textContent);
    expect(options).toEqual(["None", "Default Linux server", "Web servers"]);
    await user.click(screen.getByRole("option", { name: "Web servers" }));
    await user.click(within(dialog).getByRole("button", { name: "Create policy" }));
    await waitFor(() =>
      expect(created).toEqual({
        name: "Databases",
        description: "",
        deviceClass: "LINUX_SERVER",
        parentId: 2,
        enabled: true,
        items: {},
      }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe("/editor/policy/9"));
  });

  it("copies a policy under a new name", async () => {
    let copied: unknown;
    const { user } = renderPage({
      "POST /api/policies/2/copy": ({ body }) => {
        copied = body;
        return json(201, aPolicyDetail({ id: 10, name: "Web servers (copy)" }));
      },
    });
    await user.click(await screen.findByRole("button", { name: "Copy Web servers" }));
    const dialog = await screen.findByRole("dialog", { name: "Copy Web servers" });
    expect((within(dialog).getByLabelText(/^Name/) as HTMLInputElement).value).toBe("Web servers (copy)");
    await user.click(within(dialog).getByRole("button", { name: "Copy policy" }));
    await waitFor(() => expect(copied).toEqual({ name: "Web servers (copy)" }));
  });

  it("says how many devices use a policy when the server refuses to delete it", async () => {
    const { user } = renderPage({
      "DELETE /api/policies/2": () =>
        json(409, {
          code: "E_POLICY_IN_USE",
          message: "The policy is used by 3 devices: assign them another policy first",
          messageId: "errors.policies.inUse",
          messageValues: { count: 3 },
          details: { deviceCount: 3 },
          requestId: "r2",
        }),
    });
    await user.click(await screen.findByRole("button", { name: "Delete Web servers" }));
    const dialog = await screen.findByRole("dialog", { name: "Delete policy" });
    await user.click(within(dialog).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("Could not delete the policy")).toBeTruthy();
    expect(
      screen.getByText("The policy is used by 3 devices: assign them another policy first"),
    ).toBeTruthy();
  });

  it("speaks German: headings, classes, badges and the refusal with its count", async () => {
    setLocaleSettings({ locale: "de" });
    const { user } = renderPage({
      "DELETE /api/policies/2": () =>
        json(409, {
          code: "E_POLICY_IN_USE",
          message: "The policy is used by 1 device: assign it another policy first",
          messageId: "errors.policies.inUse",
          messageValues: { count: 1 },
          requestId: "r3",
        }),
    });
    const table = await screen.findByRole("table", { name: "Agent-Richtlinien" });
    expect(screen.getByRole("heading", { name: "Agent-Richtlinien" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Neue Richtlinie" })).toBeTruthy();
    expect(within(table).getByText("Standard")).toBeTruthy();
    expect(within(table).getByText("Deaktiviert")).toBeTruthy();
    expect(within(table).getByText("Windows-Arbeitsplatz")).toBeTruthy();
    expect(within(table).getByText("Übergeordnete Richtlinie")).toBeTruthy();
    expect(within(table).getByRole("columnheader", { name: "Geräte" })).toBeTruthy();
    await user.click(within(table).getByRole("button", { name: /Web servers löschen/ }));
    const dialog = await screen.findByRole("dialog", { name: "Richtlinie löschen" });
    await user.click(within(dialog).getByRole("button", { name: "Löschen" }));
    expect(await screen.findByText("Die Richtlinie konnte nicht gelöscht werden")).toBeTruthy();
    expect(screen.getByText(/1 Gerät/)).toBeTruthy();
  });
});
