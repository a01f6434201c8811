import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { OrganizationDetail, OrganizationPolicyAssignments } from "@steward/contracts";
import { setLocaleSettings } from "../../../i18n";
import { authenticatedSession, json, mockFetch, renderApp, signIn } from "../../../test/render";
import { aPolicy } from "../test-fixtures";
import { OrganizationPoliciesPanel } from "./OrganizationPoliciesPanel";

afterEach(() => {
  vi.unstubAllGlobals();
});

const organization = {
  id: 7,
  name: "Acme",
  locations: [
    { id: 70, name: "Head office" },
    { id: 71, name: "Warehouse" },
  ],
} as unknown as OrganizationDetail;

const policies = [
  aPolicy({ id: 1, name: "Office PCs", deviceClass: "WINDOWS_WORKSTATION" }),
  aPolicy({ id: 2, name: "Domain controllers", deviceClass: "WINDOWS_SERVER" }),
  aPolicy({ id: 3, name: "Web servers", deviceClass: "LINUX_SERVER" }),
  aPolicy({ id: 4, name: "Developer laptops", deviceClass: "LINUX_WORKSTATION" }),
];

const assignments: OrganizationPolicyAssignments = {
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
    {
      roleId: 9,
      roleName: "Lab machines",
      roleKey: null,
      osFamily: "LINUX",
      policyId: 4,
      policyName: "Developer laptops",
      policyDeviceClass: "LINUX_WORKSTATION",
    },
  ],
};

function renderPanel(handlers: Parameters<typeof mockFetch>[0] = {}) {
  mockFetch({
    "GET /api/policies": () => json(200, { items: policies }),
    "GET /api/organizations/7/policy-assignments": () => json(200, assignments),
    "GET /api/organizations/7/locations/70/policy-overrides": () =>
      json(200, { organizationId: 7, locationId: 70, items: [] }),
    "GET /api/organizations/7/locations/71/policy-overrides": () =>
      json(200, {
        organizationId: 7,
        locationId: 71,
        items: [{ deviceClass: "LINUX_SERVER", policyId: 3, policyName: "Web servers" }],
      }),
    ...handlers,
  });
  const result = renderApp(<OrganizationPoliciesPanel organization={organization} canWrite />);
  signIn(result.queryClient, authenticatedSession());
  return { ...result, user: userEvent.setup() };
}

const optionTexts = async () => (await screen.findAllByRole("option")).map((o) => o.textContent);

describe("OrganizationPoliciesPanel", () => {
  it("offers each role only policies of its class and saves the organization's policy per role", async () => {
    let put: unknown;
    const { user } = renderPanel({
      "PUT /api/organizations/7/policy-assignments": ({ body }) => {
        put = body;
        return json(200, assignments);
      },
    });
    const server = await screen.findByRole("textbox", { name: "Policy for Windows Server" });
    expect((server as HTMLInputElement).value).toBe("The device class's Default policy");
    await user.click(server);
    expect(await optionTexts()).toEqual(["The device class's Default policy", "Domain controllers"]);
    await user.click(screen.getByRole("option", { name: "Domain controllers" }));

    // A technician's own Linux role may be either Linux class: both are offered.
    const lab = screen.getByRole("textbox", { name: "Policy for Lab machines" });
    expect((lab as HTMLInputElement).value).toBe("Developer laptops");
    await user.click(lab);
    expect(await optionTexts()).toEqual([
      "The device class's Default policy",
      "Developer laptops",
      "Web servers",
    ]);
    // Under their class's name.
    expect(within(screen.getByRole("listbox")).getByText("Linux workstation")).toBeTruthy();
    await user.keyboard("{Escape}");

    const roles = screen.getByRole("table", { name: "Policies per device role" });
    expect(within(roles).getByText("Windows")).toBeTruthy();
    await user.click(screen.getAllByRole("button", { name: "Save" })[0]!);
    await waitFor(() =>
      expect(put).toEqual({
        assignments: [
          { roleId: 1, policyId: 2 },
          { roleId: 9, policyId: 4 },
        ],
      }),
    );
    expect(await screen.findByText("Policy assignments saved")).toBeTruthy();
  });

  it("sets a location's policy per device class, the others following the organization", async () => {
    let put: unknown;
    const { user } = renderPanel({
      "PUT /api/organizations/7/locations/71/policy-overrides": ({ body }) => {
        put = body;
        return json(200, { organizationId: 7, locationId: 71, items: [] });
      },
    });
    await user.click(await screen.findByRole("textbox", { name: "Location" }));
    await user.click(await screen.findByRole("option", { name: "Warehouse" }));
    const linuxServer = await screen.findByRole("textbox", { name: "Linux server" });
    await waitFor(() => expect((linuxServer as HTMLInputElement).value).toBe("Web servers"));
    expect((screen.getByRole("textbox", { name: "Windows server" }) as HTMLInputElement).value).toBe(
      "Follow the organization",
    );
    await user.click(screen.getByRole("textbox", { name: "Windows workstation" }));
    expect(await optionTexts()).toEqual(["Follow the organization", "Office PCs"]);
    await user.click(screen.getByRole("option", { name: "Office PCs" }));
    await user.click(screen.getAllByRole("button", { name: "Save" })[1]!);
    await waitFor(() =>
      expect(put).toEqual({
        overrides: [
          { deviceClass: "WINDOWS_WORKSTATION", policyId: 1 },
          { deviceClass: "LINUX_SERVER", policyId: 3 },
        ],
      }),
    );
  });

  it("shows the server's refusal and a load failure", async () => {
    const { user } = renderPanel({
      "PUT /api/organizations/7/policy-assignments": () =>
        json(400, {
          code: "E_POLICY_WRONG_CLASS",
          message: 'The policy "Domain controllers" is not for the role\'s operating system',
          messageId: "errors.policies.wrongOsFamily",
          messageValues: { name: "Domain controllers" },
          requestId: "r",
        }),
      "GET /api/organizations/7/locations/70/policy-overrides": () =>
        json(500, { code: "E_INTERNAL", message: "boom", requestId: "r2" }),
    });
    await user.click(await screen.findByRole("textbox", { name: "Policy for Windows Server" }));
    await user.click(await screen.findByRole("option", { name: "Domain controllers" }));
    await user.click(screen.getAllByRole("button", { name: "Save" })[0]!);
    expect(
      await screen.findByText('The policy "Domain controllers" is not for the role\'s operating system'),
    ).toBeTruthy();
    expect(screen.getByText("Could not load the location overrides")).toBeTruthy();
  });

  it("speaks German", async () => {
    setLocaleSettings({ locale: "de" });
    renderPanel();
    expect(await screen.findByRole("table", { name: "Richtlinien je Geräterolle" })).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Richtlinie je Geräterolle" })).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Abweichungen je Standort" })).toBeTruthy();
    expect(
      (screen.getByRole("textbox", { name: "Richtlinie für Windows Server" }) as HTMLInputElement).value,
    ).toBe("Die Standardrichtlinie der Geräteklasse");
    expect(await screen.findByRole("textbox", { name: "Linux-Server" })).toBeTruthy();
  });
});
