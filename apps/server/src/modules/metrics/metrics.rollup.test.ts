import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { agent } from "@steward/contracts";
import { createOrganization } from "../../testing/agent-harness.js";
import { enrollDevice } from "../../testing/device-fixtures.js";
import { createTestContext, type TestContext } from "../../testing/test-app.js";
import { samplesToRows } from "./metrics.ingest.js";
import { createMetricsRepository } from "./metrics.repository.js";
import { createRollupJob } from "./metrics.rollup.js";
import { createMetricsService } from "./metrics.service.js";
import { metricRollupPending, metricRollups, metricSamples } from "./metrics.tables.js";

let ctx: TestContext;
let place: { organizationId: number; locationId: number };
const MIN = 60_000;
const HOUR = 60 * MIN;
// A fixed moment on a whole hour, so bucket edges are easy to read.
const T0 = Date.UTC(2026, 10, 24, 10, 0, 0);

beforeAll(async () => {
  ctx = await createTestContext();
  place = await createOrganization(ctx);
}, 60_000);
afterAll(async () => ctx.close());

function message(samples: { at: number; cpu: number; used?: number; disk?: number }[], sentAt: number) {
  return {
    type: "metrics",
    v: 1,
    sentAt,
    samples: samples.map((s) => ({
      at: s.at,
      cpuPercent: s.cpu,
      memory: { usedBytes: s.used ?? 1000, totalBytes: 4000 },
      disks: s.disk === undefined ? [] : [{ mount: "/", usedBytes: s.disk, totalBytes: 10_000 }],
      network: { inBytesPerSecond: s.cpu * 10, outBytesPerSecond: 1 },
    })),
  } satisfies agent.MetricsMessage;
}

/** A service and a rollup job on a clock the test moves. */
function harness(start: number) {
  let now = start;
  const clock = () => new Date(now);
  const repo = createMetricsRepository(ctx.deps.db);
  const service = createMetricsService({ repo, clock });
  const job = createRollupJob(repo, clock);
  return { service, job, repo, at: (t: number) => (now = t) };
}

const rollupsOf = (deviceId: number, resolution: 300 | 3600) =>
  createMetricsRepository(ctx.deps.db).rollups(deviceId, resolution, new Date(0));

describe("samples from an agent", () => {
  it("moves samples onto the server's clock, drops those outside a day, and caps used at total", () => {
    const now = T0;
    const skewed = message(
      [
        { at: now - 10 * HOUR - 2 * MIN, cpu: 5 },
        { at: now - 10 * HOUR - MIN, cpu: 6 },
      ],
      now - 10 * HOUR,
    );
    // The agent's clock is 10 hours behind: its samples land 2 and 1 minutes ago.
    expect(samplesToRows(1, 1, skewed, now).map((r) => r.at.getTime())).toEqual([now - 2 * MIN, now - MIN]);
    const old = message(
      [
        { at: now - 25 * HOUR, cpu: 1 },
        { at: now + 5 * MIN, cpu: 2 },
        { at: now, cpu: 3 },
      ],
      now,
    );
    expect(samplesToRows(1, 1, old, now).map((r) => r.cpuPercent)).toEqual([3]);
    const over = message([{ at: now, cpu: 1, used: 9999 }], now);
    over.samples[0]!.disks = [
      { mount: "/", usedBytes: 50, totalBytes: 20 },
      { mount: "/", usedBytes: 1, totalBytes: 20 },
    ];
    const [row] = samplesToRows(1, 1, over, now);
    expect(row!.memoryUsedBytes).toBe(4000);
    expect(row!.disks).toEqual([{ m: "/", u: 20, t: 20 }]);
  });
});

