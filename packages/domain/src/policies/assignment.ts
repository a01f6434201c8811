import type { DeviceClass } from "./device-class.js";

/** Where a device's policy comes from, most specific first. */
export const policySources = ["DEVICE", "LOCATION", "ORGANIZATION_ROLE", "CLASS_DEFAULT"] as const;
export type PolicySource = (typeof policySources)[number];

/** A policy assigned at one level. */
export interface AssignedPolicy {
  policyId: number;
  deviceClass: DeviceClass;
}

/** The assignments that may reach one device. */
export interface PolicyAssignments {
  /** The device's own override. */
  device?: AssignedPolicy | null;
  /** Its location's override for the device's class. */
  location?: AssignedPolicy | null;
  /** Its organization's policy for the device's role. */
  organizationRole?: AssignedPolicy | null;
  /** The Default policy of the device's class. */
  classDefault?: AssignedPolicy | null;
}

const levels: readonly [PolicySource, keyof PolicyAssignments][] = [
  ["DEVICE", "device"],
  ["LOCATION", "location"],
  ["ORGANIZATION_ROLE", "organizationRole"],
  ["CLASS_DEFAULT", "classDefault"],
];

/**
 * The policy a device gets and where it came from: its own override, else its location's, else
 * its organization's policy for its role, else its class's Default policy. A policy of another
 * class never applies (a role shared by workstations and servers of one OS), so that level is
 * passed over.
 */
export function choosePolicy(
  deviceClass: DeviceClass,
  assignments: PolicyAssignments,
): { policyId: number; source: PolicySource } | null {
  for (const [source, level] of levels) {
    const assigned = assignments[level];
    if (assigned && assigned.deviceClass === deviceClass) return { policyId: assigned.policyId, source };
  }
  return null;
}
