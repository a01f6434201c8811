import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { z } from "zod";
import {
  checkPolicyItems,
  descendantsOf,
  parentProblem,
  policiesWithChangedEffect,
  policyChain,
  PolicyTreeError,
  resolveEffective,
  revertItem,
  type PolicyItems,
  type PolicyNode,
  type PolicyTree,
} from "./inheritance.js";
import { PolicySectionRegistry } from "./sections.js";
import { policySections } from "./sections.js";
import "./core-sections.js";

// A registry of its own: one fixed section (three numeric items) and one keyed section.
const registry = new PolicySectionRegistry();
registry.define({
  key: "fixed",
  schema: z.object({ a: z.number(), b: z.number(), c: z.number() }),
  defaults: { a: 1, b: 2, c: 3 },
});
registry.define({ key: "keyed", schema: z.record(z.string(), z.number()), defaults: { base: 0 } });

const FIXED = ["a", "b", "c"] as const;
const KEYED = ["base", "x", "y"] as const;
const itemOf = fc.constantFrom(
  ...FIXED.map((k) => ["fixed", k] as const),
  ...KEYED.map((k) => ["keyed", k] as const),
);

/** A random forest: node i's parent is an earlier node or none, so the parents never cycle. */
const forest = fc
  .array(
    fc.record({
      parentPick: fc.option(fc.nat(), { nil: null }),
      fixed: fc.dictionary(fc.constantFrom(...FIXED), fc.integer({ min: 10, max: 99 }), { maxKeys: 3 }),
      keyed: fc.dictionary(fc.constantFrom(...KEYED), fc.integer({ min: 10, max: 99 }), { maxKeys: 3 }),
    }),
    { minLength: 1, maxLength: 14 },
  )
  .map((specs) => {
    const tree = new Map<number, PolicyNode>();
    specs.forEach((s, i) => {
      const id = i + 1;
      const parentId = i === 0 || s.parentPick === null ? null : (s.parentPick % i) + 1;
      const items: PolicyItems = {};
      if (Object.keys(s.fixed).length > 0) items.fixed = s.fixed;
      if (Object.keys(s.keyed).length > 0) items.keyed = s.keyed;
      tree.set(id, { id, parentId, deviceClass: "LINUX_SERVER", items });
    });
    return tree as PolicyTree;
  });

const withNode = (tree: PolicyTree, node: PolicyNode): PolicyTree => new Map(tree).set(node.id, node);

/** The rule in its own words: a node's own override, else what its parent gets, else the default. */
function expected(tree: PolicyTree, id: number, section: "fixed" | "keyed", item: string): unknown {
  const node = tree.get(id)!;
  const own = node.items[section];
  if (own && item in own) return own[item];
  if (node.parentId !== null) return expected(tree, node.parentId, section, item);
  return (registry.get(section)!.defaults as Record<string, unknown>)[item];
}

describe("policy inheritance over random trees", () => {
  it("an item's effective value is the nearest override up the chain, else the section default", () => {
    fc.assert(
      fc.property(forest, (tree) => {
        for (const id of tree.keys()) {
          const effective = resolveEffective(id, tree, registry);
          for (const item of FIXED)
            expect(effective.fixed![item]!.value).toBe(expected(tree, id, "fixed", item));
          for (const [item, e] of Object.entries(effective.keyed!))
            expect(e.value).toBe(expected(tree, id, "keyed", item));
          // A keyed item exists where the default has it or some policy of the chain adds it.
          const chainKeys = policyChain(id, tree).flatMap((n) => Object.keys(n.items.keyed ?? {}));
          expect(Object.keys(effective.keyed!).sort()).toEqual([...new Set(["base", ...chainKeys])].sort());
          // Overridden exactly where the policy itself sets the item.
          for (const item of FIXED)
            expect(effective.fixed![item]!.state).toBe(
              item in (tree.get(id)!.items.fixed ?? {}) ? "OVERRIDDEN" : "INHERITED",
            );
        }
      }),
    );
  });

  it("reverting an item gives back the parent's value (the default at the root), shown as Inherited", () => {
    fc.assert(
      fc.property(forest, fc.nat(), itemOf, (tree, pick, [section, item]) => {
        const id = (pick % tree.size) + 1;
        const node = tree.get(id)!;
        const reverted = withNode(tree, { ...node, items: revertItem(node.items, section, item) });
        const after = resolveEffective(id, reverted, registry)[section]![item];
        const parentValue =
          node.parentId === null
            ? (registry.get(section)!.defaults as Record<string, unknown>)[item]
            : resolveEffective(node.parentId, tree, registry)[section]![item]?.value;
        expect(after?.value).toBe(parentValue);
        if (after) expect(after.state).toBe("INHERITED");
        expect(reverted.get(id)!.items[section] ?? {}).not.toHaveProperty(item);
      }),
    );
  });

  it("a parent's later change reaches every descendant that does not override the item, and only those", () => {
    fc.assert(
      fc.property(
        forest,
        fc.nat(),
        itemOf,
        fc.integer({ min: 100, max: 199 }),
        (tree, pick, [section, item], v) => {
          const parentId = (pick % tree.size) + 1;
          const parent = tree.get(parentId)!;
          const changed = withNode(tree, {
            ...parent,
            items: { ...parent.items, [section]: { ...parent.items[section], [item]: v } },
          });
          const below = descendantsOf(parentId, tree);
          const reached: number[] = [];
          for (const id of below) {
            // Shielded when a policy between the descendant and the changed parent overrides the item.
            const between = policyChain(id, tree).slice(
              0,
              policyChain(id, tree).findIndex((n) => n.id === parentId),
            );
            const shielded = between.some((n) => item in (n.items[section] ?? {}));
            const before = resolveEffective(id, tree, registry)[section]![item]?.value;
            const after = resolveEffective(id, changed, registry)[section]![item]!.value;
            if (shielded) expect(after).toBe(before);
            else {
              expect(after).toBe(v);
              reached.push(id);
            }
          }
          // The policies whose versions move: the parent and the descendants the change reached.
          const moved = policiesWithChangedEffect(tree.keys(), tree, changed, registry).sort((x, y) => x - y);
          expect(moved).toEqual([parentId, ...reached].sort((x, y) => x - y));
        },
      ),
    );
  });
});

