import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { builtInSearchNames, builtInSearches } from "@steward/domain";
import { authenticatedSession, json, mockFetch, renderApp, signIn } from "../../../test/render";
import { aDevice } from "../../../test/fixtures";
import { DeviceSearchPage } from "./DeviceSearchPage";
import { GroupsPage } from "./GroupsPage";

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

const XSS = '<img src=x onerror="alert(1)">';

function renderSearch(path: string, handlers: Parameters<typeof mockFetch>[0] = {}) {
  const listCalls: URLSearchParams[] = [];
  const fetchMock = mockFetch({
    "GET /api/devices": ({ url }) => {
      listCalls.push(url.searchParams);
      return json(200, {
        items: [
          aDevice({ id: 1, hostname: XSS }),
          aDevice({ id: 2, hostname: "sim-07", simulated: true, status: "DOWN" }),
        ],
        total: 2,
        page: 1,
        pageSize: 50,
      });
    },
    "GET /api/organizations": () => json(200, { items: [], total: 0, page: 1, pageSize: 500 }),
    "GET /api/device-roles": () => json(200, { items: [] }),
    "GET /api/groups": () => json(200, { items: [] }),
    "GET /api/custom-fields": () => json(200, { globalCustomFields: [], roleCustomFields: [] }),
    ...handlers,
  });
  const result = renderApp(null, {
    routes: [{ path: "/deviceSearch", element: <DeviceSearchPage /> }],
    initialPath: path,
  });
  signIn(result.queryClient, authenticatedSession());
  return { ...result, fetchMock, listCalls, user: userEvent.setup() };
}

