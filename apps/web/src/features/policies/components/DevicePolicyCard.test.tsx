import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { EffectivePolicy } from "@steward/contracts";
import { setLocaleSettings } from "../../../i18n";
import { authenticatedSession, json, mockFetch, renderApp, signIn } from "../../../test/render";
import { aPolicy } from "../test-fixtures";
import { DevicePolicyCard } from "./DevicePolicyCard";

afterEach(() => {
  vi.unstubAllGlobals();
});

const fromRole: EffectivePolicy = {
  deviceId: 5,
  deviceClass: "LINUX_SERVER",
  policy: { id: 3, name: "Web servers", isDefault: false, enabled: true },
  source: "ORGANIZATION_ROLE",
  enforced: true,
  version: 4,
  sections: {},
};

function renderCard(effective: EffectivePolicy, handlers: Parameters<typeof mockFetch>[0] = {}) {
  const fetch = mockFetch({
    "GET /api/devices/5/effective-policy": () => json(200, current ?? effective),
    "GET /api/policies": () =>
      json(200, {
        items: [
          aPolicy({ id: 3, name: "Web servers", deviceClass: "LINUX_SERVER" }),
          aPolicy({ id: 6, name: "Databases", deviceClass: "LINUX_SERVER" }),
        ],
      }),
    ...handlers,
  });
  const result = renderApp(<DevicePolicyCard deviceId={5} canManage />);
  signIn(result.queryClient, authenticatedSession());
  return { ...result, fetch, user: userEvent.setup() };
}

/** What the server answers after a change. */
let current: EffectivePolicy | null = null;

afterEach(() => {
  current = null;
});

