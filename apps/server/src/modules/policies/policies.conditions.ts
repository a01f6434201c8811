import { condition as conditionSchema, type Condition } from "@steward/domain";
import { systemScope } from "../../platform/identity/index.js";
import {
  chooseFor,
  deviceVersion,
  mergedFor,
  treeOf,
  type DynamicMatcher,
  type MatchedDynamic,
} from "./policies.effective.js";
import type { PoliciesRepository, PolicyRow } from "./policies.repository.js";

/** The enabled monitoring conditions a device's effective policy holds, by condition key. */
export interface DeviceConditions {
  deviceId: number;
  organizationId: number;
  policy: { id: number; name: string; version: number } | null;
  conditions: ReadonlyMap<string, Condition>;
}

/** Devices read per query. */
const BATCH = 1000;

/**
 * The conditions of devices' effective policies, for the areas that act on them (alerts): the base
 * policy with the dynamic policies the device matches merged on top, exactly what the agent is
 * sent. A policy that is not enforced hands out no conditions; an item that no longer parses is
 * left out.
 */
export function createPolicyConditions({
  repo,
  dynamic,
}: {
  repo: PoliciesRepository;
  /** The dynamic policies devices match (none when not given). */
  dynamic?: DynamicMatcher;
}) {
  return {
    async ofDevices(deviceIds: readonly number[]): Promise<Map<number, DeviceConditions>> {
      const result = new Map<number, DeviceConditions>();
      if (deviceIds.length === 0) return result;
      const rows = await repo.all();
      const byId = new Map(rows.map((r) => [r.id, r]));
      const tree = treeOf(rows);
      // Once per combination of base policy and matching dynamic policies.
      const perCombination = new Map<string, Map<string, Condition>>();
      const conditionsOf = (policy: PolicyRow, matched: readonly MatchedDynamic[]) => {
        const combination = [policy.id, ...matched.map((d) => `${d.id}.${d.version}`)].join(":");
        let found = perCombination.get(combination);
        if (!found) {
          found = new Map();
          const items = mergedFor(policy.id, tree, matched).conditions ?? {};
          for (const [key, item] of Object.entries(items)) {
            const parsed = conditionSchema.safeParse(item.value);
            if (parsed.success && parsed.data.enabled) found.set(key, parsed.data);
          }
          perCombination.set(combination, found);
        }
        return found;
      };
      const ids = [...new Set(deviceIds)];
      for (let i = 0; i < ids.length; i += BATCH) {
        const list = await repo.devices(systemScope, ids.slice(i, i + BATCH));
        const assignments = await repo.assignmentsOf(list);
        const matches = dynamic ? await dynamic.matchesFor(list) : new Map<number, MatchedDynamic[]>();
        for (const device of list) {
          const policy = chooseFor(device, byId, assignments).policy;
          const enforced = policy !== null && policy.enabled;
          const matched = matches.get(device.id) ?? [];
          result.set(device.id, {
            deviceId: device.id,
            organizationId: device.organizationId,
            policy: policy && { id: policy.id, name: policy.name, version: deviceVersion(policy, matched) },
            conditions: enforced ? conditionsOf(policy, matched) : new Map(),
          });
        }
      }
      return result;
    },
  };
}

export type PolicyConditions = ReturnType<typeof createPolicyConditions>;