describe("DeviceSearchPage", () => {
  it("asks the server with the URL's filters and renders agent-reported names as text", async () => {
    const { listCalls } = renderSearch("/deviceSearch?status=DOWN&os=LINUX&sort=-lastContact");
    const row = await screen.findByTestId("device-row-1");
    expect(within(row).getByText(XSS)).toBeTruthy();
    expect(row.querySelector("img")).toBeNull();
    expect(within(screen.getByTestId("device-row-2")).getByText("Simulated")).toBeTruthy();
    expect(within(row).queryByText("Simulated")).toBeNull();
    const params = listCalls[0]!;
    expect(params.get("status")).toBe("DOWN");
    expect(params.get("os")).toBe("LINUX");
    expect(params.get("sort")).toBe("-lastContact");
    expect(params.get("page")).toBe("1");
    expect(screen.getByRole("button", { name: "Remove filter Status: Down" })).toBeTruthy();
  });

  it("offers exactly the built-in searches of the domain and sends the chosen one", async () => {
    const { user, listCalls } = renderSearch("/deviceSearch");
    await screen.findByTestId("device-row-1");
    await user.click(screen.getByRole("textbox", { name: "Search" }));
    const options = await screen.findAllByRole("option");
    expect(options.map((o) => o.textContent)).toEqual(
      builtInSearchNames.map((n) => builtInSearches[n].label),
    );
    expect(options.map((o) => o.textContent)).toEqual([
      "All devices",
      "Up",
      "Down",
      "Warning",
      "Software inventory",
      "Low disk space",
      "Failed patches",
      "Network devices",
      "Needs reboot",
      "Install issues",
      "Unhealthy devices",
      "Needs attention",
      "Outdated agents",
    ]);
    await user.click(screen.getByRole("option", { name: "Low disk space" }));
    await waitFor(() => expect(listCalls.at(-1)?.get("builtIn")).toBe("LOW_DISK_SPACE"));
  });

  it("adds a tag to the selected devices, refusing a tag with a space with the spec's message", async () => {
    let sent: unknown;
    const { user } = renderSearch("/deviceSearch", {
      "POST /api/search/runner/execute-action": ({ body }) => {
        sent = body;
        return json(200, { resultCode: "SUCCESS", action: "ADD_TAG", matched: 1, count: 1 });
      },
    });
    await screen.findByTestId("device-row-2");
    await user.click(screen.getByRole("checkbox", { name: "Select sim-07" }));
    const bar = screen.getByTestId("bulk-actions");
    expect(within(bar).getByText("1 device selected")).toBeTruthy();
    await user.click(within(bar).getByRole("button", { name: "Actions" }));
    await user.click(await screen.findByRole("menuitem", { name: "Add tag" }));
    const dialog = await screen.findByRole("dialog");
    await user.type(within(dialog).getByLabelText(/^Tag/), "two words");
    await user.click(within(dialog).getByRole("button", { name: "Add tag" }));
    expect(await within(dialog).findByText("Tag cannot contain spaces")).toBeTruthy();
    expect(sent).toBeUndefined();

    await user.clear(within(dialog).getByLabelText(/^Tag/));
    await user.type(within(dialog).getByLabelText(/^Tag/), "kiosk");
    await user.click(within(dialog).getByRole("button", { name: "Add tag" }));
    await waitFor(() => expect(sent).toEqual({ action: "ADD_TAG", data: { nodeIds: [2], tag: "kiosk" } }));
  });

  it("deletes selected devices only after a confirmation, and never without a selection", async () => {
    const sent: unknown[] = [];
    const { user } = renderSearch("/deviceSearch", {
      "POST /api/search/runner/execute-action": ({ body }) => {
        sent.push(body);
        return json(200, { resultCode: "SUCCESS", action: "DELETE", matched: 1, count: 1 });
      },
    });
    await screen.findByTestId("device-row-2");
    // Nothing selected: no bulk actions to run.
    expect(screen.queryByTestId("bulk-actions")).toBeNull();
    await user.click(screen.getByRole("checkbox", { name: "Select sim-07" }));
    const bar = screen.getByTestId("bulk-actions");
    await user.click(within(bar).getByRole("button", { name: "Actions" }));
    await user.click(await screen.findByRole("menuitem", { name: "Delete" }));
    let dialog = await screen.findByRole("dialog", { name: "Delete devices" });
    expect(within(dialog).getByText(/^Delete 1 device\?/)).toBeTruthy();
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Delete devices" })).toBeNull());
    expect(sent).toEqual([]);

    await user.click(within(bar).getByRole("button", { name: "Actions" }));
    await user.click(await screen.findByRole("menuitem", { name: "Delete" }));
    dialog = await screen.findByRole("dialog", { name: "Delete devices" });
    await user.click(within(dialog).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(sent).toEqual([{ action: "DELETE", data: { nodeIds: [2] } }]));
  });

  it("says so when a delete would take every device (all matching, no filter)", async () => {
    const { user } = renderSearch("/deviceSearch", {
      "GET /api/devices": () =>
        json(200, {
          items: [aDevice({ id: 1, hostname: "pc-01" }), aDevice({ id: 2, hostname: "pc-02" })],
          total: 120,
          page: 1,
          pageSize: 50,
        }),
    });
    await screen.findByTestId("device-row-2");
    await user.click(screen.getByRole("checkbox", { name: "Select pc-01" }));
    await user.click(screen.getByRole("checkbox", { name: "Select pc-02" }));
    await user.click(await screen.findByRole("button", { name: "Select all 120 matching devices" }));
    const bar = screen.getByTestId("bulk-actions");
    await user.click(within(bar).getByRole("button", { name: "Actions" }));
    await user.click(await screen.findByRole("menuitem", { name: "Delete" }));
    const dialog = await screen.findByRole("dialog", { name: "Delete devices" });
    expect(within(dialog).getByText(/^Delete every device you manage \(120 devices\)\?/)).toBeTruthy();
  });

  it("links the CSV export with the current filters and visible columns", async () => {
    renderSearch("/deviceSearch?status=UP");
    await screen.findByTestId("device-row-1");
    const link = screen.getByRole("link", { name: "Export CSV" });
    const href = new URL(link.getAttribute("href")!, "http://x");
    expect(href.pathname).toBe("/api/devices/export.csv");
    expect(href.searchParams.get("status")).toBe("UP");
    expect(href.searchParams.get("columns")?.split(",")[0]).toBe("id");
  });
});

describe("GroupsPage", () => {
  it('says exactly "Error fetching groups" when the groups cannot be loaded', async () => {
    mockFetch({
      "GET /api/groups": () => json(500, { code: "E_INTERNAL", message: "boom", requestId: "r1" }),
    });
    const result = renderApp(<GroupsPage />);
    signIn(result.queryClient, authenticatedSession());
    expect(await screen.findByText("Error fetching groups")).toBeTruthy();
  });
});
