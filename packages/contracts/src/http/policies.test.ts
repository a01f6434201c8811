import { describe, expect, it } from "vitest";
import { policyMessages } from "@steward/domain";
import { fillTemplate } from "../i18n/localize.js";
import { validationEn } from "../i18n/shared/en/validation.js";
import {
  createPolicyRequest,
  putDevicePolicyOverridesRequest,
  putLocationPolicyOverridesRequest,
  putOrganizationPolicyAssignmentsRequest,
} from "./policies.js";

const issues = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => (result.error?.issues ?? []).map((i) => ({ path: i.path.map(String).join("."), message: i.message }));

describe("policy requests", () => {
  it("the policy rules' messages are the shared catalogue's texts", () => {
    expect(policyMessages.unknownSection("x")).toBe(
      fillTemplate(validationEn.policies.unknownSection, { section: "x" }),
    );
    expect(policyMessages.unknownItem("s", "i")).toBe(
      fillTemplate(validationEn.policies.unknownItem, { section: "s", item: "i" }),
    );
    expect(policyMessages.sectionObject).toBe(validationEn.policies.sectionObject);
  });

  it("checks items against the registered sections, at the item", () => {
    const bad = createPolicyRequest.safeParse({
      name: "Servers",
      deviceClass: "LINUX_SERVER",
      items: { agentSettings: { heartbeatSeconds: 1 }, weather: { sunny: true } },
    });
    expect(issues(bad)).toEqual([
      { path: "items.agentSettings.heartbeatSeconds", message: "Value must be greater than or equal to 15" },
      { path: "items.weather", message: 'There is no policy section "weather"' },
    ]);
    const good = createPolicyRequest.parse({
      name: " Servers ",
      deviceClass: "LINUX_SERVER",
      items: { automations: { nightly: { scriptId: 3 } } },
    });
    expect(good).toEqual({
      name: "Servers",
      description: "",
      deviceClass: "LINUX_SERVER",
      parentId: null,
      enabled: true,
      items: { automations: { nightly: { scriptId: 3, enabled: true } } },
    });
    expect(
      issues(createPolicyRequest.safeParse({ name: " ", deviceClass: "AMIGA" })).map((i) => i.path),
    ).toEqual(["name", "deviceClass"]);
  });

  it("assigns a role once, overrides a class once per location, and bulk-assigns up to 1000 devices", () => {
    expect(
      issues(
        putOrganizationPolicyAssignmentsRequest.safeParse({
          assignments: [
            { roleId: 1, policyId: 2 },
            { roleId: 1, policyId: 3 },
          ],
        }),
      ),
    ).toEqual([{ path: "assignments", message: "Each role is assigned once" }]);
    expect(
      issues(
        putLocationPolicyOverridesRequest.safeParse({
          overrides: [
            { deviceClass: "MAC", policyId: 2 },
            { deviceClass: "MAC", policyId: 3 },
          ],
        }),
      ),
    ).toEqual([{ path: "overrides", message: "Each device class is overridden once" }]);
    const many = Array.from({ length: 1001 }, (_, i) => i + 1);
    expect(issues(putDevicePolicyOverridesRequest.safeParse({ deviceIds: many, policyId: 1 }))).toEqual([
      { path: "deviceIds", message: "Choose at most 1000 devices" },
    ]);
  });
});
