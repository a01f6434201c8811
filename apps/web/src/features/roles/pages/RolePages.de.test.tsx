import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { permissionGroups, type TechnicianRole } from "@steward/contracts";
import { setLocaleSettings } from "../../../i18n";
import { adminUser, authenticatedSession, json, mockFetch, renderApp, signIn } from "../../../test/render";
import { expectNoEnglish } from "../../../test/german";
import { permissionAreaLabels } from "../permission-labels";
import { RoleEditorPage } from "./RoleEditorPage";
import { TechnicianRolesPage } from "./TechnicianRolesPage";

afterEach(() => {
  vi.unstubAllGlobals();
});

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

function renderAt(path: string, handlers: Parameters<typeof mockFetch>[0]) {
  mockFetch({
    "GET /api/organizations": () =>
      json(200, { items: [{ id: 11, name: "Acme" }], total: 1, page: 1, pageSize: 500 }),
    ...handlers,
  });
  const result = renderApp(null, {
    routes: [
      { path: "/editor/role/:id/*", element: <RoleEditorPage /> },
      { path: "/roles", element: <TechnicianRolesPage /> },
    ],
    initialPath: path,
  });
  signIn(result.queryClient, authenticatedSession({ user: adminUser }));
  return { ...result, user: userEvent.setup() };
}

describe("technician roles in German", () => {
  it("lists roles with German headings, scope, counts in German format and the built-in badge", async () => {
    setLocaleSettings({ locale: "de" });
    renderAt("/roles", {
      "GET /api/technician-roles": () =>
        json(200, {
          items: [
            role({ id: 2, name: "Helpdesk", builtIn: true, allOrganizations: true, organizations: [] }),
            role({ hiddenOrganizationCount: 3, holderCount: 1500 }),
          ],
        }),
    });
    const table = await screen.findByRole("table");
    expect(screen.getByRole("heading", { name: "Technikerrollen" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Neue Rolle" })).toBeTruthy();
    for (const heading of ["Name", "Berechtigungen", "Organisationen", "Techniker"])
      expect(within(table).getByText(heading)).toBeTruthy();
    expect(within(table).getByText("Alle Organisationen")).toBeTruthy();
    expect(within(table).getByText("Acme, 3 weitere")).toBeTruthy();
    expect(within(table).getByText("1.500")).toBeTruthy();
    expect(within(table).getByText("Integriert")).toBeTruthy();
    expect(within(table).getByRole("button", { name: "Helpdesk kopieren" })).toBeTruthy();
    expectNoEnglish(document.body, "roles.");
  });

  it("edits a role in German: permissions by area, scope, holders and the hidden organizations", async () => {
    setLocaleSettings({ locale: "de" });
    const { user } = renderAt("/editor/role/7/general", {
      "GET /api/technician-roles/7": () => json(200, role({ hiddenOrganizationCount: 1, holderCount: 1 })),
    });
    expect(await screen.findByRole("heading", { name: "Org A helpdesk" })).toBeTruthy();
    expect(screen.getByText("Zugewiesen an 1 Techniker")).toBeTruthy();
    expect(screen.getByText("Berechtigungen")).toBeTruthy();
    expect(screen.getByText("Skripte und Aufträge")).toBeTruthy();
    expect(screen.getByRole("checkbox", { name: /Geräte anzeigen/ })).toHaveProperty("checked", true);
    expect(screen.getByRole("radio", { name: "Ausgewählte Organisationen" })).toHaveProperty("checked", true);
    expect(screen.getByText("Gilt auch in 1 Organisation, die Sie nicht sehen.")).toBeTruthy();
    expectNoEnglish(document.body, "roles.");

    // No permission left: the contract's message, in German.
    await user.click(screen.getByRole("checkbox", { name: /Geräte anzeigen/ }));
    await user.click(screen.getByRole("button", { name: "Speichern" }));
    expect(await screen.findByText("Wählen Sie mindestens eine Berechtigung")).toBeTruthy();
  });
});

describe("permission areas", () => {
  // The contracts name the areas in English; each must have a text of the catalogue.
  it("have a translated name for every area the role editor groups permissions under", () => {
    expect(permissionGroups.map((g) => g.area).filter((area) => !(area in permissionAreaLabels))).toEqual([]);
  });
});
