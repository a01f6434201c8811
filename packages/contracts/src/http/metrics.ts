import { z } from "zod";

/** The chart ranges of the device overview. */
export const METRIC_RANGES = ["1h", "24h", "7d", "30d"] as const;
export type MetricRange = (typeof METRIC_RANGES)[number];

/** raw: every sample; 5m and 1h: rollups holding min, average and max per bucket. */
export const METRIC_RESOLUTIONS = ["raw", "5m", "1h"] as const;
export type MetricResolution = (typeof METRIC_RESOLUTIONS)[number];

/** GET /api/devices/:id/metrics */
export const deviceMetricsQuery = z.object({
  range: z.enum(METRIC_RANGES).default("24h"),
});

const values = z.array(z.number().nullable());

/** One series over the answer's `times`: null where the bucket has no value. */
export const metricSeries = z.object({ min: values, avg: values, max: values });
export type MetricSeries = z.infer<typeof metricSeries>;

export const deviceMetrics = z.object({
  range: z.enum(METRIC_RANGES),
  resolution: z.enum(METRIC_RESOLUTIONS),
  /** Seconds between two points at this resolution (the agent's interval for raw samples). */
  stepSeconds: z.number().int().positive(),
  /** Start of each point (raw: when the sample was taken), seconds since the epoch, ascending. */
  times: z.array(z.number().int()),
  /** Percent busy. */
  cpu: metricSeries,
  /** Bytes in use, and the largest total seen in the range. */
  memory: z.object({ used: metricSeries, totalBytes: z.number().nullable() }),
  /** Per filesystem: bytes in use, and the largest total seen in the range. */
  disks: z.array(z.object({ mount: z.string(), used: metricSeries, totalBytes: z.number().nullable() })),
  /** Bytes per second. */
  network: z.object({ in: metricSeries, out: metricSeries }),
});
export type DeviceMetrics = z.infer<typeof deviceMetrics>;
