import { afterEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { DynamicPolicyView } from "@steward/contracts";
import { authenticatedSession, adminUser, json, mockFetch, renderApp, signIn } from "../../../test/render";
import { DynamicPoliciesPage, moved } from "./DynamicPoliciesPage";

afterEach(() => {
  vi.unstubAllGlobals();
});

const aDynamic = (over: Partial<DynamicPolicyView>): DynamicPolicyView => ({
  id: 1,
  name: "SQL servers",
  description: "",
  deviceClass: "WINDOWS_WORKSTATION",
  enabled: true,
  priority: 1,
  criteria: { tags: ["sql"] },
  sections: { agentSettings: { configure: true, items: { heartbeatSeconds: 30 } } },
  version: 1,
  deviceCount: 4,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
  ...over,
});

const three = [
  aDynamic({ id: 1, name: "First", priority: 1 }),
  aDynamic({ id: 2, name: "Second", priority: 2, enabled: false, sections: {} }),
  aDynamic({ id: 3, name: "Third", priority: 3, deviceCount: 1 }),
];

function renderPage(handlers: Parameters<typeof mockFetch>[0] = {}, permissions?: string[]) {
  const fetch = mockFetch({
    "GET /api/dynamic-policies": () => json(200, { items: three }),
    ...handlers,
  });
  const result = renderApp(<DynamicPoliciesPage />);
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

const requests = (fetch: ReturnType<typeof mockFetch>, method: string, path: string) =>
  fetch.mock.calls.filter(([url, init]) => String(url).includes(path) && (init?.method ?? "GET") === method);

describe("DynamicPoliciesPage", () => {
  it("lists a class's dynamic policies in priority order with criteria, sections, devices and a Disabled badge", async () => {
    renderPage();
    const table = await screen.findByRole("table", { name: "Dynamic policies in priority order" });
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows.map((r) => within(r).getAllByRole("cell")[1]!.textContent)).toEqual([
      "First",
      "SecondDisabled",
      "Third",
    ]);
    expect(within(rows[0]!).getByText("Agent settings")).toBeTruthy();
    expect(within(rows[0]!).getByText("4 devices")).toBeTruthy();
    expect(within(rows[1]!).getByText("Nothing yet")).toBeTruthy();
    expect(within(rows[2]!).getByText("1 device")).toBeTruthy();
  });

  it("moves a policy with the keyboard-reachable arrows and sends the class's whole new order", async () => {
    const { fetch, user } = renderPage({
      "PUT /api/dynamic-policies/order": ({ body }) => json(200, { items: three, echo: body }),
    });
    await screen.findByRole("table");
    // The first row offers no Move up, the last no Move down.
    expect(screen.queryByRole("button", { name: "Move First up" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Move Third down" })).toBeNull();
    await user.click(screen.getByRole("button", { name: "Move Third up" }));
    await waitFor(() => expect(requests(fetch, "PUT", "/dynamic-policies/order")).toHaveLength(1));
    const [, init] = requests(fetch, "PUT", "/dynamic-policies/order")[0]!;
    expect(JSON.parse(String(init!.body))).toEqual({ deviceClass: "WINDOWS_WORKSTATION", ids: [1, 3, 2] });
  });

  it("drops a dragged row at another place and saves that order", async () => {
    const { fetch } = renderPage({ "PUT /api/dynamic-policies/order": () => json(200, { items: three }) });
    const table = await screen.findByRole("table");
    const [first, , third] = within(table).getAllByRole("row").slice(1);
    fireEvent.dragStart(first!, { dataTransfer: { effectAllowed: "" } });
    fireEvent.dragOver(third!);
    fireEvent.drop(third!);
    await waitFor(() => expect(requests(fetch, "PUT", "/dynamic-policies/order")).toHaveLength(1));
    const [, init] = requests(fetch, "PUT", "/dynamic-policies/order")[0]!;
    expect(JSON.parse(String(init!.body)).ids).toEqual([2, 3, 1]);
  });

  it("creates one with a ticked section and its item", async () => {
    const { fetch, user } = renderPage({
      "POST /api/dynamic-policies": ({ body }) => json(201, aDynamic({ id: 9, ...(body as object) })),
    });
    await screen.findByRole("table");
    await user.click(screen.getByRole("button", { name: "New dynamic policy" }));
    const dialog = await screen.findByRole("dialog");
    await user.type(within(dialog).getByRole("textbox", { name: "Name" }), "Edge");
    await user.click(within(dialog).getByRole("checkbox", { name: "Configure Agent settings" }));
    await user.type(within(dialog).getByRole("textbox", { name: /Heartbeat/ }), "45");
    await user.click(within(dialog).getByRole("button", { name: "Create" }));
    await waitFor(() => expect(requests(fetch, "POST", "/dynamic-policies")).toHaveLength(1));
    const [, init] = requests(fetch, "POST", "/dynamic-policies")[0]!;
    expect(JSON.parse(String(init!.body))).toMatchObject({
      name: "Edge",
      deviceClass: "WINDOWS_WORKSTATION",
      enabled: true,
      criteria: {},
      sections: { agentSettings: { configure: true, items: { heartbeatSeconds: 45 } } },
    });
  });

  it("refuses an out-of-bounds item before sending, at the item", async () => {
    const { fetch, user } = renderPage();
    await screen.findByRole("table");
    await user.click(screen.getByRole("button", { name: "New dynamic policy" }));
    const dialog = await screen.findByRole("dialog");
    await user.type(within(dialog).getByRole("textbox", { name: "Name" }), "Edge");
    await user.click(within(dialog).getByRole("checkbox", { name: "Configure Agent settings" }));
    await user.type(within(dialog).getByRole("textbox", { name: /Heartbeat/ }), "1");
    await user.click(within(dialog).getByRole("button", { name: "Create" }));
    expect(await within(dialog).findByText(/at least 15|greater than or equal to 15/i)).toBeTruthy();
    expect(requests(fetch, "POST", "/dynamic-policies")).toHaveLength(0);
  });

  it("shows an empty state for a class without dynamic policies", async () => {
    renderPage({ "GET /api/dynamic-policies": () => json(200, { items: [] }) });
    expect(await screen.findByText("No dynamic policies for Windows workstation")).toBeTruthy();
  });

  it("shows the error state when the list cannot load", async () => {
    renderPage({
      "GET /api/dynamic-policies": () => json(500, { code: "E_INTERNAL", message: "boom", requestId: "r" }),
    });
    expect(await screen.findByText("Could not load dynamic policies")).toBeTruthy();
  });

  it("a reader sees the list without New, arrows or Delete", async () => {
    renderPage({}, ["policies.read"]);
    await screen.findByRole("table");
    expect(screen.queryByRole("button", { name: "New dynamic policy" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Move Second up" })).toBeNull();
    expect(screen.queryByRole("button", { name: /Delete/ })).toBeNull();
  });
});

describe("moved", () => {
  it("takes one id out and puts it at the new place", () => {
    expect(moved([1, 2, 3], 0, 2)).toEqual([2, 3, 1]);
    expect(moved([1, 2, 3], 2, 0)).toEqual([3, 1, 2]);
    expect(moved([1, 2, 3], 1, 1)).toEqual([1, 2, 3]);
  });
});
