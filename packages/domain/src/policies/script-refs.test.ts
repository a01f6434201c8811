import { describe, expect, it } from "vitest";
import { scriptIdsOfItems } from "./script-refs.js";

describe("scriptIdsOfItems", () => {
  it("finds script-result checks (inside compound ones too), condition automations and scheduled automations", () => {
    const ids = scriptIdsOfItems({
      conditions: {
        a: { check: { kind: "scriptResult", scriptId: 1 }, automationScriptIds: [2] },
        b: {
          check: { kind: "compound", parts: [{ kind: "cpu" }, { kind: "scriptResult", scriptId: 3 }] },
        },
        c: { check: { kind: "cpu" } },
      },
      automations: { nightly: { scriptId: 4 } },
      agentSettings: { heartbeatSeconds: 60 },
    });
    expect([...ids].sort()).toEqual([1, 2, 3, 4]);
    expect(scriptIdsOfItems({}).size).toBe(0);
  });
});
