import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { choosePolicy, type PolicyAssignments } from "./assignment.js";
import { deviceClasses } from "./device-class.js";

describe("policy assignment precedence", () => {
  const all: PolicyAssignments = {
    device: { policyId: 1, deviceClass: "WINDOWS_SERVER" },
    location: { policyId: 2, deviceClass: "WINDOWS_SERVER" },
    organizationRole: { policyId: 3, deviceClass: "WINDOWS_SERVER" },
    classDefault: { policyId: 4, deviceClass: "WINDOWS_SERVER" },
  };

  it("device override > location override > organization's policy for the role > class default", () => {
    expect(choosePolicy("WINDOWS_SERVER", all)).toEqual({ policyId: 1, source: "DEVICE" });
    expect(choosePolicy("WINDOWS_SERVER", { ...all, device: null })).toEqual({
      policyId: 2,
      source: "LOCATION",
    });
    expect(choosePolicy("WINDOWS_SERVER", { ...all, device: null, location: null })).toEqual({
      policyId: 3,
      source: "ORGANIZATION_ROLE",
    });
    expect(choosePolicy("WINDOWS_SERVER", { classDefault: all.classDefault })).toEqual({
      policyId: 4,
      source: "CLASS_DEFAULT",
    });
    expect(choosePolicy("WINDOWS_SERVER", {})).toBeNull();
  });

  it("passes over a level whose policy is of another class", () => {
    expect(
      choosePolicy("WINDOWS_SERVER", {
        ...all,
        device: null,
        location: { policyId: 9, deviceClass: "WINDOWS_WORKSTATION" },
      }),
    ).toEqual({ policyId: 3, source: "ORGANIZATION_ROLE" });
  });

  it("whatever is assigned, the chosen policy is of the device's class and no more specific level of that class exists", () => {
    const level = fc.option(
      fc.record({
        policyId: fc.integer({ min: 1, max: 50 }),
        deviceClass: fc.constantFrom(...deviceClasses),
      }),
      { nil: null },
    );
    fc.assert(
      fc.property(
        fc.constantFrom(...deviceClasses),
        fc.record({ device: level, location: level, organizationRole: level, classDefault: level }),
        (deviceClass, assignments) => {
          const chosen = choosePolicy(deviceClass, assignments);
          const order = ["device", "location", "organizationRole", "classDefault"] as const;
          const first = order.find((k) => assignments[k]?.deviceClass === deviceClass);
          if (first) expect(chosen?.policyId).toBe(assignments[first]!.policyId);
          else expect(chosen).toBeNull();
        },
      ),
    );
  });
});
