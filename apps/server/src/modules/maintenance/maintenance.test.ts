import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type {
  MaintenanceWindow,
  MaintenanceWindowList,
  SaveMaintenanceWindowRequest,
} from "@steward/contracts";
import { buildServices } from "../../services.js";
import { twoOrganizations, type TwoOrganizations } from "../../testing/scope-fixtures.js";
import { signedInClient, TestClient } from "../../testing/test-app.js";

let { ctx, admin, scoped, a, b } = {} as TwoOrganizations;

beforeAll(async () => {
  ({ ctx, admin, scoped, a, b } = await twoOrganizations({
    permissions: ["organizations.read", "devices.read", "devices.manage"],
  }));
});
afterAll(async () => {
  await ctx.close();
});

const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();
const suppressAll = { alerts: true, notifications: true, automations: true };

function oneOff(
  targets: SaveMaintenanceWindowRequest["targets"],
  fromMs: number,
  toMs: number,
  name = "Patch night",
) {
  return {
    name,
    targets,
    timing: { kind: "ONE_OFF" as const, startsAt: iso(fromMs), endsAt: iso(toMs) },
    suppress: suppressAll,
  };
}

async function create(client: TestClient, url: string, body: unknown): Promise<MaintenanceWindow> {
  const res = await client.post(url, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<MaintenanceWindow>();
}

describe("maintenance windows access", () => {
  it("401 signed out, 403 without the permission, 200/201 with it", async () => {
    const anonymous = new TestClient(ctx.app);
    expect((await anonymous.get("/api/maintenance-windows")).statusCode).toBe(401);
    const reader = (await signedInClient(ctx, { permissions: ["devices.read"] })).client;
    expect((await reader.get("/api/maintenance-windows")).statusCode).toBe(200);
    const body = oneOff({ organizationIds: [a.organizationId] }, Date.now(), Date.now() + HOUR);
    expect(
      (await reader.post(`/api/organizations/${a.organizationId}/maintenance-windows`, body)).statusCode,
    ).toBe(403);
    const nobody = (await signedInClient(ctx, { permissions: [] })).client;
    expect((await nobody.get("/api/maintenance-windows")).statusCode).toBe(403);
    const made = await create(scoped, `/api/organizations/${a.organizationId}/maintenance-windows`, body);
    expect((await reader.get(`/api/maintenance-windows/${made.id}`)).statusCode).toBe(200);
    expect((await reader.delete(`/api/maintenance-windows/${made.id}`)).statusCode).toBe(403);
    expect((await scoped.delete(`/api/maintenance-windows/${made.id}`)).statusCode).toBe(204);
  });
});

describe("saving windows", () => {
  it("refuses an end before the start, nothing to suppress, no target, and End After", async () => {
    const url = `/api/organizations/${a.organizationId}/maintenance-windows`;
    const now = Date.now();
    const backwards = await admin.post(url, oneOff({ deviceIds: [a.deviceIds[0]!] }, now, now - 1));
    expect(backwards.statusCode).toBe(400);
    expect(backwards.body).toContain("The end must be after the start");
    const nothing = await admin.post(url, {
      ...oneOff({ deviceIds: [a.deviceIds[0]!] }, now, now + HOUR),
      suppress: { alerts: false, notifications: false, automations: false },
    });
    expect(nothing.body).toContain("Choose at least one thing to suppress");
    const noTarget = await admin.post(url, oneOff({}, now, now + HOUR));
    expect(noTarget.body).toContain("Choose at least one device, group, location or organization");
    const after = await admin.post(url, {
      name: "Counted",
      targets: { organizationIds: [a.organizationId] },
      timing: {
        kind: "RECURRING",
        schedule: { repeats: "DAILY", end: { type: "AFTER", occurenceCount: 3 } },
        timeZone: "UTC",
        durationMinutes: 60,
      },
      suppress: suppressAll,
    });
    expect(after.statusCode).toBe(400);
    expect(after.body).toContain("A maintenance window ends never or on a date");
  });

  it("edits and deletes; the list sorts windows into active, upcoming and past", async () => {
    const url = `/api/organizations/${b.organizationId}/maintenance-windows`;
    const now = Date.now();
    const active = await create(
      admin,
      url,
      oneOff({ locationIds: [b.locationId] }, now - HOUR, now + HOUR, "Now"),
    );
    const upcoming = await create(
      admin,
      url,
      oneOff({ deviceIds: [b.deviceIds[0]!] }, now + HOUR, now + 2 * HOUR),
    );
    const past = await create(
      admin,
      url,
      oneOff({ deviceIds: [b.deviceIds[0]!] }, now - 2 * HOUR, now - HOUR),
    );
    expect([active.status, upcoming.status, past.status]).toEqual(["ACTIVE", "UPCOMING", "PAST"]);
    expect(active.activeUntil).toBe(iso(now + HOUR));
    expect(active.organizationName).not.toBeNull();
    const onlyActive = (await admin.get(`${url}?status=ACTIVE`)).json<MaintenanceWindowList>();
    expect(onlyActive.items.map((w) => w.id)).toEqual([active.id]);

    const edited = await admin.put(`/api/maintenance-windows/${upcoming.id}`, {
      ...oneOff({ deviceIds: [b.deviceIds[0]!] }, now - HOUR, now + HOUR, "Moved"),
      suppress: { alerts: true, notifications: false, automations: false },
    });
    expect(edited.json()).toMatchObject({
      name: "Moved",
      status: "ACTIVE",
      suppress: { notifications: false },
    });
    const disabled = await admin.put(`/api/maintenance-windows/${upcoming.id}`, {
      ...oneOff({ deviceIds: [b.deviceIds[0]!] }, now - HOUR, now + HOUR, "Moved"),
      enabled: false,
    });
    expect(disabled.json().status).not.toBe("ACTIVE");
    for (const w of [active, upcoming, past])
      expect((await admin.delete(`/api/maintenance-windows/${w.id}`)).statusCode).toBe(204);
    expect((await admin.get(`/api/maintenance-windows/${past.id}`)).statusCode).toBe(404);
  });
});

describe("scope", () => {
  it("a technician limited to A sees and changes only A's windows; B's and system-wide ones answer like missing ones", async () => {
    const now = Date.now();
    const ofB = await create(
      admin,
      `/api/organizations/${b.organizationId}/maintenance-windows`,
      oneOff({ organizationIds: [b.organizationId] }, now, now + HOUR, "Secret B"),
    );
    const system = await create(
      admin,
      "/api/maintenance-windows",
      oneOff({ organizationIds: [a.organizationId, b.organizationId] }, now, now + HOUR, "Everyone"),
    );
    const list = (await scoped.get("/api/maintenance-windows")).json<MaintenanceWindowList>();
    expect(list.items.map((w) => w.name)).not.toContain("Secret B");
    expect(list.items.map((w) => w.name)).not.toContain("Everyone");
    for (const id of [ofB.id, system.id, 2_000_000_000]) {
      const res = await scoped.get(`/api/maintenance-windows/${id}`);
      expect([res.statusCode, res.json().code]).toEqual([404, "E_NOT_FOUND"]);
      expect((await scoped.delete(`/api/maintenance-windows/${id}`)).statusCode).toBe(404);
    }
    const listB = await scoped.get(`/api/organizations/${b.organizationId}/maintenance-windows`);
    expect(listB.json().code).toBe("E_ORGANIZATION_NOT_FOUND");
    // A system-wide window needs every organization.
    const sys = await scoped.post(
      "/api/maintenance-windows",
      oneOff({ organizationIds: [a.organizationId] }, now, now + HOUR),
    );
    expect([sys.statusCode, sys.json().code]).toEqual([403, "E_FORBIDDEN"]);
    // An organization's window cannot reach another organization's devices or locations.
    const urlA = `/api/organizations/${a.organizationId}/maintenance-windows`;
    const otherDevice = await admin.post(urlA, oneOff({ deviceIds: [b.deviceIds[0]!] }, now, now + HOUR));
    expect(otherDevice.json().code).toBe("E_DEVICE_NOT_FOUND");
    const otherLocation = await scoped.post(urlA, oneOff({ locationIds: [b.locationId] }, now, now + HOUR));
    expect(otherLocation.json().code).toBe("E_LOCATION_NOT_FOUND");
    await admin.delete(`/api/maintenance-windows/${ofB.id}`);
    await admin.delete(`/api/maintenance-windows/${system.id}`);
  });
});

describe("which devices are in maintenance", () => {
  it("answers from the windows at the instant asked about, per suppression", async () => {
    const now = Date.now();
    const w = await create(admin, `/api/organizations/${a.organizationId}/maintenance-windows`, {
      ...oneOff({ deviceIds: [a.deviceIds[0]!] }, now - HOUR, now + HOUR, "Alerts only"),
      suppress: { alerts: true, notifications: false, automations: false },
    });
    const m = ctx.services.maintenance;
    expect(await m.isInMaintenance(a.deviceIds[0]!, new Date(now), "alerts")).toBe(true);
    expect(await m.isInMaintenance(a.deviceIds[0]!, new Date(now), "notifications")).toBe(false);
    expect(await m.isInMaintenance(a.deviceIds[1]!, new Date(now), "alerts")).toBe(false);
    expect(await m.isInMaintenance(a.deviceIds[0]!, new Date(now + 2 * HOUR), "alerts")).toBe(false);
    await admin.delete(`/api/maintenance-windows/${w.id}`);
  });

  it("an organization's window over a group covers only that organization's members", async () => {
    const now = Date.now();
    const group = await admin.post("/api/saved-searches", {
      name: `Both ${now}`,
      criteria: { organizationIds: [a.organizationId, b.organizationId] },
    });
    expect(group.statusCode, group.body).toBe(201);
    const w = await create(
      admin,
      `/api/organizations/${a.organizationId}/maintenance-windows`,
      oneOff({ groupIds: [group.json().id] }, now - HOUR, now + HOUR, "Group"),
    );
    const inMaintenance = await ctx.services.maintenance.devicesInMaintenance(new Date(now));
    expect(a.deviceIds.every((id) => inMaintenance.has(id))).toBe(true);
    expect(b.deviceIds.some((id) => inMaintenance.has(id))).toBe(false);
    await admin.delete(`/api/maintenance-windows/${w.id}`);
  });

  it("a window that ended while the server was down is over when it starts again", async () => {
    const now = Date.now();
    const w = await create(
      admin,
      `/api/organizations/${a.organizationId}/maintenance-windows`,
      oneOff({ organizationIds: [a.organizationId] }, now - HOUR, now + HOUR, "Across a restart"),
    );
    expect(w.status).toBe("ACTIVE");
    expect(
      await ctx.services.maintenance.isInMaintenance(a.deviceIds[0]!, new Date(now), "automations"),
    ).toBe(true);
    // The server stops now and starts again three hours later: fresh services, nothing carried over.
    const restarted = buildServices(ctx.deps, { clock: () => new Date(now + 3 * HOUR) }).maintenance;
    expect((await restarted.get(w.id, { all: true } as never)).status).toBe("PAST");
    expect((await restarted.devicesInMaintenance()).has(a.deviceIds[0]!)).toBe(false);
    await admin.delete(`/api/maintenance-windows/${w.id}`);
  });

  it("a recurring window in a zone with clock changes is open for its duration at each start", async () => {
    const w = await create(admin, `/api/organizations/${a.organizationId}/maintenance-windows`, {
      name: "Nightly",
      targets: { deviceIds: [a.deviceIds[1]!] },
      timing: {
        kind: "RECURRING",
        schedule: { repeats: "DAILY", runAtHour: 1, runAtMinute: 0, startDate: "2026-10-01" },
        timeZone: "America/New_York",
        durationMinutes: 120,
      },
      suppress: suppressAll,
    });
    const m = ctx.services.maintenance;
    const device = a.deviceIds[1]!;
    // 2026-11-01: 01:00 EDT is 05:00 UTC; two hours later is 02:00 EST (07:00 UTC).
    expect(await m.isInMaintenance(device, new Date("2026-11-01T06:59:00Z"), "alerts")).toBe(true);
    expect(await m.isInMaintenance(device, new Date("2026-11-01T07:00:00Z"), "alerts")).toBe(false);
    expect(await m.isInMaintenance(device, new Date("2026-09-30T05:30:00Z"), "alerts")).toBe(false);
    await admin.delete(`/api/maintenance-windows/${w.id}`);
  });
});
