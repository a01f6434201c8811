import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { Organization } from "@steward/contracts";
import { messages } from "@steward/domain";
import { authenticatedSession, json, mockFetch, renderApp, signIn } from "../../../test/render";
import { OrganizationsPage } from "./OrganizationsPage";

afterEach(() => {
  vi.unstubAllGlobals();
});

const acme: Organization = {
  id: 7,
  name: "Acme <script>alert(1)</script>",
  description: "Widgets",
  nodeApprovalMode: "MANUAL",
  locationCount: 2,
  deviceCount: 0,
  createdAt: "2025-11-22T09:00:00.000Z",
  updatedAt: "2025-11-22T09:00:00.000Z",
};

function renderPage(handlers: Parameters<typeof mockFetch>[0]) {
  const fetchMock = mockFetch(handlers);
  const result = renderApp(<OrganizationsPage />, { initialPath: "/administration/customers/organizations" });
  signIn(result.queryClient, authenticatedSession());
  return { ...result, fetchMock, user: userEvent.setup() };
}

describe("OrganizationsPage", () => {
  it("lists organizations with names as text, and searches on the server", async () => {
    const searches: Array<string | null> = [];
    const { user, container } = renderPage({
      "GET /api/organizations": ({ url }) => {
        searches.push(url.searchParams.get("search"));
        return json(200, { items: [acme], total: 1, page: 1, pageSize: 25 });
      },
    });
    expect(await screen.findByRole("link", { name: acme.name })).toBeTruthy();
    expect(container.querySelector("script")).toBeNull();
    await user.type(screen.getByLabelText("Search organizations"), "acm");
    await waitFor(() => expect(searches).toContain("acm"));
  });

  it("says what to do when there are none", async () => {
    renderPage({ "GET /api/organizations": () => json(200, { items: [], total: 0, page: 1, pageSize: 25 }) });
    expect(await screen.findByText("No organizations yet")).toBeTruthy();
  });

  it("shows a load failure with a retry", async () => {
    let calls = 0;
    const { user } = renderPage({
      "GET /api/organizations": () => {
        calls += 1;
        return calls === 1
          ? json(500, { code: "E_INTERNAL", message: "boom", requestId: "r-1" })
          : json(200, { items: [acme], total: 1, page: 1, pageSize: 25 });
      },
    });
    expect(await screen.findByText("Could not load organizations")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("link", { name: acme.name })).toBeTruthy();
  });

  it("creates an organization with an extra location", async () => {
    let created: unknown;
    const { user } = renderPage({
      "GET /api/organizations": () => json(200, { items: [], total: 0, page: 1, pageSize: 25 }),
      "POST /api/organizations": ({ body }) => {
        created = body;
        return json(201, { ...acme, name: "Globex", locations: [] });
      },
    });
    await user.click(await screen.findByRole("button", { name: "New organization" }));
    const dialog = await screen.findByRole("dialog", { name: "New organization" });
    await user.click(within(dialog).getByRole("button", { name: "Create organization" }));
    expect(within(dialog).getByText(messages.mandatory)).toBeTruthy();

    await user.type(within(dialog).getByLabelText(/^Name/), "Globex");
    await user.click(within(dialog).getByLabelText("Manual"));
    await user.click(within(dialog).getByRole("button", { name: "Add location" }));
    await user.type(within(dialog).getByLabelText("Location name"), "Main office");
    await user.click(within(dialog).getByRole("button", { name: "Create organization" }));
    // "Main Office" exists in every organization (names compare without case).
    expect(within(dialog).getByText("Another location already has this name")).toBeTruthy();
    await user.clear(within(dialog).getByLabelText("Location name"));
    await user.type(within(dialog).getByLabelText("Location name"), "Warehouse");
    await user.click(within(dialog).getByRole("button", { name: "Create organization" }));

    await waitFor(() =>
      expect(created).toEqual({
        name: "Globex",
        description: "",
        nodeApprovalMode: "MANUAL",
        locations: [{ name: "Warehouse", address: "", description: "" }],
      }),
    );
    expect(await screen.findByText('Organization "Globex" created')).toBeTruthy();
  });

  it("asks before deleting", async () => {
    const deleted: string[] = [];
    const { user } = renderPage({
      "GET /api/organizations": () => json(200, { items: [acme], total: 1, page: 1, pageSize: 25 }),
      "DELETE /api/organizations/7": ({ url }) => {
        deleted.push(url.pathname);
        return new Response(null, { status: 204 });
      },
    });
    await user.click(await screen.findByRole("button", { name: `Delete ${acme.name}` }));
    const dialog = await screen.findByRole("dialog", { name: "Delete organization" });
    expect(deleted).toEqual([]);
    await user.click(within(dialog).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(deleted).toEqual(["/api/organizations/7"]));
  });
});
