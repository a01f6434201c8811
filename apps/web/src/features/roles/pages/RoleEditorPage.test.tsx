import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { TechnicianRole } from "@steward/contracts";
import { adminUser, authenticatedSession, json, mockFetch, renderApp, signIn } from "../../../test/render";
import { RoleEditorPage } from "./RoleEditorPage";
import { TechnicianRolesPage } from "./TechnicianRolesPage";

afterEach(() => {
  vi.unstubAllGlobals();
});

const organizations = {
  items: [
    { id: 11, name: "Acme" },
    { id: 12, name: "Globex" },
  ],
  total: 2,
  page: 1,
  pageSize: 500,
};

const role = (overrides: Partial<TechnicianRole>): TechnicianRole => ({
  id: 7,
  name: "Org A helpdesk",
  description: "",
  permissions: ["devices.read"],
  allOrganizations: false,
  organizations: [{ id: 11, name: "Acme" }],
  hiddenOrganizationCount: 0,
  builtIn: false,
  holderCount: 2,
  createdAt: "2025-11-22T09:00:00.000Z",
  updatedAt: "2025-11-22T09:00:00.000Z",
  ...overrides,
});

function renderAt(path: string, handlers: Parameters<typeof mockFetch>[0], permissions?: string[]) {
  const fetchMock = mockFetch({ "GET /api/organizations": () => json(200, organizations), ...handlers });
  const result = renderApp(null, {
    routes: [
      { path: "/editor/role/:id/*", element: <RoleEditorPage /> },
      { path: "/administration/users/technicianRoles", element: <TechnicianRolesPage /> },
    ],
    initialPath: path,
  });
  const user = permissions
    ? { ...adminUser, isSystemAdmin: false, permissions: permissions as typeof adminUser.permissions }
    : adminUser;
  signIn(result.queryClient, authenticatedSession({ user }));
  return { ...result, fetchMock, user: userEvent.setup() };
}

