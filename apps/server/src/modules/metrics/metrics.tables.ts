import {
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  smallint,
  timestamp,
} from "drizzle-orm/pg-core";
import { devices } from "../devices/devices.tables.js";

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/** A filesystem in a raw sample: mount, bytes used, bytes in total (short keys: one per sample and disk). */
export interface StoredDisk {
  m: string;
  u: number;
  t: number;
}
/** A filesystem in a rollup: bytes used (min, average, max over the bucket) and the largest total. */
export interface StoredDiskRollup {
  m: string;
  min: number;
  avg: number;
  max: number;
  t: number;
  /** Samples of the bucket that held this filesystem (weights the average of longer buckets). */
  n: number;
}

/**
 * Raw samples as agents sent them, kept for a day. One row per device and moment: every series
 * of a sample shares its time, so a chart's points line up without a join. The organization is
 * copied in so that scoped reads and pruning stay on this table.
 */
export const metricSamples = pgTable(
  "metric_samples",
  {
    deviceId: integer("device_id")
      .notNull()
      .references(() => devices.id, { onDelete: "cascade" }),
    at: ts("at").notNull(),
    organizationId: integer("organization_id").notNull(),
    cpuPercent: real("cpu_percent").notNull(),
    memoryUsedBytes: doublePrecision("memory_used_bytes").notNull(),
    memoryTotalBytes: doublePrecision("memory_total_bytes").notNull(),
    networkInBps: doublePrecision("network_in_bps").notNull(),
    networkOutBps: doublePrecision("network_out_bps").notNull(),
    disks: jsonb("disks").$type<StoredDisk[]>().notNull().default([]),
  },
  (t) => [primaryKey({ columns: [t.deviceId, t.at] }), index("metric_samples_at_idx").on(t.at)],
);

/**
 * The first layout of the rollups, one row per device, resolution and bucket. No longer written or
 * read: the rollup job carries its rows over into `metric_rollup_packs` once and empties it.
 */
export const metricRollups = pgTable(
  "metric_rollups",
  {
    deviceId: integer("device_id")
      .notNull()
      .references(() => devices.id, { onDelete: "cascade" }),
    resolution: smallint("resolution").notNull(),
    bucket: ts("bucket").notNull(),
    organizationId: integer("organization_id").notNull(),
    samples: integer("samples").notNull(),
    cpuMin: real("cpu_min").notNull(),
    cpuAvg: real("cpu_avg").notNull(),
    cpuMax: real("cpu_max").notNull(),
    memoryUsedMin: doublePrecision("memory_used_min").notNull(),
    memoryUsedAvg: doublePrecision("memory_used_avg").notNull(),
    memoryUsedMax: doublePrecision("memory_used_max").notNull(),
    memoryTotalMax: doublePrecision("memory_total_max").notNull(),
    networkInMin: doublePrecision("network_in_min").notNull(),
    networkInAvg: doublePrecision("network_in_avg").notNull(),
    networkInMax: doublePrecision("network_in_max").notNull(),
    networkOutMin: doublePrecision("network_out_min").notNull(),
    networkOutAvg: doublePrecision("network_out_avg").notNull(),
    networkOutMax: doublePrecision("network_out_max").notNull(),
    disks: jsonb("disks").$type<StoredDiskRollup[]>().notNull().default([]),
  },
  (t) => [
    primaryKey({ columns: [t.deviceId, t.resolution, t.bucket] }),
    index("metric_rollups_resolution_bucket_idx").on(t.resolution, t.bucket),
  ],
);

/**
 * Devices that sent samples older than the rollup job's usual look-back (a backlog after an
 * outage): the next pass rolls up their buckets from `since` on, then forgets the row.
 */
export const metricRollupPending = pgTable("metric_rollup_pending", {
  deviceId: integer("device_id")
    .primaryKey()
    .references(() => devices.id, { onDelete: "cascade" }),
  since: ts("since").notNull(),
});

/** The buckets of a stored rollup period by resolution: 5-minute buckets per hour, hourly ones per day. */
export const ROLLUP_PERIOD_SECONDS = { 300: 3600, 3600: 86_400 } as const;

/**
 * Rollups of the samples, packed: one row per device, resolution and period holding that period's
 * buckets as arrays (element i is the bucket starting at period + (i - 1) * resolution; a bucket
 * without samples is null in every array). 5-minute buckets (resolution 300, kept 30 days) come
 * from raw samples, twelve to an hour; hourly buckets (resolution 3600, kept a year) from the
 * 5-minute ones, 24 to a day. A chart thus reads one row per hour or day of its range instead of
 * one row per bucket, each row a few kB. Each series keeps its minimum, average and maximum over
 * the bucket; `disks` holds one element per bucket: the filesystems of that bucket, or null.
 * The organization is copied in so that scoped reads stay on this table.
 */
export const metricRollupPacks = pgTable(
  "metric_rollup_packs",
  {
    deviceId: integer("device_id")
      .notNull()
      .references(() => devices.id, { onDelete: "cascade" }),
    resolution: smallint("resolution").notNull(),
    period: ts("period").notNull(),
    organizationId: integer("organization_id").notNull(),
    samples: integer("samples").array().notNull(),
    cpuMin: real("cpu_min").array().notNull(),
    cpuAvg: real("cpu_avg").array().notNull(),
    cpuMax: real("cpu_max").array().notNull(),
    memoryUsedMin: doublePrecision("memory_used_min").array().notNull(),
    memoryUsedAvg: doublePrecision("memory_used_avg").array().notNull(),
    memoryUsedMax: doublePrecision("memory_used_max").array().notNull(),
    memoryTotalMax: doublePrecision("memory_total_max").array().notNull(),
    networkInMin: doublePrecision("network_in_min").array().notNull(),
    networkInAvg: doublePrecision("network_in_avg").array().notNull(),
    networkInMax: doublePrecision("network_in_max").array().notNull(),
    networkOutMin: doublePrecision("network_out_min").array().notNull(),
    networkOutAvg: doublePrecision("network_out_avg").array().notNull(),
    networkOutMax: doublePrecision("network_out_max").array().notNull(),
    disks: jsonb("disks").$type<(StoredDiskRollup[] | null)[]>().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.deviceId, t.resolution, t.period] }),
    index("metric_rollup_packs_resolution_period_idx").on(t.resolution, t.period),
  ],
);
