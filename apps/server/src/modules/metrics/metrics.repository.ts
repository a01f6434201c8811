import { and, asc, eq, gte, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../platform/db/database.js";
import { inScope, type Scope } from "../../platform/identity/index.js";
import { devices } from "../devices/devices.tables.js";
import {
  metricRollupPending,
  metricSamples,
  ROLLUP_PERIOD_SECONDS,
  type StoredDisk,
  type StoredDiskRollup,
} from "./metrics.tables.js";

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

/** The series of a bucket, in the order the packed arrays and the bucket sources list them. */
const SERIES = [
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
] as const;
/** The element types, so a computed average (double precision) is stored in its column's type. */
const SERIES_TYPE: Record<(typeof SERIES)[number], string> = {
  samples: "int",
  cpu_min: "real",
  cpu_avg: "real",
  cpu_max: "real",
  memory_used_min: "float8",
  memory_used_avg: "float8",
  memory_used_max: "float8",
  memory_total_max: "float8",
  network_in_min: "float8",
  network_in_avg: "float8",
  network_in_max: "float8",
  network_out_min: "float8",
  network_out_avg: "float8",
  network_out_max: "float8",
};
/** Any constant, the same for every node: writers of the packs take a transaction lock on (it, resolution). */
const PACK_LOCK = 914_077;

const secs = (n: number) => sql.raw(`'${n} seconds'`);
const periodOf = (resolution: RollupResolution) => ROLLUP_PERIOD_SECONDS[resolution];
const slots = (resolution: RollupResolution) => periodOf(resolution) / resolution;

/**
 * A packed row's arrays side by side, one row per bucket (column i: its place, from 1). Each
 * array is read once per packed row: a large row's arrays may be stored out of line (TOAST), and
 * indexing into them bucket by bucket would fetch them again for every bucket.
 */
const UNNEST = sql.raw(
  `unnest(${SERIES.map((c) => `p.${c}`).join(", ")}, array(select jsonb_array_elements(p.disks))) ` +
    `with ordinality as u(${SERIES.join(", ")}, disks, i)`,
);

/**
 * The buckets of packed rows as rows again (device_id, organization_id, bucket, the SERIES and
 * disks), only those that hold samples. `where` filters the packs (alias p).
 */
function unpacked(resolution: RollupResolution, where: SQL): SQL {
  const series = sql.raw(SERIES.map((c) => `u.${c}`).join(", "));
  return sql`(select p.device_id, p.organization_id,
      p.period + (u.i - 1) * interval ${secs(resolution)} as bucket, ${series},
      coalesce(u.disks, '[]'::jsonb) as disks
    from metric_rollup_packs p cross join lateral ${UNNEST}
    where p.resolution = ${sql.raw(String(resolution))} and u.samples is not null and ${where})`;
}

/**
 * Writes buckets into their packed rows. `source` yields one row per device and bucket with the
 * columns device_id, organization_id, bucket, the SERIES and disks. Every other bucket of a
 * touched row keeps its value; a source bucket replaces the stored one, unless `keepStored` (then
 * only buckets not stored yet are filled). Writers of one resolution take turns (a transaction
 * lock), so two passes never merge into the same row from the same old version.
 */
async function mergeBuckets(
  on: Db,
  resolution: RollupResolution,
  source: SQL,
  keepStored = false,
): Promise<void> {
  const period = secs(periodOf(resolution));
  const res = sql.raw(String(resolution));
  // Whether element i keeps the stored value.
  const kept = keepStored ? "(s.device_id is null or o.samples is not null)" : "s.device_id is null";
  const merged = sql.raw(
    [
      ...SERIES.map((c) => `case when ${kept} then o.${c} else s.${c}::${SERIES_TYPE[c]} end as ${c}`),
      `case when ${kept} then o.disks else s.disks end as disks`,
    ].join(", "),
  );
  const packed = sql.raw(SERIES.map((c) => `array_agg(${c} order by i)`).join(", "));
  const columns = sql.raw(`(device_id, resolution, period, organization_id, ${SERIES.join(", ")}, disks)`);
  const update = sql.raw(
    ["organization_id", ...SERIES, "disks"].map((c) => `${c} = excluded.${c}`).join(", "),
  );
  await on.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${PACK_LOCK}, ${res})`);
    await tx.execute(sql`
      with src as ${source},
      s as (
        select src.*, date_bin(${period}, src.bucket, ${EPOCH}) as period,
               (extract(epoch from src.bucket - date_bin(${period}, src.bucket, ${EPOCH})) / ${res})::int + 1 as i
        from src
      ),
      k as (select device_id, period, max(organization_id) as organization_id from s group by 1, 2),
      o as (
        select p.device_id, p.period, u.*
        from k join metric_rollup_packs p
          on p.device_id = k.device_id and p.resolution = ${res} and p.period = k.period
        cross join lateral ${UNNEST}
      ),
      m as (
        select k.device_id, k.period, k.organization_id, g.i, ${merged}
        from k cross join generate_series(1, ${sql.raw(String(slots(resolution)))}) g(i)
        left join o on o.device_id = k.device_id and o.period = k.period and o.i = g.i
        left join s on s.device_id = k.device_id and s.period = k.period and s.i = g.i
      )
      insert into metric_rollup_packs ${columns}
      select device_id, ${res}, period, max(organization_id), ${packed}, jsonb_agg(disks order by i)
      from m group by device_id, period
      on conflict (device_id, resolution, period) do update set ${update}`);
  });
}

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
      await mergeBuckets(
        on,
        300,
        sql`(
        with src as (
          select s.device_id, s.organization_id, date_bin('300 seconds', s.at, ${EPOCH}) as bucket,
                 s.cpu_percent, s.memory_used_bytes, s.memory_total_bytes, s.network_in_bps, s.network_out_bps, s.disks
          from metric_samples s ${windowed(window, "s", "at", 300)}
        ),
        main as (
          select device_id, bucket, max(organization_id) as organization_id, count(*)::int as samples,
                 min(cpu_percent) as cpu_min, avg(cpu_percent) as cpu_avg, max(cpu_percent) as cpu_max,
                 min(memory_used_bytes) as memory_used_min, avg(memory_used_bytes) as memory_used_avg,
                 max(memory_used_bytes) as memory_used_max, max(memory_total_bytes) as memory_total_max,
                 min(network_in_bps) as network_in_min, avg(network_in_bps) as network_in_avg,
                 max(network_in_bps) as network_in_max,
                 min(network_out_bps) as network_out_min, avg(network_out_bps) as network_out_avg,
                 max(network_out_bps) as network_out_max
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
        select main.*, coalesce(disk.disks, '[]'::jsonb) as disks
        from main left join disk on disk.device_id = main.device_id and disk.bucket = main.bucket)`,
      );
    },

    /** Hourly buckets from the 5-minute ones: min of minimums, max of maximums, averages weighted by samples. */
    async rollupHours(window: RollupWindow, on: Db = db): Promise<void> {
      // The packed hours that can hold the window's 5-minute buckets.
      const packs =
        "from" in window
          ? sql`p.period >= date_bin('3600 seconds', ${iso(window.from)}, ${EPOCH}) and p.period < ${iso(window.to)}`
          : sql`p.device_id in (${sql.join(
              window.pending.map((x) => sql`${x.deviceId}::int`),
              sql`, `,
            )}) and p.period >= date_bin('3600 seconds', ${iso(
              new Date(Math.min(...window.pending.map((x) => x.since.getTime()))),
            )}, ${EPOCH}) and p.period < ${iso(window.to)}`;
      await mergeBuckets(
        on,
        3600,
        sql`(
        with src as (
          select r.*, date_bin('3600 seconds', r.bucket, ${EPOCH}) as hour
          from ${unpacked(300, packs)} r ${windowed(window, "r", "bucket", 3600)}
        ),
        main as (
          select device_id, hour as bucket, max(organization_id) as organization_id, sum(samples)::int as samples,
                 min(cpu_min) as cpu_min, sum(cpu_avg * samples) / sum(samples) as cpu_avg, max(cpu_max) as cpu_max,
                 min(memory_used_min) as memory_used_min,
                 sum(memory_used_avg * samples) / sum(samples) as memory_used_avg,
                 max(memory_used_max) as memory_used_max, max(memory_total_max) as memory_total_max,
                 min(network_in_min) as network_in_min,
                 sum(network_in_avg * samples) / sum(samples) as network_in_avg,
                 max(network_in_max) as network_in_max,
                 min(network_out_min) as network_out_min,
                 sum(network_out_avg * samples) / sum(samples) as network_out_avg,
                 max(network_out_max) as network_out_max
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
        select main.*, coalesce(disk.disks, '[]'::jsonb) as disks
        from main left join disk on disk.device_id = main.device_id and disk.bucket = main.bucket)`,
      );
    },

    /**
     * Deletes raw samples older than their retention, and packed periods whose every bucket is:
     * rollups go a whole period (an hour of 5-minute buckets, a day of hourly ones) at a time, once
     * its last bucket is past the retention. Returns how many rows went.
     */
    async prune(cutoffs: { raw: Date; fiveMinutes: Date; hours: Date }): Promise<number> {
      const expired = (resolution: RollupResolution, cutoff: Date) =>
        db.execute(sql`delete from metric_rollup_packs
          where resolution = ${sql.raw(String(resolution))}
            and period <= ${iso(cutoff)} - interval ${secs(periodOf(resolution))}
          returning device_id`);
      const counts = await Promise.all([
        db
          .delete(metricSamples)
          .where(sql`${metricSamples.at} < ${iso(cutoffs.raw)}`)
          .returning({ d: metricSamples.deviceId }),
        expired(300, cutoffs.fiveMinutes).then((r) => rowsOf(r)),
        expired(3600, cutoffs.hours).then((r) => rowsOf(r)),
      ]);
      return counts.reduce((n, rows) => n + rows.length, 0);
    },

    /**
     * Carries the rows of the first rollup layout (metric_rollups, one row per bucket) over into
     * the packs, a batch of devices per transaction, and deletes them there; a bucket the packs
     * already hold keeps its value. Answers how many rows moved (0 once the old table is empty).
     */
    async carryOverLegacyRollups(devicesPerBatch = 100): Promise<number> {
      let moved = 0;
      let next = 0;
      for (;;) {
        const [first] = rowsOf<{ d: number | null }>(
          await db.execute(sql`select min(device_id) as d from metric_rollups where device_id >= ${next}`),
        );
        if (first?.d == null) return moved;
        const lo = Number(first.d);
        const hi = lo + devicesPerBatch;
        moved += await db.transaction(async (t) => {
          const tx = t as unknown as Db;
          for (const resolution of [300, 3600] as const)
            await mergeBuckets(
              tx,
              resolution,
              sql`(select device_id, organization_id, bucket, ${sql.raw(SERIES.join(", "))}, disks
                   from metric_rollups
                   where resolution = ${sql.raw(String(resolution))} and device_id >= ${lo} and device_id < ${hi})`,
              true,
            );
          const gone = await tx.execute(
            sql`delete from metric_rollups where device_id >= ${lo} and device_id < ${hi} returning device_id`,
          );
          return rowsOf(gone).length;
        });
        next = hi;
      }
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

    /** A device's rollup buckets of one resolution from `from` on, oldest first. */
    async rollups(deviceId: number, resolution: RollupResolution, from: Date): Promise<RollupRow[]> {
      const result = await db.execute(sql`
        select * from ${unpacked(
          resolution,
          sql`p.device_id = ${deviceId}
            and p.period >= date_bin(${secs(periodOf(resolution))}, ${iso(from)}, ${EPOCH})`,
        )} r
        where r.bucket >= ${iso(from)} order by r.bucket`);
      return rowsOf<Record<string, unknown>>(result).map(toRollupRow);
    },
  };
}

/** One rollup bucket of a device, as charts draw it. */
export interface RollupRow {
  bucket: Date;
  organizationId: number;
  samples: number;
  cpuMin: number;
  cpuAvg: number;
  cpuMax: number;
  memoryUsedMin: number;
  memoryUsedAvg: number;
  memoryUsedMax: number;
  memoryTotalMax: number;
  networkInMin: number;
  networkInAvg: number;
  networkInMax: number;
  networkOutMin: number;
  networkOutAvg: number;
  networkOutMax: number;
  disks: StoredDiskRollup[];
}

function toRollupRow(r: Record<string, unknown>): RollupRow {
  const n = (c: string) => Number(r[c]);
  const disks = typeof r.disks === "string" ? (JSON.parse(r.disks) as unknown) : r.disks;
  return {
    bucket: new Date(r.bucket as string | Date),
    organizationId: n("organization_id"),
    samples: n("samples"),
    cpuMin: n("cpu_min"),
    cpuAvg: n("cpu_avg"),
    cpuMax: n("cpu_max"),
    memoryUsedMin: n("memory_used_min"),
    memoryUsedAvg: n("memory_used_avg"),
    memoryUsedMax: n("memory_used_max"),
    memoryTotalMax: n("memory_total_max"),
    networkInMin: n("network_in_min"),
    networkInAvg: n("network_in_avg"),
    networkInMax: n("network_in_max"),
    networkOutMin: n("network_out_min"),
    networkOutAvg: n("network_out_avg"),
    networkOutMax: n("network_out_max"),
    disks: (disks ?? []) as StoredDiskRollup[],
  };
}

export type MetricsRepository = ReturnType<typeof createMetricsRepository>;
export type RawRow = Awaited<ReturnType<MetricsRepository["raw"]>>[number];
