import { and, asc, eq, gte, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../platform/db/database.js";
import { inScope, type Scope } from "../../platform/identity/index.js";
import { devices } from "../devices/devices.tables.js";
import { metricRollupPending, metricRollups, metricSamples, type StoredDisk } from "./metrics.tables.js";

/** A raw sample ready to store (already checked and placed on the server's clock). */
export interface SampleRow {
  deviceId: number;
  organizationId: number;
  at: Date;
  cpuPercent: number;
  memoryUsedBytes: number;
  memoryTotalBytes: number;
  networkInBps: number;
  networkOutBps: number;
  disks: StoredDisk[];
}

/** A rollup bucket size in seconds. */
export type RollupResolution = 300 | 3600;

/** Which samples a rollup pass reads: a window for every device, or each backlogged device from its own start. */
export type RollupWindow =
  { from: Date; to: Date } | { pending: { deviceId: number; since: Date }[]; to: Date };

const EPOCH = sql`timestamptz '1970-01-01 00:00:00+00'`;
const iso = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/** Rows written per INSERT (well under the protocol's parameter limit). */
const INSERT_CHUNK = 4000;

function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}

/** The FROM/WHERE part selecting the source rows of a pass over `table` aliased `alias`. */
function windowed(window: RollupWindow, alias: string, timeColumn: string, bucketSeconds: number): SQL {
  const time = sql.raw(`${alias}.${timeColumn}`);
  const device = sql.raw(`${alias}.device_id`);
  if ("from" in window) return sql`where ${time} >= ${iso(window.from)} and ${time} < ${iso(window.to)}`;
  const list = sql.join(
    window.pending.map((p) => sql`(${p.deviceId}::int, ${p.since.toISOString()}::timestamptz)`),
    sql`, `,
  );
  // From the start of the bucket that holds the oldest late sample.
  return sql`join (values ${list}) as p(device_id, since) on p.device_id = ${device}
    where ${time} >= date_bin(${sql.raw(`'${bucketSeconds} seconds'`)}, p.since, ${EPOCH})
      and ${time} < ${iso(window.to)}`;
}

const UPSERT_COLUMNS = [
  "organization_id",
  "samples",
  "cpu_min",
  "cpu_avg",
  "cpu_max",
  "memory_used_min",
  "memory_used_avg",
  "memory_used_max",
  "memory_total_max",
  "network_in_min",
  "network_in_avg",
  "network_in_max",
  "network_out_min",
  "network_out_avg",
  "network_out_max",
  "disks",
];
const INSERT_COLUMNS = sql.raw(`(device_id, resolution, bucket, ${UPSERT_COLUMNS.join(", ")})`);
// Recomputing a bucket replaces it: a pass can run again (or on two nodes) with the same result.
const ON_CONFLICT = sql.raw(
  `on conflict (device_id, resolution, bucket) do update set ${UPSERT_COLUMNS.map((c) => `${c} = excluded.${c}`).join(", ")}`,
);

