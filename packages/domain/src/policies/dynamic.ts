import type { DeviceClass } from "./device-class.js";
import {
  canonical,
  checkPolicyItems,
  type EffectiveItem,
  type EffectiveSections,
  type ItemProblem,
  type PolicyItems,
} from "./inheritance.js";
import { policySections, type PolicySectionRegistry, type SectionValue } from "./sections.js";

/**
 * One section of a dynamic policy: its items, and whether the policy configures the section at
 * all. Items of a section whose box is not ticked are kept (ticking it again brings them back)
 * but never applied.
 */
export interface DynamicSection {
  configure: boolean;
  items: Record<string, unknown>;
}

export type DynamicSections = Record<string, DynamicSection>;

/** What the merge needs of a dynamic policy. */
export interface DynamicPolicyNode {
  id: number;
  deviceClass: DeviceClass;
  sections: DynamicSections;
}

/**
 * An item of a device's merged policy. `dynamicPolicyId` names the dynamic policy that set the
 * value; when it is null the base policy's inheritance decides (`sourcePolicyId`: the policy of
 * the base's chain that set it, null for the section's default). For an item a dynamic policy
 * sets, `state` and `sourcePolicyId` still tell what the base policy alone would have given.
 */
export interface MergedItem extends EffectiveItem {
  dynamicPolicyId: number | null;
}

export type MergedSections = Record<string, Record<string, MergedItem>>;

/**
 * A device's policy: the base policy's effective sections, then the dynamic policies that match
 * the device, given highest priority first. The lowest priority applies first and each higher
 * one on top of it, so where two configure the same item the higher priority wins. A dynamic
 * policy changes only the sections whose configure box it ticked, each through the section's own
 * `mergeDynamic`. An item is credited to the dynamic policy that named it, or whose merge changed
 * its value; an item a merge drops is gone from the result.
 */
export function mergeDynamicPolicies(
  base: EffectiveSections,
  dynamics: readonly DynamicPolicyNode[],
  registry: PolicySectionRegistry = policySections,
): MergedSections {
  const result: MergedSections = {};
  for (const section of registry.list()) {
    const baseItems = base[section.key] ?? {};
    const merged: Record<string, MergedItem> = {};
    for (const [key, item] of Object.entries(baseItems)) merged[key] = { ...item, dynamicPolicyId: null };
    let values: SectionValue = Object.fromEntries(Object.entries(baseItems).map(([k, e]) => [k, e.value]));
    for (let i = dynamics.length - 1; i >= 0; i--) {
      const dynamic = dynamics[i]!;
      const own = dynamic.sections[section.key];
      if (!own?.configure) continue;
      const overlay =
        section.itemKind === "fixed"
          ? Object.fromEntries(Object.entries(own.items).filter(([k]) => section.fixedItems.includes(k)))
          : own.items;
      const next = section.mergeDynamic(values, overlay);
      for (const key of Object.keys(merged)) if (!hasOwn(next, key)) delete merged[key];
      for (const [key, value] of Object.entries(next)) {
        const named = hasOwn(overlay, key);
        const was = merged[key];
        if (was && !named && canonical(value) === canonical(was.value)) continue;
        merged[key] = {
          value,
          state: was?.state ?? "INHERITED",
          sourcePolicyId: was?.sourcePolicyId ?? null,
          dynamicPolicyId: dynamic.id,
        };
      }
      values = next;
    }
    result[section.key] = merged;
  }
  return result;
}

/** The merged values alone, per section (what a device is to apply). */
export function mergedValues(sections: MergedSections): Record<string, Record<string, unknown>> {
  return Object.fromEntries(
    Object.entries(sections).map(([key, items]) => [
      key,
      Object.fromEntries(Object.entries(items).map(([item, e]) => [item, e.value])),
    ]),
  );
}

/** Largest version a device's policy can have (the agent and the database keep it as a 32-bit integer). */
const MAX_VERSION = 2_147_483_647;

/**
 * The version of what a device applies. With no dynamic policy it is the base policy's own
 * version. With dynamic policies it is a number derived from the base policy and version and
 * each dynamic policy's id and version in priority order, so it moves when any of them changes,
 * when the device starts or stops matching one, and when their order changes.
 */
export function mergedVersion(
  base: { id: number; version: number },
  dynamics: readonly { id: number; version: number }[],
): number {
  if (dynamics.length === 0) return base.version;
  const text = [`${base.id}:${base.version}`, ...dynamics.map((d) => `${d.id}:${d.version}`)].join("|");
  // FNV-1a over the text, folded into 1…MAX_VERSION.
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return (hash % MAX_VERSION) + 1;
}

/**
 * Checks a dynamic policy's sections against the registered ones: known sections, and each
 * section's items by the section's rules (unticked sections too: they can be ticked later).
 * Problem paths are [section, "items", item, …]. Answers the sections as the schemas read them.
 */
export function checkDynamicSections(
  sections: Record<string, { configure: boolean; items: Record<string, unknown> }>,
  registry: PolicySectionRegistry = policySections,
): { ok: true; sections: DynamicSections } | { ok: false; problems: ItemProblem[] } {
  const items: PolicyItems = Object.fromEntries(Object.entries(sections).map(([k, s]) => [k, s.items]));
  const checked = checkPolicyItems(items, registry);
  if (!checked.ok)
    return {
      ok: false,
      problems: checked.problems.map((p) => ({
        path: p.path.length > 1 ? [p.path[0]!, "items", ...p.path.slice(1)] : p.path,
        message: p.message,
      })),
    };
  return {
    ok: true,
    sections: Object.fromEntries(
      Object.entries(sections).map(([k, s]) => [
        k,
        { configure: s.configure, items: checked.items[k] ?? {} },
      ]),
    ),
  };
}

/** True when `requested` lists every one of `current` exactly once (a new priority order). */
export function isPermutationOf(current: readonly number[], requested: readonly number[]): boolean {
  if (current.length !== requested.length) return false;
  const left = new Set(current);
  if (new Set(requested).size !== requested.length) return false;
  return requested.every((id) => left.has(id));
}

function hasOwn(record: Record<string, unknown>, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(record, key);
}
