import { describe, expect, it } from "vitest";
import { conditionsSection, POLICY_ITEM_KEY } from "../policies/core-sections.js";
import { deviceClasses } from "../policies/device-class.js";
import { condition, conditionKinds } from "./model.js";
import {
  blankCheck,
  blankCondition,
  conditionTemplates,
  newConditionKey,
  templatesForClass,
} from "./templates.js";

describe("condition templates", () => {
  it("are each a valid condition, with unique ids a policy key can start with", () => {
    for (const template of conditionTemplates) {
      const parsed = condition.safeParse(template.condition);
      expect(parsed.success, `${template.id}: ${parsed.error?.message ?? ""}`).toBe(true);
      expect(template.id).toMatch(POLICY_ITEM_KEY);
    }
    const ids = conditionTemplates.map((t) => t.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("can be stored together as the conditions of a policy", () => {
    const items = Object.fromEntries(conditionTemplates.map((t) => [t.id, t.condition]));
    expect(conditionsSection.schema.safeParse(items).success).toBe(true);
  });

  it("cover the common needs named by the product", () => {
    const names = conditionTemplates.map((t) => t.condition.name);
    expect(names).toEqual(
      expect.arrayContaining([
        "Disk almost full (<10% free for 5 min)",
        "CPU above 90% for 15 min",
        "Memory above 95%",
        "Pending reboot over 7 days",
      ]),
    );
    expect(conditionTemplates.some((t) => t.condition.check.kind === "service")).toBe(true);
  });

  it("offer a policy only what its devices can evaluate", () => {
    const linux = templatesForClass("LINUX_SERVER").map((t) => t.id);
    const windows = templatesForClass("WINDOWS_WORKSTATION").map((t) => t.id);
    expect(linux).toContain("sshServiceStopped");
    expect(linux).not.toContain("eventLogServiceStopped");
    expect(windows).toContain("eventLogServiceStopped");
    expect(windows).not.toContain("sshServiceStopped");
    for (const c of deviceClasses) expect(templatesForClass(c).length).toBeGreaterThan(10);
  });
});

describe("blank conditions", () => {
  it("start every kind of the catalogue with a check of that kind", () => {
    for (const kind of conditionKinds) expect(blankCheck(kind).kind).toBe(kind);
  });

  it("are valid once named, for kinds that watch no named thing", () => {
    for (const kind of [
      "cpu",
      "memory",
      "diskFree",
      "network",
      "uptime",
      "smart",
      "agentDown",
      "compound",
    ] as const)
      expect(condition.safeParse({ ...blankCondition(kind), name: "Mine" }).success, kind).toBe(true);
  });

  it("ask for the name of what a kind watches", () => {
    const result = condition.safeParse({ ...blankCondition("service"), name: "Mine" });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(["check", "service"]);
  });
});

describe("newConditionKey", () => {
  it("keys a condition by its template and a random suffix, never one taken", () => {
    const values = [0, 0, 0.5];
    let i = 0;
    const random = () => values[i++ % values.length]!;
    const first = newConditionKey("cpuHigh", new Set(), random);
    expect(first).toBe("cpuHigh-000000");
    const second = newConditionKey("cpuHigh", new Set([first]), random);
    expect(second).not.toBe(first);
    expect(second).toMatch(/^cpuHigh-[0-9a-z]{6}$/);
    expect(newConditionKey("", new Set())).toMatch(POLICY_ITEM_KEY);
  });
});

describe("a condition's problems", () => {
  it("are reported at the field of the chosen kind's check, in compound parts too", () => {
    const base = { name: "Mine", severity: "MINOR", priority: "LOW" } as const;
    const uptime = condition.safeParse({ ...base, check: { kind: "uptime", days: "" } });
    expect(uptime.error?.issues.map((i) => i.path)).toEqual([["check", "days"]]);
    const compound = condition.safeParse({
      ...base,
      check: {
        kind: "compound",
        mode: "ALL",
        parts: [{ kind: "cpu", comparator: "GT", value: "" }, { kind: "smart" }],
      },
    });
    expect(compound.error?.issues.map((i) => i.path)).toEqual([["check", "parts", 0, "value"]]);
  });
});