describe("RoleEditorPage", () => {
  it("creates a role limited to selected organizations, with permissions picked by their labels", async () => {
    let sent: unknown;
    const { user, router } = renderAt("/editor/role/new/general", {
      "POST /api/technician-roles": ({ body }) => {
        sent = body;
        return json(201, role({ id: 31, name: "Backup desk" }));
      },
      "GET /api/technician-roles/31": () => json(200, role({ id: 31, name: "Backup desk" })),
    });
    await user.type(await screen.findByLabelText(/^Name/), "Backup desk");
    // Nothing chosen yet: the contract's messages, and nothing is sent.
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Choose at least one permission")).toBeTruthy();
    expect(sent).toBeUndefined();

    await user.click(screen.getByRole("checkbox", { name: /View and restore backup data/ }));
    await user.click(screen.getByRole("checkbox", { name: /View devices/ }));
    expect(screen.getByRole("checkbox", { name: /View and manage backup data/ })).toBeTruthy();
    await user.click(screen.getByRole("radio", { name: "Selected organizations" }));
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Choose at least one organization")).toBeTruthy();
    expect(sent).toBeUndefined();

    await user.click(screen.getByRole("textbox", { name: /Selected organizations/ }));
    await user.click(await screen.findByRole("option", { name: "Globex" }));
    await user.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() =>
      expect(sent).toEqual({
        name: "Backup desk",
        description: "",
        permissions: ["backup.viewAndRestore", "devices.read"],
        allOrganizations: false,
        organizationIds: [12],
      }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe("/editor/role/31/general"));
  });

  it("sends only what changed, and shows a refused grant as the server says it", async () => {
    const bodies: unknown[] = [];
    const { user } = renderAt("/editor/role/7/general", {
      "GET /api/technician-roles/7": () => json(200, role({})),
      "PATCH /api/technician-roles/7": ({ body }) => {
        bodies.push(body);
        return json(403, {
          code: "E_ROLE_EXCEEDS_GRANTS",
          message:
            "You cannot change a role with permissions you do not hold in all of its organizations: jobs.run",
          requestId: "t",
        });
      },
    });
    const name = await screen.findByLabelText(/^Name/);
    expect((name as HTMLInputElement).value).toBe("Org A helpdesk");
    expect(screen.getByRole("radio", { name: "Selected organizations" })).toHaveProperty("checked", true);
    await user.click(screen.getByRole("checkbox", { name: /Run scripts and actions on devices/ }));
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText(/do not hold in all of its organizations: jobs.run/)).toBeTruthy();
    expect(bodies).toEqual([{ permissions: ["devices.read", "jobs.run"] }]);
  });

  it("opens a built-in role read-only and copies it", async () => {
    let copied = false;
    const builtIn = role({
      id: 2,
      name: "Helpdesk",
      builtIn: true,
      allOrganizations: true,
      organizations: [],
    });
    const { user, router } = renderAt("/editor/role/2/general", {
      "GET /api/technician-roles/2": () => json(200, builtIn),
      "POST /api/technician-roles/2/copy": () => {
        copied = true;
        return json(
          201,
          role({ id: 40, name: "Copy of Helpdesk", allOrganizations: true, organizations: [] }),
        );
      },
      "GET /api/technician-roles/40": () =>
        json(200, role({ id: 40, name: "Copy of Helpdesk", allOrganizations: true, organizations: [] })),
    });
    expect(await screen.findByText(/Built-in roles are templates and cannot be changed/)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Save" })).toBeNull();
    expect(screen.getByRole("checkbox", { name: /View devices/ })).toHaveProperty("disabled", true);
    expect(screen.getByLabelText(/^Name/)).toHaveProperty("readOnly", true);
    await user.click(screen.getByRole("button", { name: "Copy" }));
    await waitFor(() => expect(copied).toBe(true));
    await waitFor(() => expect(router.state.location.pathname).toBe("/editor/role/40/general"));
  });

  it("shows a custom role read-only to a technician who may only read roles", async () => {
    renderAt("/editor/role/7/general", { "GET /api/technician-roles/7": () => json(200, role({})) }, [
      "technicians.read",
    ]);
    expect(((await screen.findByLabelText(/^Name/)) as HTMLInputElement).readOnly).toBe(true);
    expect(screen.queryByRole("button", { name: "Save" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Copy" })).toBeNull();
    expect(screen.getByRole("checkbox", { name: /View devices/ })).toHaveProperty("disabled", true);
  });

  it("shows a role that does not exist", async () => {
    renderAt("/editor/role/99/general", {
      "GET /api/technician-roles/99": () =>
        json(404, { code: "E_ROLE_NOT_FOUND", message: "No such role", requestId: "t" }),
    });
    expect(await screen.findByText("This role does not exist")).toBeTruthy();
  });
});

describe("TechnicianRolesPage", () => {
  it("lists roles with their scope, permission count, holders and the built-in badge; readers get no actions", async () => {
    renderAt(
      "/administration/users/technicianRoles",
      {
        "GET /api/technician-roles": () =>
          json(200, {
            items: [
              role({ id: 2, name: "Helpdesk", builtIn: true, allOrganizations: true, organizations: [] }),
              role({ hiddenOrganizationCount: 1, permissions: ["devices.read", "jobs.run"] }),
            ],
          }),
      },
      ["technicians.read"],
    );
    expect(await screen.findByText("All organizations")).toBeTruthy();
    expect(screen.getByText("Acme, 1 more")).toBeTruthy();
    expect(screen.getByText("Built-in")).toBeTruthy();
    expect(screen.queryByRole("button", { name: /Delete/ })).toBeNull();
    expect(screen.queryByRole("link", { name: "New role" })).toBeNull();
  });

  it("asks before deleting a role", async () => {
    const deleted: string[] = [];
    const { user } = renderAt("/administration/users/technicianRoles", {
      "GET /api/technician-roles": () => json(200, { items: [role({})] }),
      "DELETE /api/technician-roles/7": ({ url }) => {
        deleted.push(url.pathname);
        return new Response(null, { status: 204 });
      },
    });
    await user.click(await screen.findByRole("button", { name: "Delete Org A helpdesk" }));
    const dialog = await screen.findByRole("dialog");
    expect(deleted).toEqual([]);
    await user.click(
      (await screen.findAllByRole("button", { name: "Delete" })).find((b) => dialog.contains(b))!,
    );
    await waitFor(() => expect(deleted).toEqual(["/api/technician-roles/7"]));
  });
});
