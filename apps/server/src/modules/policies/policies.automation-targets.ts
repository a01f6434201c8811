import {
  automationEntry,
  resolveEffective,
  type AutomationEntry,
  type MergedSections,
  type Schedule,
} from "@steward/domain";
import {
  chooseFor,
  mergedFor,
  treeOf,
  type AssignmentMaps,
  type MatchedDynamic,
} from "./policies.effective.js";
import type { DeviceFacts, PolicyRow } from "./policies.repository.js";
import { DEFAULT_SCHEDULE_TIME_ZONE, scheduleKeyOf } from "../../platform/schedule-slots.js";

/** What holds an automation's schedule: a policy (its own or inherited items) or a dynamic policy. */
export interface AutomationOwner {
  kind: "policy" | "dynamic";
  id: number;
  name: string;
}

/** One scheduled automation of an owner, as the runner keeps its schedule. */
export interface ScheduledAutomation {
  owner: AutomationOwner;
  key: string;
  entry: AutomationEntry & { schedule: Schedule };
  timeZone: string;
  /** Changes when the schedule or its zone does (the schedule then starts over). */
  scheduleKey: string;
}

/** Identifies an owner's automation across the runner's maps. */
export const automationId = (kind: AutomationOwner["kind"], ownerId: number, key: string) =>
  `${kind}:${ownerId}:${key}`;

/** The automation an item holds when it is enabled and has a schedule; null otherwise. */
function scheduledEntry(value: unknown): (AutomationEntry & { schedule: Schedule }) | null {
  const parsed = automationEntry.safeParse(value);
  if (!parsed.success || !parsed.data.enabled || !parsed.data.schedule) return null;
  return { ...parsed.data, schedule: parsed.data.schedule as Schedule };
}

function scheduled(owner: AutomationOwner, items: Record<string, unknown>): ScheduledAutomation[] {
  const found: ScheduledAutomation[] = [];
  for (const [key, value] of Object.entries(items)) {
    const entry = scheduledEntry(value);
    if (!entry) continue;
    const timeZone = entry.timeZone ?? DEFAULT_SCHEDULE_TIME_ZONE;
    found.push({ owner, key, entry, timeZone, scheduleKey: scheduleKeyOf(entry.schedule, timeZone) });
  }
  return found;
}

/**
 * Every scheduled automation that can run: those of each enabled policy (its own and inherited
 * ones, each policy keeping its own schedule state), and those of each enabled dynamic policy
 * whose automations section is ticked.
 */
export function scheduledAutomations(
  rows: readonly PolicyRow[],
  dynamics: readonly MatchedDynamic[],
): ScheduledAutomation[] {
  const tree = treeOf(rows);
  const found: ScheduledAutomation[] = [];
  for (const policy of rows) {
    if (!policy.enabled) continue;
    const items = resolveEffective(policy.id, tree).automations ?? {};
    const values = Object.fromEntries(Object.entries(items).map(([key, item]) => [key, item.value]));
    found.push(...scheduled({ kind: "policy", id: policy.id, name: policy.name }, values));
  }
  for (const dynamic of dynamics) {
    const section = dynamic.sections.automations;
    if (!section?.configure) continue;
    found.push(...scheduled({ kind: "dynamic", id: dynamic.id, name: dynamic.name }, section.items));
  }
  return found;
}

/**
 * Which devices each automation reaches, by `automationId`. A device's automations are those of
 * its effective merged policy: its base policy's, then the dynamic policies it matches merged on
 * top by priority. Each automation item there is credited to one owner: the dynamic policy that
 * set it, else the device's base policy. So an automation a dynamic policy replaces runs only as
 * the dynamic policy's, and one it switches off does not run. A device whose policy is disabled
 * (or that has none) runs nothing.
 */
export function devicesPerAutomation(
  list: readonly DeviceFacts[],
  rows: readonly PolicyRow[],
  assignments: AssignmentMaps,
  matches: ReadonlyMap<number, readonly MatchedDynamic[]>,
): Map<string, number[]> {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const tree = treeOf(rows);
  // Merged once per combination of base policy and matching dynamic policies.
  const merged = new Map<string, MergedSections["automations"]>();
  const result = new Map<string, number[]>();
  for (const device of list) {
    const policy = chooseFor(device, byId, assignments).policy;
    if (!policy?.enabled) continue;
    const matched = matches.get(device.id) ?? [];
    const combination = [policy.id, ...matched.map((d) => d.id)].join(":");
    let items = merged.get(combination);
    if (!items) {
      items = mergedFor(policy.id, tree, matched).automations ?? {};
      merged.set(combination, items);
    }
    for (const [key, item] of Object.entries(items)) {
      if (!scheduledEntry(item.value)) continue;
      const id =
        item.dynamicPolicyId === null
          ? automationId("policy", policy.id, key)
          : automationId("dynamic", item.dynamicPolicyId, key);
      const reached = result.get(id);
      if (reached) reached.push(device.id);
      else result.set(id, [device.id]);
    }
  }
  return result;
}
