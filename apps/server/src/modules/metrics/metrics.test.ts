import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DeviceMetrics } from "@steward/contracts";
import { MISSING, twoOrganizations, type TwoOrganizations } from "../../testing/scope-fixtures.js";
import { signedInClient, TestClient } from "../../testing/test-app.js";
import { createMetricsRepository } from "./metrics.repository.js";
import { metricRollups, metricSamples } from "./metrics.tables.js";

let world: TwoOrganizations;
const MIN = 60_000;

const sampleRow = (deviceId: number, organizationId: number, at: Date, cpu: number) => ({
  deviceId,
  organizationId,
  at,
  cpuPercent: cpu,
  memoryUsedBytes: 4e9,
  memoryTotalBytes: 8e9,
  networkInBps: 1000,
  networkOutBps: 500,
  disks: [
    { m: "/", u: 50e9, t: 100e9 },
    { m: "/data", u: 1e9, t: 4e9 },
  ],
});

const rollupRow = (deviceId: number, organizationId: number, resolution: 300 | 3600, bucket: Date) => ({
  deviceId,
  organizationId,
  resolution,
  bucket,
  samples: resolution === 300 ? 5 : 60,
  cpuMin: 1,
  cpuAvg: 2,
  cpuMax: 3,
  memoryUsedMin: 1,
  memoryUsedAvg: 2,
  memoryUsedMax: 3,
  memoryTotalMax: 8,
  networkInMin: 0,
  networkInAvg: 1,
  networkInMax: 2,
  networkOutMin: 0,
  networkOutAvg: 1,
  networkOutMax: 2,
  disks: [{ m: "/", min: 1, avg: 2, max: 3, t: 10, n: 5 }],
});

beforeAll(async () => {
  world = await twoOrganizations({ permissions: ["devices.read"] });
  const { ctx, a } = world;
  const [deviceId] = a.deviceIds;
  const now = Date.now();
  // Raw samples: 3 in the last hour, one 2 hours ago (outside "1h").
  await ctx.deps.db
    .insert(metricSamples)
    .values([
      sampleRow(deviceId!, a.organizationId, new Date(now - 130 * MIN), 90),
      sampleRow(deviceId!, a.organizationId, new Date(now - 3 * MIN), 10),
      sampleRow(deviceId!, a.organizationId, new Date(now - 2 * MIN), 20),
      sampleRow(deviceId!, a.organizationId, new Date(now - 1 * MIN), 30),
    ]);
  const five = Math.floor(now / 300_000) * 300_000;
  const hour = Math.floor(now / 3_600_000) * 3_600_000;
  await ctx.deps.db.insert(metricRollups).values([
    rollupRow(deviceId!, a.organizationId, 300, new Date(five - 300_000)),
    rollupRow(deviceId!, a.organizationId, 300, new Date(five - 2 * 86_400_000)),
    rollupRow(deviceId!, a.organizationId, 3600, new Date(hour - 3_600_000)),
    rollupRow(deviceId!, a.organizationId, 3600, new Date(hour - 10 * 86_400_000)),
    rollupRow(deviceId!, a.organizationId, 3600, new Date(hour - 40 * 86_400_000)),
    // Another organization's device has a history too (it must still answer like a missing one).
    rollupRow(world.b.deviceIds[0]!, world.b.organizationId, 300, new Date(five - 300_000)),
  ]);
  // The rows above are in the first storage layout: carried over into the packs as at start-up.
  await createMetricsRepository(ctx.deps.db).carryOverLegacyRollups();
}, 60_000);
afterAll(async () => world.ctx.close());

const url = (id: number, range?: string) => `/api/devices/${id}/metrics${range ? `?range=${range}` : ""}`;

describe("GET /api/devices/:id/metrics", () => {
  it("answers 401 signed out and 403 without devices.read", async () => {
    const { ctx, a } = world;
    expect((await new TestClient(ctx.app).get(url(a.deviceIds[0]!))).statusCode).toBe(401);
    const none = (await signedInClient(ctx, { permissions: ["organizations.read"] })).client;
    expect((await none.get(url(a.deviceIds[0]!))).statusCode).toBe(403);
  });

  it("1h answers the raw samples of the last hour, oldest first, aligned with every series", async () => {
    const res = await world.scoped.get(url(world.a.deviceIds[0]!, "1h"));
    expect(res.statusCode).toBe(200);
    const body = res.json<DeviceMetrics>();
    expect(body.resolution).toBe("raw");
    expect(body.stepSeconds).toBe(60);
    expect(body.times).toHaveLength(3);
    expect(body.cpu.avg).toEqual([10, 20, 30]);
    expect(body.cpu.min).toEqual([10, 20, 30]);
    expect(body.memory.totalBytes).toBe(8e9);
    expect(body.memory.used.max).toEqual([4e9, 4e9, 4e9]);
    expect(body.disks.map((d) => [d.mount, d.totalBytes])).toEqual([
      ["/", 100e9],
      ["/data", 4e9],
    ]);
    expect(body.network.in.avg).toEqual([1000, 1000, 1000]);
    expect(body.network.out.avg).toEqual([500, 500, 500]);
  });

  it("chooses 5-minute rollups for 24h and hourly ones for 7d and 30d, within the range", async () => {
    const id = world.a.deviceIds[0]!;
    const day = (await world.scoped.get(url(id, "24h"))).json<DeviceMetrics>();
    expect([day.resolution, day.stepSeconds, day.times.length]).toEqual(["5m", 300, 1]);
    expect(day.cpu).toEqual({ min: [1], avg: [2], max: [3] });
    expect(day.disks).toEqual([{ mount: "/", used: { min: [1], avg: [2], max: [3] }, totalBytes: 10 }]);
    const week = (await world.scoped.get(url(id, "7d"))).json<DeviceMetrics>();
    expect([week.resolution, week.stepSeconds, week.times.length]).toEqual(["1h", 3600, 1]);
    const month = (await world.scoped.get(url(id, "30d"))).json<DeviceMetrics>();
    expect([month.resolution, month.times.length]).toEqual(["1h", 2]);
    // The default range is 24 hours.
    expect((await world.scoped.get(url(id))).json<DeviceMetrics>().range).toBe("24h");
  });

  it("answers an empty history for a device without samples", async () => {
    const body = (await world.scoped.get(url(world.a.deviceIds[1]!, "1h"))).json<DeviceMetrics>();
    expect(body.times).toEqual([]);
    expect(body.disks).toEqual([]);
    expect(body.memory.totalBytes).toBeNull();
  });

  it("answers a device outside the caller's scope exactly like a missing one", async () => {
    const outside = await world.scoped.get(url(world.b.deviceIds[0]!));
    const missing = await world.scoped.get(url(MISSING));
    expect(outside.statusCode).toBe(404);
    const { requestId: _a, ...outsideBody } = outside.json<Record<string, unknown>>();
    const { requestId: _b, ...missingBody } = missing.json<Record<string, unknown>>();
    expect(outsideBody).toEqual(missingBody);
    expect([missing.statusCode, missing.json().code]).toEqual([404, "E_DEVICE_NOT_FOUND"]);
    // The same device is readable by a technician of every organization, with its history.
    const full = await world.full.get(url(world.b.deviceIds[0]!));
    expect(full.statusCode).toBe(200);
    expect(full.json<DeviceMetrics>().cpu.avg).toEqual([2]);
  });

  it("refuses a range it does not know", async () => {
    const res = await world.scoped.get(url(world.a.deviceIds[0]!, "2h"));
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe("E_VALIDATION");
  });
});
