import {
  agent,
  type DeviceMetrics,
  type MetricRange,
  type MetricResolution,
  type MetricSeries,
} from "@steward/contracts";
import type { RawRow, RollupRow } from "./metrics.repository.js";

/** Filesystems shown at most (an agent reports up to this many per sample). */
const MAX_MOUNTS = agent.MAX_METRIC_DISKS;

interface Point {
  t: number;
  cpu: [number, number, number];
  memory: [number, number, number];
  memoryTotal: number;
  networkIn: [number, number, number];
  networkOut: [number, number, number];
  disks: { m: string; v: [number, number, number]; t: number }[];
}

const emptySeries = (n: number): MetricSeries => ({
  min: new Array<number | null>(n).fill(null),
  avg: new Array<number | null>(n).fill(null),
  max: new Array<number | null>(n).fill(null),
});

function put(series: MetricSeries, i: number, v: [number, number, number]) {
  series.min[i] = v[0];
  series.avg[i] = v[1];
  series.max[i] = v[2];
}

const maxOf = (values: number[]) => (values.length === 0 ? null : Math.max(...values));

function present(
  range: MetricRange,
  resolution: MetricResolution,
  stepSeconds: number,
  points: Point[],
): DeviceMetrics {
  const n = points.length;
  const cpu = emptySeries(n);
  const memory = emptySeries(n);
  const networkIn = emptySeries(n);
  const networkOut = emptySeries(n);
  const mounts = new Map<string, { used: MetricSeries; totals: number[] }>();
  points.forEach((p, i) => {
    put(cpu, i, p.cpu);
    put(memory, i, p.memory);
    put(networkIn, i, p.networkIn);
    put(networkOut, i, p.networkOut);
    for (const d of p.disks) {
      let entry = mounts.get(d.m);
      if (!entry) {
        if (mounts.size >= MAX_MOUNTS) continue;
        entry = { used: emptySeries(n), totals: [] };
        mounts.set(d.m, entry);
      }
      put(entry.used, i, d.v);
      entry.totals.push(d.t);
    }
  });
  return {
    range,
    resolution,
    stepSeconds,
    times: points.map((p) => p.t),
    cpu,
    memory: { used: memory, totalBytes: maxOf(points.map((p) => p.memoryTotal)) },
    disks: [...mounts]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([mount, e]) => ({ mount, used: e.used, totalBytes: maxOf(e.totals) })),
    network: { in: networkIn, out: networkOut },
  };
}

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);
const same = (v: number): [number, number, number] => [v, v, v];

/** The usual distance between two raw samples (the agent's interval), else a minute. */
function rawStep(times: number[]): number {
  const gaps = times
    .slice(1)
    .map((t, i) => t - times[i]!)
    .filter((g) => g > 0)
    .sort((a, b) => a - b);
  return gaps.length === 0
    ? agent.DEFAULT_METRIC_INTERVAL_SECONDS
    : Math.max(1, gaps[Math.floor(gaps.length / 2)]!);
}

/** Raw samples: each value is its own minimum, average and maximum. */
export function presentRaw(range: MetricRange, rows: RawRow[]): DeviceMetrics {
  const points: Point[] = rows.map((r) => ({
    t: seconds(r.at),
    cpu: same(r.cpuPercent),
    memory: same(r.memoryUsedBytes),
    memoryTotal: r.memoryTotalBytes,
    networkIn: same(r.networkInBps),
    networkOut: same(r.networkOutBps),
    disks: r.disks.map((d) => ({ m: d.m, v: same(d.u), t: d.t })),
  }));
  return present(range, "raw", rawStep(points.map((p) => p.t)), points);
}

export function presentRollups(
  range: MetricRange,
  resolution: "5m" | "1h",
  rows: RollupRow[],
): DeviceMetrics {
  const points: Point[] = rows.map((r) => ({
    t: seconds(r.bucket),
    cpu: [r.cpuMin, r.cpuAvg, r.cpuMax],
    memory: [r.memoryUsedMin, r.memoryUsedAvg, r.memoryUsedMax],
    memoryTotal: r.memoryTotalMax,
    networkIn: [r.networkInMin, r.networkInAvg, r.networkInMax],
    networkOut: [r.networkOutMin, r.networkOutAvg, r.networkOutMax],
    disks: r.disks.map((d) => ({ m: d.m, v: [d.min, d.avg, d.max], t: d.t })),
  }));
  return present(range, resolution, resolution === "5m" ? 300 : 3600, points);
}