export function createMetricsRepository(db: Db) {
  return {
    /** The device's organization when the scope reaches it (else undefined: answered like a missing device). */
    async deviceOrganization(scope: Scope, deviceId: number): Promise<number | undefined> {
      const [row] = await db
        .select({ organizationId: devices.organizationId })
        .from(devices)
        .where(and(eq(devices.id, deviceId), inScope(scope, devices.organizationId)));
      return row?.organizationId;
    },

    /** Stores samples; a sample a device already sent for the same moment is kept, not doubled. */
    async insertSamples(rows: SampleRow[]): Promise<void> {
      for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
        await db
          .insert(metricSamples)
          .values(rows.slice(i, i + INSERT_CHUNK))
          .onConflictDoNothing();
      }
    },

    /** Remembers devices whose samples are older than the usual look-back (the earliest time wins). */
    async markPending(entries: { deviceId: number; since: Date }[]): Promise<void> {
      if (entries.length === 0) return;
      await db
        .insert(metricRollupPending)
        .values(entries)
        .onConflictDoUpdate({
          target: metricRollupPending.deviceId,
          set: { since: sql`least(${metricRollupPending.since}, excluded.since)` },
        });
    },

    /** Takes (and removes) up to `limit` backlogged devices; in a transaction with the passes that use them. */
    async takePending(tx: Db, limit: number): Promise<{ deviceId: number; since: Date }[]> {
      const result = await tx.execute(sql`
        delete from metric_rollup_pending where device_id in (
          select device_id from metric_rollup_pending order by device_id limit ${limit} for update skip locked)
        returning device_id, since`);
      return rowsOf<{ device_id: number; since: string | Date }>(result).map((r) => ({
        deviceId: Number(r.device_id),
        since: new Date(r.since),
      }));
    },

    transaction<T>(work: (tx: Db) => Promise<T>): Promise<T> {
      return db.transaction(async (tx) => work(tx as unknown as Db));
    },

    /** 5-minute buckets from raw samples: min, average and max of every series, per filesystem too. */
    async rollupFiveMinutes(window: RollupWindow, on: Db = db): Promise<void> {
      await on.execute(sql`
        with src as (
          select s.device_id, s.organization_id, date_bin('300 seconds', s.at, ${EPOCH}) as bucket,
                 s.cpu_percent, s.memory_used_bytes, s.memory_total_bytes, s.network_in_bps, s.network_out_bps, s.disks
          from metric_samples s ${windowed(window, "s", "at", 300)}
        ),
        main as (
          select device_id, bucket, max(organization_id) as organization_id, count(*)::int as samples,
                 min(cpu_percent) as cpu_min, avg(cpu_percent) as cpu_avg, max(cpu_percent) as cpu_max,
                 min(memory_used_bytes) as mu_min, avg(memory_used_bytes) as mu_avg, max(memory_used_bytes) as mu_max,
                 max(memory_total_bytes) as mt_max,
                 min(network_in_bps) as ni_min, avg(network_in_bps) as ni_avg, max(network_in_bps) as ni_max,
                 min(network_out_bps) as no_min, avg(network_out_bps) as no_avg, max(network_out_bps) as no_max
          from src group by device_id, bucket
        ),
        per_disk as (
          select src.device_id, src.bucket, e->>'m' as m,
                 min((e->>'u')::float8) as mn, avg((e->>'u')::float8) as av, max((e->>'u')::float8) as mx,
                 max((e->>'t')::float8) as t, count(*)::int as n
          from src cross join lateral jsonb_array_elements(src.disks) e
          group by 1, 2, 3
        ),
        disk as (
          select device_id, bucket,
                 jsonb_agg(jsonb_build_object('m', m, 'min', mn, 'avg', av, 'max', mx, 't', t, 'n', n) order by m) as disks
          from per_disk group by device_id, bucket
        )
        insert into metric_rollups ${INSERT_COLUMNS}
        select main.device_id, 300, main.bucket, main.organization_id, main.samples,
               cpu_min, cpu_avg, cpu_max, mu_min, mu_avg, mu_max, mt_max,
               ni_min, ni_avg, ni_max, no_min, no_avg, no_max, coalesce(disk.disks, '[]'::jsonb)
        from main left join disk on disk.device_id = main.device_id and disk.bucket = main.bucket
        ${ON_CONFLICT}`);
    },

    /** Hourly buckets from the 5-minute ones: min of minimums, max of maximums, averages weighted by samples. */
    async rollupHours(window: RollupWindow, on: Db = db): Promise<void> {
      await on.execute(sql`
        with src as (
          select r.*, date_bin('3600 seconds', r.bucket, ${EPOCH}) as hour
          from metric_rollups r ${windowed(window, "r", "bucket", 3600)} and r.resolution = 300
        ),
        main as (
          select device_id, hour as bucket, max(organization_id) as organization_id, sum(samples)::int as samples,
                 min(cpu_min) as cpu_min, sum(cpu_avg * samples) / sum(samples) as cpu_avg, max(cpu_max) as cpu_max,
                 min(memory_used_min) as mu_min, sum(memory_used_avg * samples) / sum(samples) as mu_avg,
                 max(memory_used_max) as mu_max, max(memory_total_max) as mt_max,
                 min(network_in_min) as ni_min, sum(network_in_avg * samples) / sum(samples) as ni_avg,
                 max(network_in_max) as ni_max,
                 min(network_out_min) as no_min, sum(network_out_avg * samples) / sum(samples) as no_avg,
                 max(network_out_max) as no_max
          from src group by device_id, hour
        ),
        per_disk as (
          select src.device_id, src.hour as bucket, e->>'m' as m,
                 min((e->>'min')::float8) as mn,
                 sum((e->>'avg')::float8 * (e->>'n')::float8) / sum((e->>'n')::float8) as av,
                 max((e->>'max')::float8) as mx, max((e->>'t')::float8) as t, sum((e->>'n')::int) as n
          from src cross join lateral jsonb_array_elements(src.disks) e
          group by 1, 2, 3
        ),
        disk as (
          select device_id, bucket,
                 jsonb_agg(jsonb_build_object('m', m, 'min', mn, 'avg', av, 'max', mx, 't', t, 'n', n) order by m) as disks
          from per_disk group by device_id, bucket
        )
        insert into metric_rollups ${INSERT_COLUMNS}
        select main.device_id, 3600, main.bucket, main.organization_id, main.samples,
               cpu_min, cpu_avg, cpu_max, mu_min, mu_avg, mu_max, mt_max,
               ni_min, ni_avg, ni_max, no_min, no_avg, no_max, coalesce(disk.disks, '[]'::jsonb)
        from main left join disk on disk.device_id = main.device_id and disk.bucket = main.bucket
        ${ON_CONFLICT}`);
    },

    /** Deletes raw samples and rollups older than their retention; returns how many rows went. */
    async prune(cutoffs: { raw: Date; fiveMinutes: Date; hours: Date }): Promise<number> {
      const counts = await Promise.all([
        db
          .delete(metricSamples)
          .where(sql`${metricSamples.at} < ${iso(cutoffs.raw)}`)
          .returning({ d: metricSamples.deviceId }),
        db
          .delete(metricRollups)
          .where(
            sql`${metricRollups.resolution} = 300 and ${metricRollups.bucket} < ${iso(cutoffs.fiveMinutes)}`,
          )
          .returning({ d: metricRollups.deviceId }),
        db
          .delete(metricRollups)
          .where(sql`${metricRollups.resolution} = 3600 and ${metricRollups.bucket} < ${iso(cutoffs.hours)}`)
          .returning({ d: metricRollups.deviceId }),
      ]);
      return counts.reduce((n, rows) => n + rows.length, 0);
    },

    /** A device's raw samples from `from` on, oldest first. */
    raw(deviceId: number, from: Date) {
      return db
        .select({
          at: metricSamples.at,
          cpuPercent: metricSamples.cpuPercent,
          memoryUsedBytes: metricSamples.memoryUsedBytes,
          memoryTotalBytes: metricSamples.memoryTotalBytes,
          networkInBps: metricSamples.networkInBps,
          networkOutBps: metricSamples.networkOutBps,
          disks: metricSamples.disks,
        })
        .from(metricSamples)
        .where(and(eq(metricSamples.deviceId, deviceId), gte(metricSamples.at, from)))
        .orderBy(asc(metricSamples.at));
    },

    /** A device's rollups of one resolution from `from` on, oldest first. */
    rollups(deviceId: number, resolution: RollupResolution, from: Date) {
      return db
        .select()
        .from(metricRollups)
        .where(
          and(
            eq(metricRollups.deviceId, deviceId),
            eq(metricRollups.resolution, resolution),
            gte(metricRollups.bucket, from),
          ),
        )
        .orderBy(asc(metricRollups.bucket));
    },
  };
}

export type MetricsRepository = ReturnType<typeof createMetricsRepository>;
export type RawRow = Awaited<ReturnType<MetricsRepository["raw"]>>[number];
export type RollupRow = Awaited<ReturnType<MetricsRepository["rollups"]>>[number];
