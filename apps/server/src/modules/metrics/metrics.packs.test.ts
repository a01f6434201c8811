import { and, asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { agent } from "@steward/contracts";
import { scopeOfOrganizations, systemScope } from "../../platform/identity/index.js";
import { createOrganization } from "../../testing/agent-harness.js";
import { enrollDevice } from "../../testing/device-fixtures.js";
import { createTestContext, type TestContext } from "../../testing/test-app.js";
import { createMetricsRepository } from "./metrics.repository.js";
import { createRollupJob } from "./metrics.rollup.js";
import { createMetricsService } from "./metrics.service.js";
import { metricRollupPacks, metricRollups } from "./metrics.tables.js";

let ctx: TestContext;
let place: { organizationId: number; locationId: number };
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY0 = Date.UTC(2026, 10, 24);
const FULL_SCOPE = systemScope;

beforeAll(async () => {
  ctx = await createTestContext();
  place = await createOrganization(ctx);
}, 60_000);
afterAll(async () => ctx.close());

function message(samples: { at: number; cpu: number }[], sentAt: number): agent.MetricsMessage {
  return {
    type: "metrics",
    v: 1,
    sentAt,
    samples: samples.map((s) => ({
      at: s.at,
      cpuPercent: s.cpu,
      memory: { usedBytes: 1000, totalBytes: 4000 },
      disks: [{ mount: "/", usedBytes: s.cpu * 100, totalBytes: 10_000 }],
      network: { inBytesPerSecond: 1, outBytesPerSecond: 1 },
    })),
  };
}

function harness(start: number) {
  let now = start;
  const clock = () => new Date(now);
  const repo = createMetricsRepository(ctx.deps.db);
  const service = createMetricsService({ repo, clock });
  const job = createRollupJob(repo, clock);
  const send = async (deviceId: number, samples: { at: number; cpu: number }[]) => {
    await service.accept(deviceId, place.organizationId, message(samples, now));
    await service.flush();
  };
  return { service, job, repo, send, at: (t: number) => (now = t) };
}

/** The stored packs of a device and resolution: period start and which buckets hold samples. */
async function packsOf(deviceId: number, resolution: 300 | 3600) {
  const rows = await ctx.deps.db
    // The raw array (a mapped integer array would turn an empty bucket's null into NaN).
    .select({
      period: metricRollupPacks.period,
      samples: sql<(number | null)[]>`array_to_json(${metricRollupPacks.samples})`,
    })
    .from(metricRollupPacks)
    .where(and(eq(metricRollupPacks.deviceId, deviceId), eq(metricRollupPacks.resolution, resolution)))
    .orderBy(asc(metricRollupPacks.period));
  return rows.map((r) => ({ period: r.period.getTime(), samples: r.samples }));
}

const nulls = (n: number) => new Array<null>(n).fill(null);

describe("packed rollups", () => {
  it("puts a bucket into the period that holds it: 5-minute buckets per hour, hourly buckets per day", async () => {
    const device = await enrollDevice(ctx, place);
    const h = harness(DAY0 + 24 * HOUR + HOUR + MIN);
    // 23:55 (the last 5-minute bucket of the hour, the last hour of the day) and 00:00 the day after.
    await h.send(device.id, [
      { at: DAY0 + 23 * HOUR + 55 * MIN, cpu: 10 },
      { at: DAY0 + 24 * HOUR, cpu: 20 },
    ]);
    await h.job.tick();
    expect(await packsOf(device.id, 300)).toEqual([
      { period: DAY0 + 23 * HOUR, samples: [...nulls(11), 1] },
      { period: DAY0 + 24 * HOUR, samples: [1, ...nulls(11)] },
    ]);
    expect(await packsOf(device.id, 3600)).toEqual([
      { period: DAY0, samples: [...nulls(23), 1] },
      { period: DAY0 + 24 * HOUR, samples: [1, ...nulls(23)] },
    ]);
    // Read back as buckets, in time order, across both periods.
    const five = await h.repo.rollups(device.id, 300, new Date(DAY0));
    expect(five.map((r) => [r.bucket.getTime() - DAY0, r.cpuAvg, r.disks[0]?.avg])).toEqual([
      [23 * HOUR + 55 * MIN, 10, 1000],
      [24 * HOUR, 20, 2000],
    ]);
    const chart = await h.service.forDevice(FULL_SCOPE, device.id, "24h");
    expect(chart.times).toEqual([(DAY0 + 23 * HOUR + 55 * MIN) / 1000, (DAY0 + 24 * HOUR) / 1000]);
    expect(chart.cpu.avg).toEqual([10, 20]);
    const week = await h.service.forDevice(FULL_SCOPE, device.id, "7d");
    expect(week.times).toEqual([(DAY0 + 23 * HOUR) / 1000, (DAY0 + 24 * HOUR) / 1000]);
    // A bucket starting before the range's first bucket is not drawn.
    expect(await h.repo.rollups(device.id, 300, new Date(DAY0 + 24 * HOUR))).toHaveLength(1);
  });

  it("keeps the buckets a period already holds when a later pass adds one, and leaves gaps empty", async () => {
    const device = await enrollDevice(ctx, place);
    const T = DAY0 + 10 * HOUR;
    const h = harness(T + 6 * MIN);
    await h.job.tick(); // the first pass after a start
    await h.send(device.id, [
      { at: T, cpu: 10 },
      { at: T + MIN, cpu: 30 },
    ]);
    h.at(T + 10 * MIN);
    await h.job.tick();
    // Later in the same hour, then nothing until 13:10 (the job ticks every few minutes).
    h.at(T + 32 * MIN);
    await h.send(device.id, [{ at: T + 31 * MIN, cpu: 50 }]);
    h.at(T + 35 * MIN);
    await h.job.tick();
    expect(await packsOf(device.id, 300)).toEqual([{ period: T, samples: [2, ...nulls(5), 1, ...nulls(5)] }]);
    h.at(T + HOUR + MIN);
    await h.job.tick();
    h.at(T + 3 * HOUR + 11 * MIN);
    await h.send(device.id, [{ at: T + 3 * HOUR + 10 * MIN, cpu: 70 }]);
    h.at(T + 3 * HOUR + 15 * MIN);
    await h.job.tick();
    h.at(T + 4 * HOUR + MIN);
    await h.job.tick();
    expect((await packsOf(device.id, 300)).map((p) => p.period)).toEqual([T, T + 3 * HOUR]);
    // The day of hourly buckets: 10:00 and 13:00, nothing invented for 11:00 and 12:00.
    expect(await packsOf(device.id, 3600)).toEqual([
      { period: DAY0, samples: [...nulls(10), 3, null, null, 1, ...nulls(10)] },
    ]);
    const week = await h.service.forDevice(FULL_SCOPE, device.id, "7d");
    expect(week.times).toEqual([T / 1000, (T + 3 * HOUR) / 1000]);
    expect(week.cpu.avg).toEqual([30, 70]);
    expect(week.cpu.min).toEqual([10, 70]);
    const day = await h.service.forDevice(FULL_SCOPE, device.id, "24h");
    expect(day.cpu.avg).toEqual([20, 50, 70]);
  });

  it("carries rows of the first layout over once, a bucket already packed keeping its value", async () => {
    const device = await enrollDevice(ctx, place);
    const T = DAY0 + 5 * HOUR;
    const h = harness(T + 20 * MIN);
    await h.send(device.id, [{ at: T, cpu: 40 }]);
    await h.job.tick(); // packs 05:00 from the raw sample (cpu 40)
    const legacy = (bucket: number, cpu: number, resolution = 300) => ({
      deviceId: device.id,
      organizationId: place.organizationId,
      resolution,
      bucket: new Date(bucket),
      samples: 5,
      cpuMin: cpu,
      cpuAvg: cpu,
      cpuMax: cpu,
      memoryUsedMin: 1,
      memoryUsedAvg: 2,
      memoryUsedMax: 3,
      memoryTotalMax: 4,
      networkInMin: 0,
      networkInAvg: 0,
      networkInMax: 0,
      networkOutMin: 0,
      networkOutAvg: 0,
      networkOutMax: 0,
      disks: [{ m: "/", min: 1, avg: 2, max: 3, t: 10, n: 5 }],
    });
    await ctx.deps.db
      .insert(metricRollups)
      .values([legacy(T, 99), legacy(T + 5 * MIN, 7), legacy(T - HOUR, 8), legacy(T - 2 * HOUR, 9, 3600)]);
    expect(await h.repo.carryOverLegacyRollups()).toBe(4);
    const five = await h.repo.rollups(device.id, 300, new Date(DAY0));
    expect(five.map((r) => [r.bucket.getTime() - T, r.cpuAvg])).toEqual([
      [-HOUR, 8],
      [0, 40],
      [5 * MIN, 7],
    ]);
    expect(five[2]!.disks).toEqual([{ m: "/", min: 1, avg: 2, max: 3, t: 10, n: 5 }]);
    expect(five[2]!.memoryTotalMax).toBe(4);
    const hours = await h.repo.rollups(device.id, 3600, new Date(DAY0));
    expect(hours.map((r) => [r.bucket.getTime() - T, r.cpuAvg])).toEqual([[-2 * HOUR, 9]]);
    expect(
      await ctx.deps.db.select().from(metricRollups).where(eq(metricRollups.deviceId, device.id)),
    ).toEqual([]);
    expect(await h.repo.carryOverLegacyRollups()).toBe(0);
  });

  it("answers another organization's device like a missing one, though it has rollups", async () => {
    const other = await createOrganization(ctx);
    const device = await enrollDevice(ctx, other);
    const h = harness(DAY0 + 2 * HOUR);
    await h.service.accept(
      device.id,
      other.organizationId,
      message([{ at: DAY0 + HOUR, cpu: 5 }], DAY0 + 2 * HOUR),
    );
    await h.service.flush();
    await h.job.tick();
    expect(await packsOf(device.id, 300)).toHaveLength(1);
    const onlyMine = scopeOfOrganizations([place.organizationId]);
    for (const id of [device.id, 987_654]) {
      await expect(h.service.forDevice(onlyMine, id, "24h")).rejects.toMatchObject({
        code: "E_DEVICE_NOT_FOUND",
        statusCode: 404,
      });
    }
    expect((await h.service.forDevice(FULL_SCOPE, device.id, "24h")).cpu.avg).toEqual([5]);
  });
});
