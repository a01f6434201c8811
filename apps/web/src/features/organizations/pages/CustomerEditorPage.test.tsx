import { afterEach, describe, expect, it, vi } from "vitest";
import { screen } from "@testing-library/react";
import type { Permission } from "@steward/contracts";
import { anOrganizationDetail } from "../../../test/fixtures";
import { adminUser, authenticatedSession, json, mockFetch, renderApp, signIn } from "../../../test/render";
import { CustomerEditorPage } from "./CustomerEditorPage";

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderEditor(user: { isSystemAdmin: boolean; permissions: Permission[] }) {
  mockFetch({ "GET /api/organizations/7": () => json(200, anOrganizationDetail({ id: 7, name: "Acme" })) });
  const result = renderApp(null, {
    routes: [{ path: "/editor/customer/*", element: <CustomerEditorPage /> }],
    initialPath: "/editor/customer/7/general",
  });
  signIn(result.queryClient, authenticatedSession({ user: { ...adminUser, ...user } }));
  return result;
}

describe("CustomerEditorPage tabs", () => {
  it("offers the Credentials tab to a user who manages credentials", async () => {
    renderEditor({ isSystemAdmin: false, permissions: ["organizations.read", "credentials.manage"] });
    expect(await screen.findByRole("tab", { name: "General" })).toBeTruthy();
    expect(screen.getByRole("tab", { name: "Credentials" })).toBeTruthy();
  });

  it("hides the Credentials tab from a user without credentials.manage", async () => {
    renderEditor({ isSystemAdmin: false, permissions: ["organizations.read", "organizations.write"] });
    expect(await screen.findByRole("tab", { name: "Locations" })).toBeTruthy();
    expect(screen.queryByRole("tab", { name: "Credentials" })).toBeNull();
  });

  it("offers it to a system administrator, who holds every permission", async () => {
    renderEditor({ isSystemAdmin: true, permissions: [] });
    expect(await screen.findByRole("tab", { name: "Credentials" })).toBeTruthy();
  });
});