describe("rollups and retention", () => {
  it("rolls raw samples into 5-minute and hourly buckets with min, average and max", async () => {
    const device = await enrollDevice(ctx, place);
    const h = harness(T0 + 10 * MIN);
    // 10:00–10:05: cpu 10, 20, 30, 40, 50; 10:05–10:10: cpu 60, 80 (disk on the first bucket only).
    const first = [10, 20, 30, 40, 50].map((cpu, i) => ({ at: T0 + i * MIN, cpu, disk: cpu * 10 }));
    const second = [60, 80].map((cpu, i) => ({ at: T0 + 5 * MIN + i * MIN, cpu }));
    expect(
      await h.service.accept(device.id, place.organizationId, message([...first, ...second], T0 + 10 * MIN)),
    ).toBe(7);
    await h.service.flush();
    await h.job.tick();
    const five = await rollupsOf(device.id, 300);
    expect(five.map((r) => [r.bucket.getTime() - T0, r.samples, r.cpuMin, r.cpuAvg, r.cpuMax])).toEqual([
      [0, 5, 10, 30, 50],
      [5 * MIN, 2, 60, 70, 80],
    ]);
    expect(five[0]!.networkInAvg).toBe(300);
    expect(five[0]!.disks).toEqual([{ m: "/", min: 100, avg: 300, max: 500, t: 10_000, n: 5 }]);
    expect(five[1]!.disks).toEqual([]);
    // The hour is not over: no hourly bucket yet.
    expect(await rollupsOf(device.id, 3600)).toEqual([]);

    // An hour later the hour 10:00 rolls up, weighted by samples: (5*30 + 2*70) / 7.
    h.at(T0 + HOUR + MIN);
    await h.job.tick();
    const hours = await rollupsOf(device.id, 3600);
    expect(hours).toHaveLength(1);
    expect(hours[0]!.bucket.getTime()).toBe(T0);
    expect([hours[0]!.samples, hours[0]!.cpuMin, hours[0]!.cpuMax]).toEqual([7, 10, 80]);
    expect(hours[0]!.cpuAvg).toBeCloseTo(290 / 7, 4);
    expect(hours[0]!.disks).toEqual([{ m: "/", min: 100, avg: 300, max: 500, t: 10_000, n: 5 }]);

    // Running again changes nothing (a repeated pass or a second node).
    const again = harness(T0 + HOUR + MIN);
    await again.job.tick();
    expect(await rollupsOf(device.id, 300)).toEqual(five);
    expect(await rollupsOf(device.id, 3600)).toEqual(hours);
  });

  it("catches up a backlog sent after an outage, once", async () => {
    const device = await enrollDevice(ctx, place);
    const h = harness(T0 + 3 * HOUR);
    await h.job.tick(); // the first pass; afterwards only the recent window is looked at
    h.at(T0 + 3 * HOUR + 5 * MIN);
    await h.job.tick();
    // Samples of 10:00–10:02 arrive at 13:05 (the agent kept them while offline).
    const backlog = [1, 2, 3].map((cpu, i) => ({ at: T0 + i * MIN, cpu }));
    await h.service.accept(device.id, place.organizationId, message(backlog, T0 + 3 * HOUR + 5 * MIN));
    await h.service.flush();
    const pending = await ctx.deps.db
      .select()
      .from(metricRollupPending)
      .where(eq(metricRollupPending.deviceId, device.id));
    expect(pending.map((p) => p.since.getTime())).toEqual([T0]);
    h.at(T0 + 3 * HOUR + 6 * MIN);
    const pass = await h.job.tick();
    expect(pass.pendingDevices).toBeGreaterThanOrEqual(1);
    expect((await rollupsOf(device.id, 300)).map((r) => [r.bucket.getTime() - T0, r.cpuAvg])).toEqual([
      [0, 2],
    ]);
    expect((await rollupsOf(device.id, 3600)).map((r) => [r.bucket.getTime() - T0, r.samples])).toEqual([
      [0, 3],
    ]);
    expect(
      await ctx.deps.db.select().from(metricRollupPending).where(eq(metricRollupPending.deviceId, device.id)),
    ).toEqual([]);
  });

  it("deletes raw samples after a day, 5-minute rollups after 30 days and hourly ones after a year", async () => {
    const device = await enrollDevice(ctx, place);
    const now = T0 + 400 * 24 * HOUR;
    const day = 24 * HOUR;
    const row = (at: number) => ({
      deviceId: device.id,
      organizationId: place.organizationId,
      at: new Date(at),
      cpuPercent: 1,
      memoryUsedBytes: 1,
      memoryTotalBytes: 2,
      networkInBps: 0,
      networkOutBps: 0,
      disks: [],
    });
    await ctx.deps.db.insert(metricSamples).values([row(now - day - MIN), row(now - day + 10 * MIN)]);
    const h = harness(now);
    await h.job.tick(); // rolls the raw sample still inside the day up, then prunes
    const rollup = (await rollupsOf(device.id, 300))[0]!;
    // Older buckets as the first storage layout held them, carried over into the packs.
    const copy = (resolution: number, bucket: number) => ({
      ...rollup,
      deviceId: device.id,
      resolution,
      bucket: new Date(bucket),
    });
    await ctx.deps.db
      .insert(metricRollups)
      .values([
        copy(300, now - 30 * day - 5 * MIN),
        copy(300, now - 29 * day),
        copy(3600, now - 366 * day),
        copy(3600, now - 365 * day - HOUR),
        copy(3600, now - 364 * day),
      ]);
    await h.repo.carryOverLegacyRollups();
    h.at(now + 5 * MIN);
    await h.job.tick();
    const raw = await ctx.deps.db.select().from(metricSamples).where(eq(metricSamples.deviceId, device.id));
    expect(raw.map((r) => r.at.getTime())).toEqual([now - day + 10 * MIN]);
    // How long ago each remaining bucket started, in minutes.
    const ages = async (resolution: 300 | 3600) =>
      (await rollupsOf(device.id, resolution)).map((k) => (now - k.bucket.getTime()) / MIN);
    const D = 24 * 60;
    const five = await ages(300);
    const hourly = await ages(3600);
    expect(five).toContain(29 * D);
    expect(hourly).toContain(364 * D);
    expect(five.filter((a) => a > 30 * D)).toEqual([]);
    // Rollups go a whole packed period at a time: the hour that ended 30 days ago went, and so did
    // the day 366 days ago; the day holding the year's edge stays until its last hour is past it.
    expect(hourly.filter((a) => a > 365 * D)).toEqual([365 * D + 60]);
  });
});
