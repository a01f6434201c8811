import { describe, expect, it } from "vitest";
import type { AlertView, EffectivePolicy } from "@steward/contracts";
import { alertMarkers, thresholdLines } from "./chart-overlays";

const item = (value: unknown) => ({
  value,
  state: "OVERRIDDEN" as const,
  sourcePolicyId: 1,
  sourcePolicyName: "Servers",
});
const cond = (name: string, check: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  name,
  check,
  severity: "MAJOR",
  priority: "MEDIUM",
  ...extra,
});

function policy(conditions: Record<string, unknown>, enforced = true): EffectivePolicy {
  return {
    deviceId: 1,
    deviceClass: "LINUX_SERVER",
    policy: { id: 1, name: "Servers", isDefault: false, enabled: enforced },
    source: "CLASS_DEFAULT",
    enforced,
    version: 1,
    sections: {
      conditions: Object.fromEntries(Object.entries(conditions).map(([k, v]) => [k, item(v)])),
    },
  } as EffectivePolicy;
}

const conditions = {
  cpu: cond("CPU high", { kind: "cpu", comparator: "GT", value: 90, durationSeconds: 900 }),
  mem: cond("Memory", { kind: "memory", comparator: "GT", value: 95 }),
  free: cond("Disk almost full", { kind: "diskFree", unit: "PERCENT", comparator: "LT", value: 10 }),
  bytes: cond("Under 5 GB", { kind: "diskFree", unit: "BYTES", comparator: "LT", value: 5e9 }),
  usage: cond("Disk usage", { kind: "diskUsage", comparator: "GT", value: 80 }),
  off: cond("Disabled", { kind: "cpu", comparator: "GT", value: 50 }, { enabled: false }),
};

describe("threshold lines", () => {
  it("puts each enabled condition's threshold on its chart, free space as the share in use", () => {
    expect(thresholdLines(policy(conditions), "cpu")).toEqual([
      { key: "cpu", name: "CPU high", value: 90, severity: "MAJOR" },
    ]);
    expect(thresholdLines(policy(conditions), "memory").map((l) => l.value)).toEqual([95]);
    // Below 10 % free is above 90 % in use; a threshold in bytes has no place on a percent chart.
    expect(thresholdLines(policy(conditions), "disk").map((l) => [l.name, l.value])).toEqual([
      ["Disk almost full", 90],
      ["Disk usage", 80],
    ]);
    expect(thresholdLines(policy(conditions), "network")).toEqual([]);
  });

  it("draws nothing for a policy that is not enforced, or none", () => {
    expect(thresholdLines(policy(conditions, false), "cpu")).toEqual([]);
    expect(thresholdLines(undefined, "cpu")).toEqual([]);
  });
});

const alert = (id: number, kind: string, firstSeenAt: string, resetAt?: string) =>
  ({
    id,
    condition: { key: `k${id}`, name: `Alert ${id}`, kind },
    firstSeenAt,
    reset: resetAt ? { cause: "RECOVERED", at: resetAt, by: null, note: "" } : null,
  }) as unknown as AlertView;

describe("alert markers", () => {
  const from = Date.parse("2026-11-24T00:00:00Z") / 1000;
  const to = Date.parse("2026-11-25T00:00:00Z") / 1000;

  it("marks when each of the chart's alerts opened and was reset, inside the range, in time order", () => {
    const alerts = [
      alert(1, "diskFree", "2026-11-24T10:00:00Z", "2026-11-24T12:00:00Z"),
      alert(2, "cpu", "2026-11-24T11:00:00Z"),
      alert(3, "diskUsage", "2026-11-23T10:00:00Z", "2026-11-24T08:00:00Z"),
      alert(4, "process", "2026-11-24T09:00:00Z"),
    ];
    expect(alertMarkers(alerts, "disk", from, to).map((m) => [m.alertId, m.kind, m.at])).toEqual([
      [3, "reset", Date.parse("2026-11-24T08:00:00Z") / 1000],
      [1, "trigger", Date.parse("2026-11-24T10:00:00Z") / 1000],
      [1, "reset", Date.parse("2026-11-24T12:00:00Z") / 1000],
    ]);
    expect(alertMarkers(alerts, "cpu", from, to).map((m) => m.alertId)).toEqual([2]);
    // A process alert has no chart.
    expect(alertMarkers(alerts, "network", from, to)).toEqual([]);
  });
});
