import { describe, expect, it } from "vitest";
import { checkPolicyItems } from "./inheritance.js";
import { backupPlan, backupSection } from "./backup-section.js";
import { messages } from "../messages.js";

const plan = {
  name: "Documents",
  includePaths: ["/home/ana/Documents"],
  destination: { type: "local", path: "/mnt/backup" },
};

describe("backup policy section", () => {
  it("is a keyed section of every policy, empty by default", () => {
    expect(backupSection).toMatchObject({ key: "backup", itemKind: "keyed", defaults: {} });
  });

  it("fills a plan's defaults: enabled, no excludes, keep 7 last / 14 daily / 8 weekly / 12 monthly", () => {
    expect(backupPlan.parse(plan)).toMatchObject({
      type: "fileFolder",
      enabled: true,
      excludePatterns: [],
      retention: { keepLast: 7, keepDaily: 14, keepWeekly: 8, keepMonthly: 12 },
    });
  });

  it("accepts Windows drive and share paths", () => {
    const windows = {
      ...plan,
      includePaths: ["C:\\Users"],
      destination: { type: "local", path: "\\\\nas\\backup" },
    };
    expect(backupPlan.safeParse(windows).success).toBe(true);
  });

  it("refuses a plan without a name or include path, or with a relative path, with the spec's messages", () => {
    const issues = (value: unknown) => backupPlan.safeParse(value).error?.issues.map((i) => i.message) ?? [];
    expect(issues({ ...plan, name: "  " })).toEqual([messages.mandatory]);
    expect(issues({ ...plan, includePaths: [] })).toEqual([messages.mandatory]);
    expect(issues({ ...plan, includePaths: ["docs"] })).toEqual([messages.numeric.invalid]);
    expect(
      issues({ ...plan, retention: { keepLast: -1, keepDaily: 1, keepWeekly: 1, keepMonthly: 1.5 } }),
    ).toEqual([messages.numeric.greaterOrEqual(0), messages.customField.integer]);
  });

  it("is checked when a policy is saved", () => {
    expect(checkPolicyItems({ backup: { docs: plan } }).ok).toBe(true);
    expect(
      checkPolicyItems({ backup: { docs: { ...plan, destination: { type: "local", path: "x" } } } }).ok,
    ).toBe(false);
  });
});
