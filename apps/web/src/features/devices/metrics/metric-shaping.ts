import type { DeviceMetrics, MetricSeries } from "@steward/contracts";

/** What a chart's values mean: a share of a whole, or bytes per second. */
export type MetricUnit = "percent" | "bytesPerSecond";
export type ChartId = "cpu" | "memory" | "disk" | "network";

/** One line of a chart: what it names (a message id or, for a filesystem, its mount point) and its values. */
export interface ChartLine {
  key: string;
  /** A fixed name from the catalogue, or data shown as it is (a mount point). */
  label: { kind: "message"; id: "in" | "out" | "used" } | { kind: "data"; text: string };
  values: (number | null)[];
  /** Lowest and highest value of each bucket (rollups), for a band around the line. */
  low?: (number | null)[];
  high?: (number | null)[];
}

export interface ChartModel {
  id: ChartId;
  unit: MetricUnit;
  times: number[];
  lines: ChartLine[];
}

export interface LineSummary {
  min: number | null;
  avg: number | null;
  max: number | null;
  latest: number | null;
}

/** Part of a whole in percent; no whole, no value. */
const share = (used: number | null | undefined, total: number | null) =>
  used === null || used === undefined || total === null || total <= 0 ? null : (used / total) * 100;

const asShare = (series: MetricSeries, total: number | null) => ({
  values: series.avg.map((v) => share(v, total)),
  low: series.min.map((v) => share(v, total)),
  high: series.max.map((v) => share(v, total)),
});

const direct = (series: MetricSeries) => ({ values: series.avg, low: series.min, high: series.max });

/**
 * The device overview's four charts from the server's answer: CPU in percent, memory and each
 * filesystem as the share in use of their largest total, network in and out in bytes per second.
 */
export function chartsOf(metrics: DeviceMetrics): ChartModel[] {
  const { times } = metrics;
  return [
    {
      id: "cpu",
      unit: "percent",
      times,
      lines: [{ key: "cpu", label: { kind: "message", id: "used" }, ...direct(metrics.cpu) }],
    },
    {
      id: "memory",
      unit: "percent",
      times,
      lines: [
        {
          key: "memory",
          label: { kind: "message", id: "used" },
          ...asShare(metrics.memory.used, metrics.memory.totalBytes),
        },
      ],
    },
    {
      id: "disk",
      unit: "percent",
      times,
      lines: metrics.disks.map((d) => ({
        key: `disk:${d.mount}`,
        label: { kind: "data", text: d.mount },
        ...asShare(d.used, d.totalBytes),
      })),
    },
    {
      id: "network",
      unit: "bytesPerSecond",
      times,
      lines: [
        { key: "in", label: { kind: "message", id: "in" }, ...direct(metrics.network.in) },
        { key: "out", label: { kind: "message", id: "out" }, ...direct(metrics.network.out) },
      ],
    },
  ];
}

/**
 * Lowest, average, highest and latest of a line over the range (gaps left out). For rollups the
 * lowest and highest come from the buckets' own minimum and maximum.
 */
export function summarize(line: ChartLine): LineSummary {
  const present = (xs: (number | null)[] | undefined) =>
    (xs ?? []).filter((v): v is number => v !== null && Number.isFinite(v));
  const values = present(line.values);
  if (values.length === 0) return { min: null, avg: null, max: null, latest: null };
  const lows = present(line.low);
  const highs = present(line.high);
  const latest = [...line.values].reverse().find((v): v is number => v !== null) ?? null;
  return {
    min: Math.min(...(lows.length ? lows : values)),
    avg: values.reduce((a, b) => a + b, 0) / values.length,
    max: Math.max(...(highs.length ? highs : values)),
    latest,
  };
}

/** True when the answer holds no sample at all (the "No samples yet" state). */
export function hasSamples(metrics: DeviceMetrics): boolean {
  return metrics.times.length > 0;
}
