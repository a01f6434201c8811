import { z } from "zod";
import { agentText } from "../common.js";

/** Version of the metrics message; a server refuses versions it does not know. */
export const METRICS_MESSAGE_VERSION = 1;
/** Samples in one message at most: an agent sends a longer backlog in several messages. */
export const MAX_METRIC_SAMPLES_PER_MESSAGE = 120;
/** Filesystems in one sample at most. */
export const MAX_METRIC_DISKS = 32;
/** The sampling interval an agent uses unless told otherwise (seconds). */
export const DEFAULT_METRIC_INTERVAL_SECONDS = 60;

// Sizes stay below 2^53 so they survive JSON and bigint columns; 1 EiB is far above any disk.
const bytes = z
  .number()
  .int()
  .min(0)
  .max(2 ** 60);
// A rate: 100 Gbit/s is 12.5e9 bytes per second; 1e12 leaves room without accepting nonsense.
const rate = z.number().min(0).max(1e12);

export const metricDisk = z.object({
  mount: agentText(1024).min(1),
  usedBytes: bytes,
  totalBytes: bytes,
});
export type MetricDisk = z.infer<typeof metricDisk>;

/** One sample of a device's resources, taken at `at` (ms since the epoch, the agent's clock). */
export const metricSample = z.object({
  at: z.number().int().min(0).max(8.64e15),
  /** Share of the interval the processors were busy, 0–100. */
  cpuPercent: z.number().min(0).max(100),
  memory: z.object({ usedBytes: bytes, totalBytes: bytes }),
  disks: z.array(metricDisk).max(MAX_METRIC_DISKS),
  /** Bytes per second over the interval, all interfaces except loopback. */
  network: z.object({ inBytesPerSecond: rate, outBytesPerSecond: rate }),
});
export type MetricSample = z.infer<typeof metricSample>;

/**
 * Agent → server: samples taken since the last message (one, or a backlog kept while the server
 * was unreachable). `sentAt` is the agent's clock when sending; the server uses it to place the
 * samples on its own clock.
 */
export const metricsMessage = z.object({
  type: z.literal("metrics"),
  v: z.literal(METRICS_MESSAGE_VERSION),
  sentAt: z.number().int().min(0).max(8.64e15),
  samples: z.array(metricSample).min(1).max(MAX_METRIC_SAMPLES_PER_MESSAGE),
});
export type MetricsMessage = z.infer<typeof metricsMessage>;
