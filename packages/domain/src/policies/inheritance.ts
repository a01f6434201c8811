import type { DeviceClass } from "./device-class.js";
import { policyMessages } from "./policy-messages.js";
import { policySections, type PolicySectionRegistry } from "./sections.js";

/** A policy's own items: per section, the items it overrides (everything else it inherits). */
export type PolicyItems = Record<string, Record<string, unknown>>;

/** What inheritance needs of a policy. */
export interface PolicyNode {
  id: number;
  parentId: number | null;
  deviceClass: DeviceClass;
  items: PolicyItems;
}

export type PolicyTree = ReadonlyMap<number, PolicyNode>;

export const itemStates = ["INHERITED", "OVERRIDDEN"] as const;
/** Overridden: the policy sets the item itself; Inherited: a parent or the section default does. */
export type ItemState = (typeof itemStates)[number];

export interface EffectiveItem {
  value: unknown;
  state: ItemState;
  /** The policy the value comes from; null for the section's default. */
  sourcePolicyId: number | null;
}

/** Per section, every item's effective value and where it comes from. */
export type EffectiveSections = Record<string, Record<string, EffectiveItem>>;

export class PolicyTreeError extends Error {
  constructor(
    readonly reason: "CYCLE" | "MISSING",
    readonly policyId: number,
  ) {
    super(`Policy ${policyId}: ${reason === "CYCLE" ? "its parents form a cycle" : "not found"}`);
    this.name = "PolicyTreeError";
  }
}

/** The policy and its ancestors, nearest first. */
export function policyChain(id: number, tree: PolicyTree): PolicyNode[] {
  const chain: PolicyNode[] = [];
  const seen = new Set<number>();
  for (let next: number | null = id; next !== null;) {
    if (seen.has(next)) throw new PolicyTreeError("CYCLE", id);
    seen.add(next);
    const node = tree.get(next);
    if (!node) throw new PolicyTreeError("MISSING", next);
    chain.push(node);
    next = node.parentId;
  }
  return chain;
}

/**
 * Every item's effective value: the nearest override up the parent chain, else the section's
 * default. A keyed section's items are its default entries and every entry a policy of the chain
 * adds; a fixed section's items are its fields (stored keys it does not know are ignored).
 */
export function resolveEffective(
  id: number,
  tree: PolicyTree,
  registry: PolicySectionRegistry = policySections,
): EffectiveSections {
  const chain = policyChain(id, tree);
  const result: EffectiveSections = {};
  for (const section of registry.list()) {
    const keys = new Set<string>(
      section.itemKind === "fixed" ? section.fixedItems : Object.keys(section.defaults),
    );
    if (section.itemKind === "keyed")
      for (const node of chain) for (const key of Object.keys(node.items[section.key] ?? {})) keys.add(key);
    const items: Record<string, EffectiveItem> = {};
    for (const key of keys) {
      const owner = chain.find((node) => hasOwn(node.items[section.key], key));
      items[key] = owner
        ? {
            value: owner.items[section.key]![key],
            state: owner.id === id ? "OVERRIDDEN" : "INHERITED",
            sourcePolicyId: owner.id,
          }
        : { value: section.defaults[key], state: "INHERITED", sourcePolicyId: null };
    }
    result[section.key] = items;
  }
  return result;
}

/** The effective values alone, per section (what a device is to apply). */
export function effectiveValues(sections: EffectiveSections): Record<string, Record<string, unknown>> {
  return Object.fromEntries(
    Object.entries(sections).map(([key, items]) => [
      key,
      Object.fromEntries(Object.entries(items).map(([item, e]) => [item, e.value])),
    ]),
  );
}

/** The items without one override: the item is inherited again. */
export function revertItem(items: PolicyItems, section: string, item: string): PolicyItems {
  if (!hasOwn(items[section], item)) return items;
  const { [item]: _dropped, ...rest } = items[section]!;
  const next = { ...items };
  if (Object.keys(rest).length === 0) delete next[section];
  else next[section] = rest;
  return next;
}

