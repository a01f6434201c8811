import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { z } from "zod";
import {
  checkDynamicSections,
  isPermutationOf,
  mergeDynamicPolicies,
  mergedValues,
  mergedVersion,
  type DynamicPolicyNode,
  type DynamicSections,
} from "./dynamic.js";
import { resolveEffective, type PolicyNode, type PolicyTree } from "./inheritance.js";
import { PolicySectionRegistry } from "./sections.js";
import "./core-sections.js";

// A registry of its own: a fixed section, a keyed section, and a keyed section whose dynamic
// merge adds up numbers instead of replacing them (a section with a merge of its own).
const registry = new PolicySectionRegistry();
registry.define({
  key: "fixed",
  schema: z.object({ a: z.number(), b: z.number(), c: z.number() }),
  defaults: { a: 1, b: 2, c: 3 },
});
registry.define({ key: "keyed", schema: z.record(z.string(), z.number()), defaults: { base: 0 } });
registry.define({
  key: "summed",
  schema: z.record(z.string(), z.number()),
  defaults: { total: 0 },
  mergeDynamic: (base, overlay) => {
    const out: Record<string, number> = { ...base };
    for (const [k, v] of Object.entries(overlay)) out[k] = (out[k] ?? 0) + (v ?? 0);
    return out;
  },
});

const SECTIONS = ["fixed", "keyed"] as const;
const FIXED = ["a", "b", "c"] as const;
const KEYED = ["base", "x", "y", "z"] as const;
const keysOf = { fixed: FIXED, keyed: KEYED } as const;

const value = fc.integer({ min: 10, max: 999 });

/** A base: a parent and a child policy with random overrides; the child is the device's policy. */
const base = fc
  .record({
    parentFixed: fc.dictionary(fc.constantFrom(...FIXED), value, { maxKeys: 3 }),
    childFixed: fc.dictionary(fc.constantFrom(...FIXED), value, { maxKeys: 3 }),
    parentKeyed: fc.dictionary(fc.constantFrom(...KEYED), value, { maxKeys: 4 }),
    childKeyed: fc.dictionary(fc.constantFrom(...KEYED), value, { maxKeys: 4 }),
  })
  .map((b) => {
    const tree: PolicyTree = new Map<number, PolicyNode>([
      [
        1,
        {
          id: 1,
          parentId: null,
          deviceClass: "LINUX_SERVER",
          items: { fixed: b.parentFixed, keyed: b.parentKeyed },
        },
      ],
      [
        2,
        {
          id: 2,
          parentId: 1,
          deviceClass: "LINUX_SERVER",
          items: { fixed: b.childFixed, keyed: b.childKeyed },
        },
      ],
    ]);
    return resolveEffective(2, tree, registry);
  });

const dynamicSection = (section: (typeof SECTIONS)[number]) =>
  fc.record({
    configure: fc.boolean(),
    items: fc.dictionary(fc.constantFrom(...keysOf[section]), value, { maxKeys: keysOf[section].length }),
  });

/** Dynamic policies in priority order (first = highest), ids 100, 101, … */
const dynamics = fc
  .array(
    fc.record({ fixed: fc.option(dynamicSection("fixed")), keyed: fc.option(dynamicSection("keyed")) }),
    {
      maxLength: 6,
    },
  )
  .map((list) =>
    list.map((d, i): DynamicPolicyNode => {
      const sections: DynamicSections = {};
      if (d.fixed) sections.fixed = d.fixed;
      if (d.keyed) sections.keyed = d.keyed;
      return { id: 100 + i, deviceClass: "LINUX_SERVER", sections };
    }),
  );

