import { systemScope } from "../../platform/identity/index.js";
import {
  chooseFor,
  mergedFor,
  treeOf,
  type DynamicMatcher,
  type MatchedDynamic,
} from "./policies.effective.js";
import type { PoliciesRepository, PolicyRow } from "./policies.repository.js";

/** Devices read per query. */
const BATCH = 1000;

/**
 * The items one section holds in devices' effective policies (the base policy with the dynamic
 * policies each device matches merged on top, as the agent is sent them), for the areas that
 * added a section and act on it on the server (backup plans). A policy that is not enforced
 * hands out nothing.
 */
export function createPolicySectionReader({
  repo,
  dynamic,
}: {
  repo: PoliciesRepository;
  dynamic?: DynamicMatcher;
}) {
  return {
    async ofDevices(
      section: string,
      deviceIds: readonly number[],
    ): Promise<Map<number, Record<string, unknown>>> {
      const result = new Map<number, Record<string, unknown>>();
      if (deviceIds.length === 0) return result;
      const rows = await repo.all();
      const byId = new Map(rows.map((r) => [r.id, r]));
      const tree = treeOf(rows);
      const perCombination = new Map<string, Record<string, unknown>>();
      const itemsOf = (policy: PolicyRow, matched: readonly MatchedDynamic[]) => {
        const combination = [policy.id, ...matched.map((d) => `${d.id}.${d.version}`)].join(":");
        let found = perCombination.get(combination);
        if (!found) {
          const items = mergedFor(policy.id, tree, matched)[section] ?? {};
          found = Object.fromEntries(Object.entries(items).map(([key, item]) => [key, item.value]));
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
          result.set(device.id, enforced ? itemsOf(policy, matches.get(device.id) ?? []) : {});
        }
      }
      return result;
    },
  };
}
export type PolicySectionReader = ReturnType<typeof createPolicySectionReader>;
