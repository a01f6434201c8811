import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DeviceList, DeviceSummary } from "@steward/contracts";
import type { TestClient } from "../../testing/test-app.js";
import { MISSING, twoOrganizations, type TwoOrganizations } from "../../testing/scope-fixtures.js";

/**
 * `full` holds every device permission over every organization, `scoped` the same over
 * organization A only.
 */
let { ctx, admin, full, scoped, a, b } = {} as TwoOrganizations;

beforeAll(async () => {
  const devices = [{ status: "UP" as const }, { approvalStatus: "PENDING" as const }];
  ({ ctx, admin, full, scoped, a, b } = await twoOrganizations({
    permissions: ["devices.read", "devices.manage", "organizations.read"],
    devices: { a: devices, b: devices },
  }));
});
afterAll(async () => {
  await ctx.close();
});

const ids = (list: DeviceList) => list.items.map((d) => d.id).sort((x, y) => x - y);
const both = () => [...a.deviceIds, ...b.deviceIds].sort((x, y) => x - y);
const device = async (id: number) => (await admin.get(`/api/devices/${id}`)).json<DeviceSummary>();

/** The answer for an id outside the scope is exactly the answer for an id that does not exist. */
async function expectLikeMissing(request: (id: number) => ReturnType<TestClient["get"]>, id: number) {
  const [outside, missing] = [await request(id), await request(MISSING)];
  expect(outside.statusCode, outside.body).toBe(404);
  expect(missing.statusCode).toBe(404);
  const strip = (body: { code: string; message: string }) => ({ code: body.code, message: body.message });
  expect(strip(outside.json())).toEqual(strip(missing.json()));
  return outside.json<{ code: string }>().code;
}

describe("device grid and search within the caller's organizations", () => {
  it("lists, counts and searches only the organizations in scope; full access and admins see both", async () => {
    const query = (client: TestClient, extra = "") =>
      client.get(`/api/devices?pageSize=100${extra}`).then((r) => r.json<DeviceList>());
    const mine = await query(scoped);
    expect(ids(mine)).toEqual([...a.deviceIds].sort((x, y) => x - y));
    expect(mine.total).toBe(2);
    for (const client of [full, admin]) {
      const all = await query(client);
      expect(ids(all)).toEqual(both());
      expect(all.total).toBe(4);
    }
    // Free text (the single-pass page-and-total path), a filter naming B, a built-in search.
    const textB = await query(scoped, `&search=${b.marker}`);
    expect(textB).toMatchObject({ items: [], total: 0 });
    expect((await query(full, `&search=${b.marker}`)).total).toBe(2);
    expect(await query(scoped, `&organizationId=${b.organizationId}`)).toMatchObject({ items: [], total: 0 });
    expect(ids(await query(scoped, "&builtIn=UP"))).toEqual([a.deviceIds[0]]);
    expect(ids(await query(admin, "&builtIn=UP"))).toEqual([a.deviceIds[0], b.deviceIds[0]]);
    // Sorted by a joined name too.
    expect(ids(await query(scoped, "&sort=organization"))).toEqual([...a.deviceIds].sort((x, y) => x - y));
  });

  it("exports only the devices in scope", async () => {
    const csv = (client: TestClient) =>
      client.get("/api/devices/export.csv?columns=hostname").then((r) => r.body);
    const mine = await csv(scoped);
    expect(mine).toContain(`${a.marker}-0`);
    expect(mine).not.toContain(b.marker);
    expect(mine.trim().split("\r\n")).toHaveLength(3);
    const all = await csv(full);
    expect(all).toContain(a.marker);
    expect(all).toContain(b.marker);
  });

  it("counts health figures over the scope", async () => {
    const health = (await scoped.get("/api/devices/health")).json();
    expect(health).toMatchObject({ total: 2, up: 1, pendingApproval: 1 });
    expect((await admin.get("/api/devices/health")).json()).toMatchObject({ total: 4, pendingApproval: 2 });
  });

  it("POST /api/query/device leaves out devices outside the scope, cached or not", async () => {
    const body = (mode?: string) => ({
      nodeIds: [a.deviceIds[0], b.deviceIds[0]],
      ...(mode ? { mode } : {}),
    });
    // The admin's call puts both devices in the shared cache first.
    const warm = await admin.post("/api/query/device", body());
    expect(warm.json().nodes.map((n: DeviceSummary) => n.id)).toEqual([a.deviceIds[0], b.deviceIds[0]]);
    for (const mode of [undefined, "qa"]) {
      const res = await scoped.post("/api/query/device", body(mode));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().nodes.map((n: DeviceSummary) => n.id)).toEqual([a.deviceIds[0]]);
    }
    const fullRes = await full.post("/api/query/device", body());
    expect(fullRes.json().nodes).toHaveLength(2);
  });
});