describe("dynamic policies merged on a base policy, over random bases and dynamics", () => {
  it("the highest-priority dynamic policy that configures an item sets it and is its source; otherwise the base", () => {
    fc.assert(
      fc.property(base, dynamics, (effective, list) => {
        const merged = mergeDynamicPolicies(effective, list, registry);
        for (const section of SECTIONS) {
          const expectedKeys = new Set(Object.keys(effective[section]!));
          for (const d of list)
            if (d.sections[section]?.configure)
              for (const k of Object.keys(d.sections[section]!.items)) expectedKeys.add(k);
          expect(Object.keys(merged[section]!).sort()).toEqual([...expectedKeys].sort());
          for (const item of expectedKeys) {
            const winner = list.find(
              (d) => d.sections[section]?.configure && item in d.sections[section]!.items,
            );
            const got = merged[section]![item]!;
            if (winner) {
              expect(got.value).toBe(winner.sections[section]!.items[item]);
              expect(got.dynamicPolicyId).toBe(winner.id);
            } else {
              const fromBase = effective[section]![item]!;
              expect(got.value).toBe(fromBase.value);
              expect(got.dynamicPolicyId).toBeNull();
              expect(got.sourcePolicyId).toBe(fromBase.sourcePolicyId);
              expect(got.state).toBe(fromBase.state);
            }
          }
        }
      }),
    );
  });

  it("a section whose configure box is not ticked never changes the result, whatever items it holds", () => {
    fc.assert(
      fc.property(
        base,
        dynamics,
        fc.dictionary(fc.constantFrom(...KEYED), value, { maxKeys: 4 }),
        fc.dictionary(fc.constantFrom(...FIXED), value, { maxKeys: 3 }),
        (effective, list, keyed, fixed) => {
          const before = mergeDynamicPolicies(effective, list, registry);
          // The same policies with other items in every unticked section.
          const scrambled = list.map((d) => ({
            ...d,
            sections: {
              ...d.sections,
              ...(d.sections.keyed?.configure ? {} : { keyed: { configure: false, items: keyed } }),
              ...(d.sections.fixed?.configure ? {} : { fixed: { configure: false, items: fixed } }),
            },
          }));
          expect(mergeDynamicPolicies(effective, scrambled, registry)).toEqual(before);
          // A section no dynamic policy ticks is the base's, values and sources alike.
          for (const section of SECTIONS)
            if (!list.some((d) => d.sections[section]?.configure))
              for (const [item, e] of Object.entries(effective[section]!))
                expect(before[section]![item]).toEqual({ ...e, dynamicPolicyId: null });
        },
      ),
    );
  });

  it("no dynamic policy: the merged policy is the base policy", () => {
    fc.assert(
      fc.property(base, (effective) => {
        expect(mergedValues(mergeDynamicPolicies(effective, [], registry))).toEqual(
          Object.fromEntries(
            Object.entries(effective).map(([k, items]) => [
              k,
              Object.fromEntries(Object.entries(items).map(([i, e]) => [i, e.value])),
            ]),
          ),
        );
      }),
    );
  });

  it("a section's own merge decides the value and every policy that changed it is credited in turn", () => {
    const effective = resolveEffective(
      1,
      new Map([[1, { id: 1, parentId: null, deviceClass: "MAC", items: {} }]]),
      registry,
    );
    const merged = mergeDynamicPolicies(
      effective,
      [
        { id: 7, deviceClass: "MAC", sections: { summed: { configure: true, items: { total: 5 } } } },
        {
          id: 8,
          deviceClass: "MAC",
          sections: { summed: { configure: true, items: { total: 2, extra: 1 } } },
        },
        { id: 9, deviceClass: "MAC", sections: { summed: { configure: false, items: { total: 100 } } } },
      ],
      registry,
    );
    expect(merged.summed).toEqual({
      total: { value: 7, state: "INHERITED", sourcePolicyId: null, dynamicPolicyId: 7 },
      extra: { value: 1, state: "INHERITED", sourcePolicyId: null, dynamicPolicyId: 8 },
    });
  });

  it("a fixed section takes only its own items from a dynamic policy", () => {
    const effective = resolveEffective(
      1,
      new Map([[1, { id: 1, parentId: null, deviceClass: "MAC", items: {} }]]),
      registry,
    );
    const merged = mergeDynamicPolicies(
      effective,
      [{ id: 3, deviceClass: "MAC", sections: { fixed: { configure: true, items: { a: 50, stray: 1 } } } }],
      registry,
    );
    expect(Object.keys(merged.fixed!)).toEqual(["a", "b", "c"]);
    expect(merged.fixed!.a).toMatchObject({ value: 50, dynamicPolicyId: 3 });
    expect(merged.fixed!.b).toMatchObject({ value: 2, dynamicPolicyId: null });
  });
});

describe("merged version", () => {
  it("is the base version without dynamic policies", () => {
    expect(mergedVersion({ id: 4, version: 12 }, [])).toBe(12);
  });

  it("moves when a dynamic policy changes, starts or stops matching, or the order changes", () => {
    const b = { id: 4, version: 12 };
    const one = mergedVersion(b, [{ id: 1, version: 1 }]);
    const variants = [
      one,
      mergedVersion(b, [{ id: 1, version: 2 }]),
      mergedVersion(b, [{ id: 2, version: 1 }]),
      mergedVersion(b, [
        { id: 1, version: 1 },
        { id: 2, version: 1 },
      ]),
      mergedVersion(b, [
        { id: 2, version: 1 },
        { id: 1, version: 1 },
      ]),
      mergedVersion({ id: 4, version: 13 }, [{ id: 1, version: 1 }]),
    ];
    expect(new Set(variants).size).toBe(variants.length);
    expect(mergedVersion(b, [{ id: 1, version: 1 }])).toBe(one);
    fc.assert(
      fc.property(
        fc.record({ id: fc.nat(), version: fc.integer({ min: 1 }) }),
        fc.array(fc.record({ id: fc.nat(), version: fc.integer({ min: 1 }) }), {
          minLength: 1,
          maxLength: 5,
        }),
        (baseRef, list) => {
          const v = mergedVersion(baseRef, list);
          expect(Number.isInteger(v) && v >= 1 && v <= 2_147_483_647).toBe(true);
        },
      ),
    );
  });
});

describe("dynamic sections check", () => {
  it("accepts known sections, refuses unknown ones and bad items with the item's path", () => {
    expect(checkDynamicSections({ fixed: { configure: true, items: { a: 5 } } }, registry)).toEqual({
      ok: true,
      sections: { fixed: { configure: true, items: { a: 5 } } },
    });
    const bad = checkDynamicSections(
      { nope: { configure: true, items: { a: 1 } }, fixed: { configure: false, items: { a: "x" } } },
      registry,
    );
    expect(bad.ok).toBe(false);
    if (!bad.ok) {
      expect(bad.problems.map((p) => p.path)).toContainEqual(["nope"]);
      expect(bad.problems.map((p) => p.path)).toContainEqual(["fixed", "items", "a"]);
    }
  });
});

describe("priority order", () => {
  it("must list every current id exactly once", () => {
    expect(isPermutationOf([1, 2, 3], [3, 1, 2])).toBe(true);
    expect(isPermutationOf([1, 2, 3], [1, 2])).toBe(false);
    expect(isPermutationOf([1, 2, 3], [1, 2, 2])).toBe(false);
    expect(isPermutationOf([1, 2, 3], [1, 2, 4])).toBe(false);
    expect(isPermutationOf([], [])).toBe(true);
  });
});
