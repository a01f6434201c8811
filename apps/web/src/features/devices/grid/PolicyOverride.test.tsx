import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { setLocaleSettings } from "../../../i18n";
import { authenticatedSession, json, mockFetch, renderApp, signIn } from "../../../test/render";
import { messages } from "@steward/domain";
import { aDevice } from "../../../test/fixtures";
import { DeviceGrid } from "./DeviceGrid";
import { useGridUrlState } from "./use-grid-url-state";
import { selectedClasses } from "./PolicyOverrideForm";

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

function GridPage() {
  const [state, setState] = useGridUrlState();
  return <DeviceGrid state={state} onChange={setState} />;
}

const linuxServer = aDevice({ id: 1, hostname: "db-01", osFamily: "LINUX", osName: "Debian GNU/Linux" });
const desktop = aDevice({ id: 2, hostname: "pc-02", osFamily: "WINDOWS", osName: "Windows 11 Pro" });
const policy = (id: number, name: string, deviceClass: string) => ({
  id,
  name,
  description: "",
  deviceClass,
  parentId: null,
  parentName: null,
  isDefault: false,
  enabled: true,
  version: 1,
  createdAt: "2026-11-01T09:00:00.000Z",
  updatedAt: "2026-11-01T09:00:00.000Z",
  deviceCount: 0,
});

function renderGrid(put: (body: unknown) => Response) {
  mockFetch({
    "GET /api/devices": () => json(200, { items: [linuxServer, desktop], total: 2, page: 1, pageSize: 50 }),
    "GET /api/organizations": () => json(200, { items: [], total: 0, page: 1, pageSize: 500 }),
    "GET /api/device-roles": () => json(200, { items: [] }),
    "GET /api/groups": () => json(200, { items: [] }),
    "GET /api/custom-fields": () => json(200, { globalCustomFields: [], roleCustomFields: [] }),
    "GET /api/policies": () =>
      json(200, {
        items: [
          policy(10, "Databases", "LINUX_SERVER"),
          policy(11, "Office PCs", "WINDOWS_WORKSTATION"),
          policy(12, "Macs", "MAC"),
        ],
      }),
    "PUT /api/device-policy-overrides": ({ body }) => put(body),
  });
  const result = renderApp(null, {
    routes: [{ path: "/deviceSearch", element: <GridPage /> }],
    initialPath: "/deviceSearch",
  });
  signIn(result.queryClient, authenticatedSession());
  return { ...result, user: userEvent.setup() };
}

async function openAction(user: ReturnType<typeof userEvent.setup>, name: string) {
  await screen.findByTestId("device-row-2");
  for (const row of ["device-row-1", "device-row-2"])
    await user.click(within(screen.getByTestId(row)).getByRole("checkbox"));
  const bar = screen.getByTestId("bulk-actions");
  await user.click(within(bar).getByRole("button", { name: /^(Actions|Aktionen)$/ }));
  await user.click(await screen.findByRole("menuitem", { name }));
}

describe("policy override from the device grid", () => {
  it("offers only policies of the selected devices' classes and reports the devices skipped", async () => {
    const sent: unknown[] = [];
    const { user } = renderGrid((body) => {
      sent.push(body);
      return json(200, { count: 1, skippedDeviceIds: [2] });
    });
    await openAction(user, "Set policy override");
    const dialog = await screen.findByRole("dialog", { name: "Set policy override on 2 devices" });
    // Submitting without a choice asks for one and sends nothing.
    await user.click(within(dialog).getByRole("button", { name: "Set policy override" }));
    expect(await within(dialog).findByText(messages.mandatory)).toBeTruthy();
    expect(sent).toEqual([]);

    await user.click(within(dialog).getByRole("textbox", { name: /^Policy/ }));
    const options = await screen.findAllByRole("option");
    expect(options.map((o) => o.textContent)).toEqual(["Office PCs", "Databases"]);
    await user.click(screen.getByRole("option", { name: "Databases" }));
    await user.click(within(dialog).getByRole("button", { name: "Set policy override" }));
    await waitFor(() => expect(sent).toEqual([{ deviceIds: [1, 2], policyId: 10, skipOtherClasses: true }]));
    expect(await screen.findByText("Policy override set on 1 device")).toBeTruthy();
    expect(
      screen.getByText("1 device kept its policy: the chosen policy is not for its device class"),
    ).toBeTruthy();
  });

  it("clears the override only after a confirmation", async () => {
    const sent: unknown[] = [];
    const { user } = renderGrid((body) => {
      sent.push(body);
      return json(200, { count: 2 });
    });
    await openAction(user, "Clear policy override");
    const dialog = await screen.findByRole("dialog", { name: "Clear policy override" });
    expect(within(dialog).getByText(/^Clear the policy override of 2 devices\?/)).toBeTruthy();
    expect(sent).toEqual([]);
    await user.click(within(dialog).getByRole("button", { name: "Clear policy override" }));
    await waitFor(() =>
      expect(sent).toEqual([{ deviceIds: [1, 2], policyId: null, skipOtherClasses: true }]),
    );
    expect(await screen.findByText("Policy override cleared on 2 devices")).toBeTruthy();
  });

  it("speaks German", async () => {
    setLocaleSettings({ locale: "de" });
    const { user } = renderGrid(() => json(200, { count: 2 }));
    await openAction(user, "Richtlinie fest zuweisen");
    expect(await screen.findByRole("dialog", { name: "Richtlinie für 2 Geräte fest zuweisen" })).toBeTruthy();
    expect(screen.getByText(/Nur Richtlinien der Geräteklassen/)).toBeTruthy();
  });
});

describe("selectedClasses", () => {
  it("takes each selected device's class, a built-in role deciding server or workstation", () => {
    const asServer = aDevice({ id: 3, osFamily: "WINDOWS", osName: "Windows 11 Pro", roleId: 7 });
    const classes = selectedClasses([1, 3], [linuxServer, asServer], new Map([[7, "WINDOWS_SERVER"]]));
    expect(classes && [...classes].sort()).toEqual(["LINUX_SERVER", "WINDOWS_SERVER"]);
  });

  it("knows no classes when a selected device is not on the page", () => {
    expect(selectedClasses([1, 99], [linuxServer], new Map())).toBeNull();
  });
});
