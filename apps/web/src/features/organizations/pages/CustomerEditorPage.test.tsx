import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
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

describe("CustomerEditorPage Policies tab", () => {
  it("is offered to a user who reads policies and sets the organization's policy per device role", async () => {
    mockFetch({
      "GET /api/organizations/7": () => json(200, anOrganizationDetail({ id: 7, name: "Acme" })),
      "GET /api/policies": () => json(200, { items: [] }),
      "GET /api/organizations/7/policy-assignments": () =>
        json(200, {
          organizationId: 7,
          items: [
            {
              roleId: 1,
              roleName: "Windows Server",
              roleKey: "WINDOWS_SERVER",
              osFamily: "WINDOWS",
              policyId: null,
              policyName: null,
              policyDeviceClass: null,
            },
          ],
        }),
    });
    const result = renderApp(null, {
      routes: [{ path: "/editor/customer/*", element: <CustomerEditorPage /> }],
      initialPath: "/editor/customer/7/policies",
    });
    signIn(
      result.queryClient,
      authenticatedSession({
        user: { ...adminUser, isSystemAdmin: false, permissions: ["organizations.read", "policies.read"] },
      }),
    );
    const tab = await screen.findByRole("tab", { name: "Policies" });
    expect(tab.getAttribute("aria-selected")).toBe("true");
    expect(await screen.findByRole("textbox", { name: "Policy for Windows Server" })).toBeTruthy();
  });

  it("is hidden from a user without policies.read", async () => {
    renderEditor({ isSystemAdmin: false, permissions: ["organizations.read", "organizations.write"] });
    expect(await screen.findByRole("tab", { name: "Locations" })).toBeTruthy();
    expect(screen.queryByRole("tab", { name: "Policies" })).toBeNull();
  });
});

describe("CustomerEditorPage general form", () => {
  it("saves the changed details, shows a taken name under the field, and discards back to the saved ones", async () => {
    const sent: unknown[] = [];
    mockFetch({
      "GET /api/organizations/7": () => json(200, anOrganizationDetail({ id: 7, name: "Acme" })),
      "PATCH /api/organizations/7": ({ body }) => {
        sent.push(body);
        return (body as { name: string }).name === "Globex"
          ? json(409, { code: "E_ORGANIZATION_NAME_TAKEN", message: "taken", requestId: "r" })
          : json(200, { ...anOrganizationDetail({ id: 7 }), ...(body as object) });
      },
    });
    const result = renderApp(null, {
      routes: [{ path: "/editor/customer/*", element: <CustomerEditorPage /> }],
      initialPath: "/editor/customer/7/general",
    });
    signIn(result.queryClient, authenticatedSession());
    const user = userEvent.setup();
    const name = (await screen.findByLabelText(/^Name/)) as HTMLInputElement;

    await user.clear(name);
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Mandatory value is undefined. Please enter a value.")).toBeTruthy();
    expect(sent).toEqual([]);

    await user.type(name, "Globex");
    await user.click(screen.getByLabelText("Manual"));
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("An organization with this name already exists")).toBeTruthy();
    expect(sent).toEqual([{ name: "Globex", description: "", nodeApprovalMode: "MANUAL" }]);

    await user.click(screen.getByRole("button", { name: "Discard changes" }));
    await waitFor(() => expect(name.value).toBe("Acme"));
    expect(screen.queryByText("An organization with this name already exists")).toBeNull();
    expect((screen.getByLabelText("Automatic") as HTMLInputElement).checked).toBe(true);
  });
});
