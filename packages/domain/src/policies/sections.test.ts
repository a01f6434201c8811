import { describe, expect, it } from "vitest";
import { z } from "zod";
import { checkPolicyItems, resolveEffective, type PolicyNode } from "./inheritance.js";
import { definePolicySection, policySections, PolicySectionRegistry } from "./sections.js";
import "./core-sections.js";

describe("policy sections", () => {
  it("the core defines agent settings, conditions and automations with their defaults", () => {
    const keys = policySections.list().map((s) => s.key);
    expect(keys.slice(0, 3)).toEqual(["agentSettings", "conditions", "automations"]);
    expect(policySections.get("agentSettings")).toMatchObject({
      itemKind: "fixed",
      fixedItems: ["metricIntervalSeconds", "heartbeatSeconds"],
      defaults: { metricIntervalSeconds: 60, heartbeatSeconds: 60 },
    });
    expect(policySections.get("conditions")).toMatchObject({ itemKind: "keyed", defaults: {} });
  });

  it("another area adds a section from outside the core; policies inherit it like the core's", () => {
    // What a remote-access area would write in its own module.
    definePolicySection({
      key: "remoteAccessTest",
      schema: z.object({ allowUnattended: z.boolean(), promptSeconds: z.number().int().min(0) }),
      defaults: { allowUnattended: false, promptSeconds: 30 },
    });
    const tree = new Map<number, PolicyNode>([
      [
        1,
        { id: 1, parentId: null, deviceClass: "MAC", items: { remoteAccessTest: { allowUnattended: true } } },
      ],
      [2, { id: 2, parentId: 1, deviceClass: "MAC", items: { remoteAccessTest: { promptSeconds: 5 } } }],
    ]);
    expect(resolveEffective(2, tree).remoteAccessTest).toEqual({
      allowUnattended: { value: true, state: "INHERITED", sourcePolicyId: 1 },
      promptSeconds: { value: 5, state: "OVERRIDDEN", sourcePolicyId: 2 },
    });
    expect(checkPolicyItems({ remoteAccessTest: { promptSeconds: -1 } }).ok).toBe(false);
    expect(checkPolicyItems({ remoteAccessTest: { allowUnattended: false } }).ok).toBe(true);
  });

  it("a key is registered once, and defaults must satisfy the section's own schema", () => {
    const registry = new PolicySectionRegistry();
    registry.define({ key: "patching", schema: z.object({ on: z.boolean() }), defaults: { on: true } });
    expect(() =>
      registry.define({ key: "patching", schema: z.object({ on: z.boolean() }), defaults: { on: false } }),
    ).toThrow(/already registered/);
    expect(() =>
      registry.define({
        key: "backup",
        schema: z.object({ days: z.number().min(1) }),
        defaults: { days: 0 },
      }),
    ).toThrow(/defaults/);
    expect(() => registry.define({ key: "Bad key", schema: z.object({}), defaults: {} })).toThrow(
      /camelCase/,
    );
  });

  it("a dynamic policy's items apply item by item unless the section merges its own way", () => {
    const registry = new PolicySectionRegistry();
    const plain = registry.define({
      key: "plain",
      schema: z.object({ a: z.number(), b: z.number() }),
      defaults: { a: 1, b: 2 },
    });
    expect(plain.mergeDynamic({ a: 1, b: 2 }, { b: 9 })).toEqual({ a: 1, b: 9 });
    const lists = registry.define({
      key: "lists",
      schema: z.object({ paths: z.array(z.string()) }),
      defaults: { paths: [] },
      mergeDynamic: (base, overlay) => ({ paths: [...base.paths, ...(overlay.paths ?? [])] }),
    });
    expect(lists.mergeDynamic({ paths: ["/a"] }, { paths: ["/b"] })).toEqual({ paths: ["/a", "/b"] });
  });
});