describe("policy trees", () => {
  const node = (
    id: number,
    parentId: number | null,
    deviceClass: PolicyNode["deviceClass"] = "MAC",
  ): PolicyNode => ({
    id,
    parentId,
    deviceClass,
    items: {},
  });
  const tree: PolicyTree = new Map([
    [1, node(1, null)],
    [2, node(2, 1)],
    [3, node(3, 2)],
    [4, node(4, null, "WINDOWS_SERVER")],
  ]);

  it("refuses a parent below the policy (a cycle), of another class, or missing", () => {
    expect(parentProblem({ id: 1, deviceClass: "MAC" }, 3, tree)).toBe("CYCLE");
    expect(parentProblem({ id: 2, deviceClass: "MAC" }, 2, tree)).toBe("CYCLE");
    expect(parentProblem({ id: 3, deviceClass: "MAC" }, 4, tree)).toBe("OTHER_CLASS");
    expect(parentProblem({ id: null, deviceClass: "WINDOWS_WORKSTATION" }, 4, tree)).toBe("OTHER_CLASS");
    expect(parentProblem({ id: 3, deviceClass: "MAC" }, 99, tree)).toBe("NOT_FOUND");
    expect(parentProblem({ id: 3, deviceClass: "MAC" }, 1, tree)).toBeNull();
    expect(parentProblem({ id: null, deviceClass: "MAC" }, 3, tree)).toBeNull();
  });

  it("a stored cycle stops resolution with an error instead of looping", () => {
    const cyclic: PolicyTree = new Map([
      [1, node(1, 2)],
      [2, node(2, 1)],
    ]);
    expect(() => resolveEffective(1, cyclic, registry)).toThrow(PolicyTreeError);
    expect(descendantsOf(1, cyclic)).toEqual([2]);
  });

  it("three levels: the grandchild shows which policy set each item", () => {
    const three: PolicyTree = new Map<number, PolicyNode>([
      [1, { ...node(1, null), items: { fixed: { a: 10 } } }],
      [2, { ...node(2, 1), items: { fixed: { b: 20 }, keyed: { x: 5 } } }],
      [3, { ...node(3, 2), items: { fixed: { a: 30 } } }],
    ]);
    expect(resolveEffective(3, three, registry)).toEqual({
      fixed: {
        a: { value: 30, state: "OVERRIDDEN", sourcePolicyId: 3 },
        b: { value: 20, state: "INHERITED", sourcePolicyId: 2 },
        c: { value: 3, state: "INHERITED", sourcePolicyId: null },
      },
      keyed: {
        base: { value: 0, state: "INHERITED", sourcePolicyId: null },
        x: { value: 5, state: "INHERITED", sourcePolicyId: 2 },
      },
    });
  });
});

describe("checking a policy's items", () => {
  it("refuses unknown sections and items and values outside an item's bounds, at the item", () => {
    const result = checkPolicyItems(
      {
        nope: { a: 1 },
        agentSettings: { heartbeatSeconds: 5, metricIntervalSeconds: 1.5 },
      },
      policySections,
    );
    expect(result).toEqual({
      ok: false,
      problems: [
        { path: ["nope"], message: 'There is no policy section "nope"' },
        { path: ["agentSettings", "metricIntervalSeconds"], message: "Input must be of integer value" },
        { path: ["agentSettings", "heartbeatSeconds"], message: "Value must be greater than or equal to 15" },
      ],
    });
    expect(checkPolicyItems({ agentSettings: { pollSeconds: 30 } })).toEqual({
      ok: false,
      problems: [
        {
          path: ["agentSettings", "pollSeconds"],
          message: 'The section "agentSettings" has no item "pollSeconds"',
        },
      ],
    });
    expect(checkPolicyItems({ agentSettings: { heartbeatSeconds: 601 } })).toMatchObject({
      ok: false,
      problems: [{ message: "Value must be less than or equal to 600" }],
    });
  });

  it("keeps only the overridden items, with an entry's own defaults filled in", () => {
    expect(
      checkPolicyItems({
        agentSettings: { heartbeatSeconds: 30 },
        automations: { nightly: { scriptId: 7 } },
        conditions: {},
      }),
    ).toEqual({
      ok: true,
      items: {
        agentSettings: { heartbeatSeconds: 30 },
        automations: { nightly: { scriptId: 7, enabled: true } },
      },
    });
    expect(checkPolicyItems({ automations: { "bad key!": { scriptId: 7 } } }).ok).toBe(false);
  });
});
