import { condition as conditionSchema, resolveEffective, type Condition } from "@steward/domain";
import { systemScope } from "../../platform/identity/index.js";
import { chooseFor, treeOf } from "./policies.effective.js";
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
 * The conditions of devices' effective policies, for the areas that act on them (alerts). A
 * policy that is not enforced hands out no conditions; an item that no longer parses is left out.
 */
export function createPolicyConditions({ repo }: { repo: PoliciesRepository }) {
  return {
    async ofDevices(deviceIds: readonly number[]): Promise<Map<number, DeviceConditions>> {
      const result = new Map<number, DeviceConditions>();
      if (deviceIds.length === 0) return result;
      const rows = await repo.all();
      const byId = new Map(rows.map((r) => [r.id, r]));
      const tree = treeOf(rows);
      const perPolicy = new Map<number, Map<string, Condition>>();
      const conditionsOf = (policy: PolicyRow) => {
        let found = perPolicy.get(policy.id);
        if (!found) {
          found = new Map();
          const items = resolveEffective(policy.id, tree).conditions ?? {};
          for (const [key, item] of Object.entries(items)) {
            const parsed = conditionSchema.safeParse(item.value);
            if (parsed.success && parsed.data.enabled) found.set(key, parsed.data);
          }
          perPolicy.set(policy.id, found);
        }
        return found;
      };
      const ids = [...new Set(deviceIds)];
      for (let i = 0; i < ids.length; i += BATCH) {
        const list = await repo.devices(systemScope, ids.slice(i, i + BATCH));
        const assignments = await repo.assignmentsOf(list);
        for (const device of list) {
          const policy = chooseFor(device, byId, assignments).policy;
          const enforced = policy !== null && policy.enabled;
          result.set(device.id, {
            deviceId: device.id,
            organizationId: device.organizationId,
            policy: policy && { id: policy.id, name: policy.name, version: policy.version },
            conditions: enforced ? conditionsOf(policy) : new Map(),
          });
        }
      }
      return result;
    },
  };
}

export type PolicyConditions = ReturnType<typeof createPolicyConditions>;