describe("device pages of another organization answer like missing devices", () => {
  it("reads: details, software, activities", async () => {
    const outside = b.deviceIds[0]!;
    for (const path of ["", "/software", "/activities"]) {
      expect(await expectLikeMissing((id) => scoped.get(`/api/devices/${id}${path}`), outside)).toBe(
        "E_DEVICE_NOT_FOUND",
      );
      expect((await scoped.get(`/api/devices/${a.deviceIds[0]}${path}`)).statusCode).toBe(200);
      expect((await full.get(`/api/devices/${outside}${path}`)).statusCode).toBe(200);
      expect((await admin.get(`/api/devices/${outside}${path}`)).statusCode).toBe(200);
    }
  });

  it("organization and location activity feeds of another organization are 404", async () => {
    const orgFeed = (id: number) => scoped.get(`/api/organizations/${id}/activities`);
    expect(await expectLikeMissing(orgFeed, b.organizationId)).toBe("E_ORGANIZATION_NOT_FOUND");
    const locFeed = (id: number) =>
      scoped.get(`/api/organizations/${id}/locations/${b.locationId}/activities`);
    expect(await expectLikeMissing(locFeed, b.organizationId)).toBe("E_ORGANIZATION_NOT_FOUND");
    const mine = (await scoped.get(`/api/organizations/${a.organizationId}/activities`)).json();
    expect(mine.total).toBeGreaterThan(0);
    expect(mine.items.every((i: { organizationId: number }) => i.organizationId === a.organizationId)).toBe(
      true,
    );
    expect((await full.get(`/api/organizations/${b.organizationId}/activities`)).statusCode).toBe(200);
  });

  it("writes change nothing: rename, tags, approve, reject, delete", async () => {
    const [up, pending] = [b.deviceIds[0]!, b.deviceIds[1]!];
    const before = await device(up);
    const beforePending = await device(pending);
    const attempts: [string, (id: number) => ReturnType<TestClient["get"]>][] = [
      ["rename", (id) => scoped.patch(`/api/devices/${id}`, { displayName: "Taken over" })],
      ["add tag", (id) => scoped.post(`/api/devices/${id}/tags`, { tag: "owned" })],
      ["remove tag", (id) => scoped.delete(`/api/devices/${id}/tags?tag=owned`)],
      ["delete", (id) => scoped.delete(`/api/devices/${id}`)],
    ];
    for (const [name, attempt] of attempts) {
      expect(await expectLikeMissing(attempt, up), name).toBe("E_DEVICE_NOT_FOUND");
    }
    for (const verb of ["approve", "reject"]) {
      expect(await expectLikeMissing((id) => scoped.post(`/api/devices/${id}/${verb}`), pending)).toBe(
        "E_DEVICE_NOT_FOUND",
      );
    }
    expect(await device(up)).toEqual(before);
    expect(await device(pending)).toEqual(beforePending);
    expect(
      (await admin.get(`/api/devices/${up}/activities`)).json().items.map((i: { type: string }) => i.type),
    ).not.toContain("UPDATED");
  });

  it("the same writes work inside the scope and for full access", async () => {
    const res = await scoped.post(`/api/devices/${a.deviceIds[0]}/tags`, { tag: "mine" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().tags).toEqual(["mine"]);
    const other = await full.patch(`/api/devices/${b.deviceIds[0]}`, { displayName: "Renamed by full" });
    expect(other.statusCode, other.body).toBe(200);
    expect((await device(b.deviceIds[0]!)).displayName).toBe("Renamed by full");
  });
});