describe("DevicePolicyCard", () => {
  it("names the dynamic policies the device matches and the item each one sets", async () => {
    renderCard({
      ...fromRole,
      dynamicPolicies: [{ id: 8, name: "Edge boxes", priority: 1 }],
      sections: {
        agentSettings: {
          heartbeatSeconds: {
            value: 30,
            state: "INHERITED",
            sourcePolicyId: null,
            sourcePolicyName: null,
            sourceDynamicPolicyId: 8,
            sourceDynamicPolicyName: "Edge boxes",
          },
          metricIntervalSeconds: {
            value: 60,
            state: "INHERITED",
            sourcePolicyId: null,
            sourcePolicyName: null,
            sourceDynamicPolicyId: null,
            sourceDynamicPolicyName: null,
          },
        },
      },
    });
    expect(await screen.findByText("Dynamic policies: Edge boxes")).toBeTruthy();
    expect(screen.getByText(/: From dynamic policy Edge boxes$/).textContent).toMatch(/^Heartbeat/);
    expect(screen.getAllByText(/From dynamic policy/)).toHaveLength(1);
    expect(screen.getByText(/^Metric interval/).textContent).toMatch(/: Default$/);
  });

  it("lists the items of the device's merged policy, each with the policy or dynamic policy that set it", async () => {
    const automation = (name: string, enabled = true) => ({ name, scriptId: 1, enabled });
    renderCard({
      ...fromRole,
      dynamicPolicies: [{ id: 8, name: "Edge boxes", priority: 1 }],
      sections: {
        automations: {
          cleanup: {
            value: automation("Nightly cleanup"),
            state: "INHERITED",
            sourcePolicyId: 2,
            sourcePolicyName: "All servers",
            sourceDynamicPolicyId: null,
            sourceDynamicPolicyName: null,
          },
          report: {
            value: automation("Disk report", false),
            state: "INHERITED",
            sourcePolicyId: null,
            sourcePolicyName: null,
            sourceDynamicPolicyId: 8,
            sourceDynamicPolicyName: "Edge boxes",
          },
        },
      },
    });
    const list = await screen.findByTestId("device-policy-automations");
    expect(list.textContent).toContain("Scheduled automations");
    expect(within(list).getByText(/^Nightly cleanup/).textContent).toBe(
      "Nightly cleanup: From policy All servers",
    );
    expect(within(list).getByText(/^Disk report \(off\)/).textContent).toBe(
      "Disk report (off): From dynamic policy Edge boxes",
    );
    // Listed once, with its source.
    expect(screen.getAllByText(/From dynamic policy Edge boxes/)).toHaveLength(1);
  });

  it("shows the effective policy and where it came from, and sets the device's own", async () => {
    let put: unknown;
    const { user, fetch } = renderCard(fromRole, {
      "PUT /api/devices/5/policy-override": ({ body }) => {
        put = body;
        current = {
          ...fromRole,
          policy: { id: 6, name: "Databases", isDefault: false, enabled: true },
          source: "DEVICE",
        };
        return json(200, current);
      },
    });
    expect((await screen.findByRole("link", { name: "Web servers" })).getAttribute("href")).toBe(
      "/editor/policy/3",
    );
    expect(screen.getByText("From the organization's policy for the device's role")).toBeTruthy();
    expect(screen.getByText("Policy version 4")).toBeTruthy();
    const override = screen.getByRole("textbox", { name: "Device override" }) as HTMLInputElement;
    await waitFor(() => expect(override.value).toBe("No override"));
    expect(fetch.mock.calls.some(([url]) => String(url).includes("deviceClass=LINUX_SERVER"))).toBe(true);
    await user.click(override);
    await user.click(await screen.findByRole("option", { name: "Databases" }));
    await waitFor(() => expect(put).toEqual({ policyId: 6 }));
    expect(await screen.findByText("Set on this device")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Databases" })).toBeTruthy();
  });

  it("says when the chosen policy is disabled", async () => {
    renderCard({ ...fromRole, policy: { ...fromRole.policy!, enabled: false }, enforced: false });
    expect(await screen.findByText("The policy is disabled: the device applies none of it.")).toBeTruthy();
    expect(screen.getByText("Disabled")).toBeTruthy();
  });

  it("says when no policy applies to the device's operating system", async () => {
    renderCard({ ...fromRole, deviceClass: null, policy: null, source: null, version: null });
    expect(await screen.findByText("No policy applies to devices with this operating system.")).toBeTruthy();
    expect(screen.queryByRole("textbox", { name: "Device override" })).toBeNull();
  });

  it("speaks German", async () => {
    setLocaleSettings({ locale: "de" });
    renderCard({ ...fromRole, source: "CLASS_DEFAULT" });
    expect(await screen.findByText("Die Standardrichtlinie der Geräteklasse")).toBeTruthy();
    expect(screen.getByText("Wirksame Richtlinie")).toBeTruthy();
    expect(screen.getByText("Richtlinienversion 4")).toBeTruthy();
    expect(screen.getByRole("textbox", { name: "Abweichung für das Gerät" })).toBeTruthy();
  });
});

describe("DevicePolicyCard versions", () => {
  it("with dynamic policies shows the policy's own version and theirs, never the derived number, and when the agent applied it", async () => {
    renderCard({
      ...fromRole,
      version: 1_834_223_112,
      policyVersion: 7,
      dynamicPolicies: [{ id: 9, name: "Laptops", priority: 1, version: 3 }],
      lastApplied: { policyId: 3, version: 1_834_223_112, appliedAt: "2026-03-10T08:30:00Z" },
    });
    expect(await screen.findByText("Policy version 7")).toBeTruthy();
    expect(screen.getByText("Dynamic policies: Laptops (version 3)")).toBeTruthy();
    expect(screen.queryByText(/1,834,223,112|1834223112/)).toBeNull();
    expect(screen.getByTestId("device-policy-applied").textContent).toMatch(
      /^Applied by the agent .+ \(this version\)$/,
    );
  });

  it("says when the agent applied an earlier version, or none yet", async () => {
    const { unmount } = renderCard({
      ...fromRole,
      policyVersion: 4,
      lastApplied: { policyId: 3, version: 3, appliedAt: "2026-03-10T08:30:00Z" },
    });
    expect((await screen.findByTestId("device-policy-applied")).textContent).toMatch(
      /^The agent last applied an earlier version .+; this one is on its way\.$/,
    );
    unmount();
    renderCard({ ...fromRole, policyVersion: 4, lastApplied: null });
    expect((await screen.findByTestId("device-policy-applied")).textContent).toBe(
      "The agent has not applied a policy yet.",
    );
  });
});
