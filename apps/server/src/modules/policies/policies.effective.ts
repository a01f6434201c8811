import {
  choosePolicy,
  deviceClassOf,
  mergeDynamicPolicies,
  mergedVersion,
  resolveEffective,
  type DynamicPolicyNode,
  type DeviceClass,
  type EffectiveSections,
  type PolicySource,
  type PolicyTree,
} from "@steward/domain";
import type { DeviceFacts, PolicyRow } from "./policies.repository.js";

/** The forest as the inheritance rules read it. */
export function treeOf(rows: readonly PolicyRow[]): PolicyTree {
  return new Map(
    rows.map((r) => [r.id, { id: r.id, parentId: r.parentId, deviceClass: r.deviceClass, items: r.items }]),
  );
}

/** The assignments that reach a set of devices, keyed as the repository answers them. */
export interface AssignmentMaps {
  device: Map<number, number>;
  location: Map<string, number>;
  organizationRole: Map<string, number>;
}

export interface ChosenPolicy {
  deviceClass: DeviceClass | null;
  policy: PolicyRow | null;
  source: PolicySource | null;
}

/** The policy a device gets by the precedence rule, and where it came from. */
export function chooseFor(
  device: DeviceFacts,
  byId: ReadonlyMap<number, PolicyRow>,
  assignments: AssignmentMaps,
): ChosenPolicy {
  const deviceClass = deviceClassOf(device);
  if (deviceClass === null) return { deviceClass, policy: null, source: null };
  const at = (policyId: number | undefined) => {
    const row = policyId === undefined ? undefined : byId.get(policyId);
    return row ? { policyId: row.id, deviceClass: row.deviceClass } : null;
  };
  const classDefault = [...byId.values()].find((r) => r.isDefault && r.deviceClass === deviceClass);
  const chosen = choosePolicy(deviceClass, {
    device: at(assignments.device.get(device.id)),
    location: at(assignments.location.get(`${device.locationId}:${deviceClass}`)),
    organizationRole:
      device.roleId === null
        ? null
        : at(assignments.organizationRole.get(`${device.organizationId}:${device.roleId}`)),
    classDefault: classDefault ? { policyId: classDefault.id, deviceClass } : null,
  });
  if (!chosen) return { deviceClass, policy: null, source: null };
  return { deviceClass, policy: byId.get(chosen.policyId) ?? null, source: chosen.source };
}

/** A policy's effective items, each with the name of the policy that set it. */
export function effectiveWithNames(
  id: number,
  rows: readonly PolicyRow[],
): Record<string, Record<string, EffectiveSections[string][string] & { sourcePolicyName: string | null }>> {
  const names = new Map(rows.map((r) => [r.id, r.name]));
  const sections = resolveEffective(id, treeOf(rows));
  return Object.fromEntries(
    Object.entries(sections).map(([key, items]) => [
      key,
      Object.fromEntries(
        Object.entries(items).map(([item, e]) => [
          item,
          {
            ...e,
            sourcePolicyName: e.sourcePolicyId === null ? null : (names.get(e.sourcePolicyId) ?? null),
          },
        ]),
      ),
    ]),
  );
}

/** A dynamic policy that matches a device, as its merged policy reads it. */
export interface MatchedDynamic extends DynamicPolicyNode {
  name: string;
  priority: number;
  version: number;
}

/**
 * The dynamic policies that match devices now, highest priority first per device (the
 * dynamic-policies module answers it; devices nothing matches are absent).
 */
export interface DynamicMatcher {
  matchesFor(list: readonly DeviceFacts[]): Promise<Map<number, MatchedDynamic[]>>;
}

/** A device's policy: its base policy with the matching dynamic policies merged on top. */
export function mergedFor(policyId: number, tree: PolicyTree, matched: readonly MatchedDynamic[]) {
  return mergeDynamicPolicies(resolveEffective(policyId, tree), matched);
}

/** The merged items, each with the names of the policy and the dynamic policy that set it. */
export function mergedWithNames(
  policyId: number,
  rows: readonly PolicyRow[],
  matched: readonly MatchedDynamic[],
) {
  const names = new Map(rows.map((r) => [r.id, r.name]));
  const dynamicNames = new Map(matched.map((d) => [d.id, d.name]));
  const sections = mergedFor(policyId, treeOf(rows), matched);
  return Object.fromEntries(
    Object.entries(sections).map(([key, items]) => [
      key,
      Object.fromEntries(
        Object.entries(items).map(([item, { dynamicPolicyId, ...e }]) => [
          item,
          {
            ...e,
            sourcePolicyName: e.sourcePolicyId === null ? null : (names.get(e.sourcePolicyId) ?? null),
            sourceDynamicPolicyId: dynamicPolicyId,
            sourceDynamicPolicyName:
              dynamicPolicyId === null ? null : (dynamicNames.get(dynamicPolicyId) ?? null),
          },
        ]),
      ),
    ]),
  );
}

/** The version of what a device applies (its base policy's, moved by the dynamic policies it matches). */
export function deviceVersion(policy: PolicyRow, matched: readonly MatchedDynamic[]): number {
  return mergedVersion(policy, matched);
}
