import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { DeviceDetail, DeviceList } from "@steward/contracts";
import { twoOrganizations, type TwoOrganizations } from "../../testing/scope-fixtures.js";
import { TestClient } from "../../testing/test-app.js";

let { ctx, admin, scoped, a, b } = {} as TwoOrganizations;
const HOUR = 3_600_000;

beforeAll(async () => {
  ({ ctx, admin, scoped, a, b } = await twoOrganizations({
    permissions: ["devices.read", "devices.manage"],
    devices: { a: [{}, {}, {}, {}], b: [{}] },
  }));
  // The alerts area writes a device's health; here it is set as it would leave it.
  const [healthy, attention, unhealthy, unknown] = a.deviceIds as [number, number, number, number];
  const set = (id: number, status: string) =>
    ctx.deps.db.execute(sql`update devices set health_status = ${status} where id = ${id}`);
  await set(healthy, "HEALTHY");
  await set(attention, "NEEDS_ATTENTION");
  await set(unhealthy, "UNHEALTHY");
  await set(unknown, "UNKNOWN");
  await set(b.deviceIds[0]!, "UNHEALTHY");
});
afterAll(async () => {
  await ctx.close();
});

const list = async (client: TestClient, query: string) => {
  const res = await client.get(`/api/devices?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<DeviceList>();
};
const names = (l: DeviceList) => l.items.map((d) => d.hostname);

describe("device health in the grid", () => {
  it("answers each device's health, sorts by it and filters by it, within the caller's organizations", async () => {
    // Ascending (the grid's first click) is worst first; the codes' alphabetical order would put Healthy first.
    const all = await list(scoped, `search=${a.marker}&sort=health`);
    expect(all.items.map((d) => d.healthStatus)).toEqual([
      "UNHEALTHY",
      "NEEDS_ATTENTION",
      "UNKNOWN",
      "HEALTHY",
    ]);
    const best = await list(scoped, `search=${a.marker}&sort=-health`);
    expect(best.items.map((d) => d.healthStatus)).toEqual([
      "HEALTHY",
      "UNKNOWN",
      "NEEDS_ATTENTION",
      "UNHEALTHY",
    ]);
    const unhealthy = await list(scoped, "health=UNHEALTHY");
    expect(names(unhealthy)).toEqual([`${a.marker}-2`]);
    const both = await list(admin, "health=UNHEALTHY");
    expect(both.total).toBe(2);
  });

  it("offers the built-in searches Unhealthy devices and Needs attention", async () => {
    expect(names(await list(scoped, "builtIn=UNHEALTHY"))).toEqual([`${a.marker}-2`]);
    expect(names(await list(scoped, "builtIn=NEEDS_ATTENTION"))).toEqual([`${a.marker}-1`]);
  });

  it("refuses an unknown health", async () => {
    const res = await scoped.get("/api/devices?health=SICK");
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe("E_VALIDATION");
  });

  it("exports the health in the CSV", async () => {
    const res = await scoped.get(`/api/devices/export.csv?search=${a.marker}-1&columns=name,health`);
    expect(res.body.trim().split(/\r?\n/)).toEqual(["Name,Health", `${a.marker}-1,NEEDS_ATTENTION`]);
  });
});

describe("the maintenance badge", () => {
  it("marks the devices an open maintenance window covers, in the grid and on the device page", async () => {
    const [covered, other] = a.deviceIds as [number, number];
    const now = Date.now();
    const made = await admin.post(`/api/organizations/${a.organizationId}/maintenance-windows`, {
      name: "Patch night",
      targets: { deviceIds: [covered] },
      timing: {
        kind: "ONE_OFF",
        startsAt: new Date(now - HOUR).toISOString(),
        endsAt: new Date(now + HOUR).toISOString(),
      },
      suppress: { alerts: true, notifications: false, automations: false },
    });
    expect(made.statusCode, made.body).toBe(201);
    const page = await list(scoped, `search=${a.marker}`);
    expect(Object.fromEntries(page.items.map((d) => [d.id, d.inMaintenance]))).toMatchObject({
      [covered]: true,
      [other]: false,
    });
    const detail = (await scoped.get(`/api/devices/${covered}`)).json<DeviceDetail>();
    expect(detail.inMaintenance).toBe(true);
    expect((await scoped.get(`/api/devices/${other}`)).json<DeviceDetail>().inMaintenance).toBe(false);

    // A window that has not started yet covers nothing now.
    const later = await admin.post(`/api/organizations/${a.organizationId}/maintenance-windows`, {
      name: "Next week",
      targets: { deviceIds: [other] },
      timing: {
        kind: "ONE_OFF",
        startsAt: new Date(now + 24 * HOUR).toISOString(),
        endsAt: new Date(now + 25 * HOUR).toISOString(),
      },
      suppress: { alerts: true, notifications: true, automations: true },
    });
    expect(later.statusCode, later.body).toBe(201);
    expect((await scoped.get(`/api/devices/${other}`)).json<DeviceDetail>().inMaintenance).toBe(false);
  });

  it("401 signed out", async () => {
    expect((await new TestClient(ctx.app).get("/api/devices")).statusCode).toBe(401);
  });
});