/** Why a policy cannot have this parent, or null when it can. */
export function parentProblem(
  child: { id: number | null; deviceClass: DeviceClass },
  parentId: number,
  tree: PolicyTree,
): "NOT_FOUND" | "OTHER_CLASS" | "CYCLE" | null {
  const parent = tree.get(parentId);
  if (!parent) return "NOT_FOUND";
  if (parent.deviceClass !== child.deviceClass) return "OTHER_CLASS";
  if (child.id === null) return null;
  try {
    if (policyChain(parentId, tree).some((node) => node.id === child.id)) return "CYCLE";
  } catch {
    return "CYCLE";
  }
  return null;
}

/** The policies below this one, at any depth. */
export function descendantsOf(id: number, tree: PolicyTree): number[] {
  const children = new Map<number, number[]>();
  for (const node of tree.values()) {
    if (node.parentId === null) continue;
    const list = children.get(node.parentId) ?? [];
    list.push(node.id);
    children.set(node.parentId, list);
  }
  const found: number[] = [];
  const seen = new Set<number>([id]);
  const queue = [...(children.get(id) ?? [])];
  while (queue.length > 0) {
    const next = queue.shift()!;
    if (seen.has(next)) continue;
    seen.add(next);
    found.push(next);
    queue.push(...(children.get(next) ?? []));
  }
  return found;
}

/**
 * The policies among `ids` whose effective values differ between two states of the tree (a
 * change to one policy reaches every descendant that does not override what changed).
 */
export function policiesWithChangedEffect(
  ids: Iterable<number>,
  before: PolicyTree,
  after: PolicyTree,
  registry: PolicySectionRegistry = policySections,
): number[] {
  const changed: number[] = [];
  for (const id of ids) {
    const was = before.has(id) ? canonical(effectiveValues(resolveEffective(id, before, registry))) : null;
    const is = after.has(id) ? canonical(effectiveValues(resolveEffective(id, after, registry))) : null;
    if (was !== is) changed.push(id);
  }
  return changed;
}

export interface ItemProblem {
  /** [section, item, …the field inside the item]. */
  path: (string | number)[];
  message: string;
}

/**
 * Checks a policy's overrides against the registered sections: known sections, known items of a
 * fixed section, and each item's value by the section's schema. Answers the items as the schemas
 * read them (an entry's defaults filled in), or every problem found.
 */
export function checkPolicyItems(
  items: PolicyItems,
  registry: PolicySectionRegistry = policySections,
): { ok: true; items: PolicyItems } | { ok: false; problems: ItemProblem[] } {
  const problems: ItemProblem[] = [];
  const checked: PolicyItems = {};
  for (const [key, overrides] of Object.entries(items)) {
    const section = registry.get(key);
    if (!section) {
      problems.push({ path: [key], message: policyMessages.unknownSection(key) });
      continue;
    }
    if (overrides === null || typeof overrides !== "object" || Array.isArray(overrides)) {
      problems.push({ path: [key], message: policyMessages.sectionObject });
      continue;
    }
    const own = Object.keys(overrides);
    if (own.length === 0) continue;
    if (section.itemKind === "fixed") {
      const unknown = own.filter((item) => !section.fixedItems.includes(item));
      for (const item of unknown)
        problems.push({ path: [key, item], message: policyMessages.unknownItem(key, item) });
      if (unknown.length > 0) continue;
    }
    const whole = section.itemKind === "fixed" ? { ...section.defaults, ...overrides } : overrides;
    const parsed = section.schema.safeParse(whole);
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        problems.push({
          path: [key, ...issue.path.map((p) => (typeof p === "number" ? p : String(p)))],
          message: issue.message,
        });
      continue;
    }
    checked[key] = Object.fromEntries(own.map((item) => [item, parsed.data[item]]));
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, items: checked };
}

function hasOwn(record: Record<string, unknown> | undefined, key: string): boolean {
  return record !== undefined && Object.prototype.hasOwnProperty.call(record, key);
}

/** JSON text with object keys sorted, so equal values compare equal. */
export function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
        )
      : v,
  );
}
