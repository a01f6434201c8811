import type { AlertView, EffectivePolicy } from "@steward/contracts";
import { condition as conditionSchema, type ConditionSeverity } from "@steward/domain";
import type { ChartId } from "./metric-shaping";

/** A condition's threshold as a horizontal line on a chart, in the chart's own unit. */
export interface ThresholdLine {
  key: string;
  /** The condition's name, as the technician wrote it. */
  name: string;
  value: number;
  severity: ConditionSeverity;
}

/** When an alert of the device opened or was reset, as a vertical mark on a chart. */
export interface AlertMarker {
  alertId: number;
  kind: "trigger" | "reset";
  /** Seconds since the epoch, as the chart's times. */
  at: number;
  name: string;
}

/** The chart a condition kind draws on (the kinds with a chart of their own). */
const chartOfKind: Partial<Record<string, ChartId>> = {
  cpu: "cpu",
  memory: "memory",
  diskFree: "disk",
  diskUsage: "disk",
  diskActiveTime: "disk",
  network: "network",
};

/**
 * The enabled conditions of the device's effective policy that have a line on this chart: CPU and
 * memory in percent, disk usage in percent, and free disk space in percent drawn as the share in
 * use it allows (the disk chart shows the share in use). Free space in bytes has no line there.
 */
export function thresholdLines(policy: EffectivePolicy | undefined, chart: ChartId): ThresholdLine[] {
  const items = policy?.enforced ? (policy.sections.conditions ?? {}) : {};
  const lines: ThresholdLine[] = [];
  for (const [key, item] of Object.entries(items)) {
    const parsed = conditionSchema.safeParse(item.value);
    if (!parsed.success || !parsed.data.enabled) continue;
    const c = parsed.data;
    const check = c.check;
    let value: number | null = null;
    if (chart === "cpu" && check.kind === "cpu") value = check.value;
    else if (chart === "memory" && check.kind === "memory") value = check.value;
    else if (chart === "disk" && check.kind === "diskUsage") value = check.value;
    else if (chart === "disk" && check.kind === "diskFree" && check.unit === "PERCENT")
      value = 100 - check.value;
    if (value !== null && value >= 0 && value <= 100)
      lines.push({ key, name: c.name, value, severity: c.severity });
  }
  return lines;
}

/** The times this chart's alerts of the device opened and were reset, inside the chart's range. */
export function alertMarkers(
  alerts: readonly AlertView[],
  chart: ChartId,
  from: number,
  to: number,
): AlertMarker[] {
  const markers: AlertMarker[] = [];
  for (const alert of alerts) {
    if (chartOfKind[alert.condition.kind] !== chart) continue;
    const opened = Date.parse(alert.firstSeenAt) / 1000;
    if (opened >= from && opened <= to)
      markers.push({ alertId: alert.id, kind: "trigger", at: opened, name: alert.condition.name });
    if (alert.reset) {
      const reset = Date.parse(alert.reset.at) / 1000;
      if (reset >= from && reset <= to)
        markers.push({ alertId: alert.id, kind: "reset", at: reset, name: alert.condition.name });
    }
  }
  return markers.sort((a, b) => a.at - b.at);
}
