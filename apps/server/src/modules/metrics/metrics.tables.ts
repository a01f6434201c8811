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
 * Rollups of the samples: 5-minute buckets (resolution 300, kept 30 days) made from raw samples,
 * hourly buckets (resolution 3600, kept a year) made from the 5-minute ones. Each series keeps
 * its minimum, average and maximum over the bucket.
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
