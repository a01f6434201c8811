import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { setLocaleSettings } from "../../../i18n";
import { authenticatedSession, json, mockFetch, renderApp, signIn } from "../../../test/render";
import { aDevice } from "../../../test/fixtures";
import { DeviceGrid } from "./DeviceGrid";
import { useGridUrlState } from "./use-grid-url-state";
import { DEFAULT_COLUMNS, saveColumnChoice } from "./columns";

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

function GridPage() {
  const [state, setState] = useGridUrlState();
  return <DeviceGrid state={state} onChange={setState} />;
}

const devices = [
  aDevice({ id: 1, hostname: "db-01", healthStatus: "UNHEALTHY", inMaintenance: true }),
  aDevice({ id: 2, hostname: "pc-02", healthStatus: "NEEDS_ATTENTION", inMaintenance: false }),
  aDevice({ id: 3, hostname: "pc-03", healthStatus: "HEALTHY" }),
  aDevice({ id: 4, hostname: "pc-04", healthStatus: "UNKNOWN" }),
];

function renderGrid(path = "/deviceSearch") {
  // The technician has added the Health column (it is one choice away, not shown by default).
  saveColumnChoice([...DEFAULT_COLUMNS, "health"]);
  const calls: URLSearchParams[] = [];
  mockFetch({
    "GET /api/devices": ({ url }) => {
      calls.push(url.searchParams);
      return json(200, { items: devices, total: 4, page: 1, pageSize: 50 });
    },
    "GET /api/organizations": () => json(200, { items: [], total: 0, page: 1, pageSize: 500 }),
    "GET /api/device-roles": () => json(200, { items: [] }),
    "GET /api/groups": () => json(200, { items: [] }),
    "GET /api/custom-fields": () => json(200, { globalCustomFields: [], roleCustomFields: [] }),
  });
  const result = renderApp(null, {
    routes: [{ path: "/deviceSearch", element: <GridPage /> }],
    initialPath: path,
  });
  signIn(result.queryClient, authenticatedSession());
  return { ...result, calls, user: userEvent.setup() };
}

describe("the device grid's health and maintenance", () => {
  it("shows each device's health in its own column and a maintenance mark on devices in maintenance", async () => {
    const { user, calls } = renderGrid();
    const row = await screen.findByTestId("device-row-1");
    expect(within(row).getByText("Unhealthy")).toBeTruthy();
    expect(within(screen.getByTestId("device-row-2")).getByText("Needs attention")).toBeTruthy();
    expect(within(screen.getByTestId("device-row-3")).getByText("Healthy")).toBeTruthy();
    expect(within(screen.getByTestId("device-row-4")).getByText("Unknown")).toBeTruthy();
    expect(within(row).getByRole("img", { name: "Maintenance" })).toBeTruthy();
    expect(within(screen.getByTestId("device-row-2")).queryByRole("img", { name: "Maintenance" })).toBeNull();

    // Sortable: the server is asked for the health order.
    await user.click(screen.getByRole("button", { name: "Sort by Health" }));
    await waitFor(() => expect(calls.at(-1)?.get("sort")).toBe("health"));
  });

  it("filters by health from the URL and shows the filter as a chip", async () => {
    const { calls } = renderGrid("/deviceSearch?health=UNHEALTHY,NEEDS_ATTENTION");
    await screen.findByTestId("device-row-1");
    expect(calls.at(-1)?.get("health")).toBe("UNHEALTHY,NEEDS_ATTENTION");
    const chips = screen.getByLabelText("Active filters");
    expect(within(chips).getByText("Health: Unhealthy")).toBeTruthy();
    expect(within(chips).getByText("Health: Needs attention")).toBeTruthy();
  });

  it("speaks German", async () => {
    setLocaleSettings({ locale: "de" });
    renderGrid();
    const row = await screen.findByTestId("device-row-1");
    expect(within(row).getByText("Fehlerhaft")).toBeTruthy();
    expect(within(row).getByRole("img", { name: "Wartung" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Nach Zustand sortieren" })).toBeTruthy();
  });
});
