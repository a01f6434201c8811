import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app.js";
import { createOrganization } from "../../testing/agent-harness.js";
import { createTestContext, signedInClient, TestClient, type TestContext } from "../../testing/test-app.js";
import { locations } from "../organizations/organizations.tables.js";
import { enrollDevice } from "../../testing/device-fixtures.js";
import { devices } from "./devices.tables.js";

let ctx: TestContext;
let admin: TestClient;
let org: { organizationId: number; locationId: number };
let other: { organizationId: number; locationId: number };
let device: number;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = (await signedInClient(ctx, { admin: true })).client;
  org = await createOrganization(ctx);
  other = await createOrganization(ctx);
  const software = Array.from({ length: 120 }, (_, i) => ({
    name: `Package ${String(i).padStart(3, "0")}`,
    version: `1.${i}`,
    publisher: i % 2 ? "Contoso" : "Fabrikam",
  }));
  device = (
    await enrollDevice(ctx, org, {
      status: "UP",
      inventory: { hostname: "<img src=x onerror=alert(1)>", software },
    })
  ).id;
});
afterAll(async () => {
  await ctx.close();
});

describe("device routes: access", () => {
  it("401 without a session, 403 without the permission", async () => {
    const anonymous = new TestClient(ctx.app);
    const reads = [
      `/api/devices/${device}`,
      `/api/devices/${device}/software`,
      `/api/devices/${device}/activities`,
      "/api/devices/health",
      "/api/devices/cache",
      `/api/organizations/${org.organizationId}/activities`,
      `/api/organizations/${org.organizationId}/locations/${org.locationId}/activities`,
    ];
    const none = (await signedInClient(ctx, { permissions: ["organizations.read"] })).client;
    const reader = (await signedInClient(ctx, { permissions: ["devices.read"] })).client;
    for (const url of reads) {
      expect((await anonymous.get(url)).statusCode, url).toBe(401);
      expect((await none.get(url)).statusCode, url).toBe(403);
      expect((await reader.get(url)).statusCode, url).toBe(200);
    }
    expect((await reader.post("/api/query/device", { nodeIds: [device] })).statusCode).toBe(200);
    expect((await none.post("/api/query/device", { nodeIds: [device] })).statusCode).toBe(403);
    const writes: [string, string, unknown?][] = [
      ["PATCH", `/api/devices/${device}`, { displayName: "x" }],
      ["POST", `/api/devices/${device}/approve`],
      ["POST", `/api/devices/${device}/reject`],
      ["POST", `/api/devices/${device}/tags`, { tag: "x" }],
      ["DELETE", `/api/devices/${device}/tags?tag=x`],
      ["DELETE", `/api/devices/${device}`],
      ["POST", "/api/devices/cache/clear"],
    ];
    for (const [method, url, body] of writes) {
      const res = await reader.request(method, url, body ?? (method === "DELETE" ? undefined : {}));
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().code).toBe("E_FORBIDDEN");
    }
  });
});

describe("GET /api/devices/:id and its pages", () => {
  it("answers the full inventory; agent strings come back verbatim as data", async () => {
    const res = await admin.get(`/api/devices/${device}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      id: device,
      hostname: "<img src=x onerror=alert(1)>",
      status: "UP",
      roleName: "Windows Desktop",
    });
    expect(body.inventory.volumes).toHaveLength(1);
    expect(body.inventory.software).toHaveLength(120);
    expect(body.inventoryUpdatedAt).toEqual(expect.any(String));
    expect(res.headers["content-type"]).toMatch(/application\/json/);
    const missing = await admin.get("/api/devices/999999");
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe("E_DEVICE_NOT_FOUND");
    expect((await admin.get("/api/devices/abc")).json().code).toBe("E_VALIDATION");
  });

  it("pages and searches installed software on the server", async () => {
    const page = (
      await admin.get(`/api/devices/${device}/software`, { query: { page: "2", pageSize: "50" } })
    ).json();
    expect(page).toMatchObject({ total: 120, page: 2, pageSize: 50 });
    expect(page.items).toHaveLength(50);
    expect(page.items[0]).toEqual({
      name: "Package 050",
      version: "1.50",
      publisher: "Fabrikam",
      installedAt: null,
    });
    const found = (
      await admin.get(`/api/devices/${device}/software`, { query: { search: "package 11" } })
    ).json();
    expect(found.total).toBe(10);
    expect(
      (await admin.get(`/api/devices/${device}/software`, { query: { search: "contoso" } })).json().total,
    ).toBe(60);
    expect(
      (await admin.get(`/api/devices/${device}/software`, { query: { search: "%" } })).json().total,
    ).toBe(0);
    expect((await admin.get("/api/devices/999999/software")).json().code).toBe("E_DEVICE_NOT_FOUND");
  });

  it("lists activities newest first, paged", async () => {
    const res = (await admin.get(`/api/devices/${device}/activities`, { query: { pageSize: "1" } })).json();
    expect(res.total).toBe(2);
    expect(res.items[0]).toMatchObject({
      type: "CAME_UP",
      deviceId: device,
      deviceName: "<img src=x onerror=alert(1)>",
    });
    const second = (
      await admin.get(`/api/devices/${device}/activities`, { query: { pageSize: "1", page: "2" } })
    ).json();
    expect(second.items[0].type).toBe("ENROLLED");
  });
});

describe("PATCH /api/devices/:id", () => {
  it("renames, moves within the organization and sets the role, each an activity", async () => {
    const [branch] = await ctx.deps.db
      .insert(locations)
      .values({ organizationId: org.organizationId, name: "Branch" })
      .returning();
    const roles = (await admin.get("/api/noderole/list")).json() as { id: number; key: string }[];
    const laptop = roles.find((r) => r.key === "WINDOWS_LAPTOP")!;
    const res = await admin.patch(`/api/devices/${device}`, {
      displayName: "Front desk",
      locationId: branch!.id,
      roleId: laptop.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      displayName: "Front desk",
      locationName: "Branch",
      roleId: laptop.id,
      roleName: "Windows Laptop",
    });
    const feed = (await admin.get(`/api/devices/${device}/activities`)).json();
    expect(feed.items.map((a: { message: string }) => a.message)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Renamed to Front desk, moved to Branch by /),
        expect.stringMatching(/^Role set to Windows Laptop by /),
      ]),
    );
    expect(
      (await admin.patch(`/api/devices/${device}`, { displayName: null })).json().displayName,
    ).toBeNull();
  });

  it("refuses a location of another organization, an unknown role, a role of another OS and unknown fields", async () => {
    const wrongPlace = await admin.patch(`/api/devices/${device}`, { locationId: other.locationId });
    expect(wrongPlace.statusCode).toBe(404);
    expect(wrongPlace.json().code).toBe("E_LOCATION_NOT_FOUND");
    expect((await admin.patch(`/api/devices/${device}`, { roleId: 999999 })).json().code).toBe(
      "E_DEVICE_ROLE_NOT_FOUND",
    );
    const mac = ((await admin.get("/api/noderole/list")).json() as { id: number; key: string }[]).find(
      (r) => r.key === "MAC",
    )!;
    const wrongOs = await admin.patch(`/api/devices/${device}`, { roleId: mac.id });
    expect(wrongOs.statusCode).toBe(400);
    expect(wrongOs.json()).toMatchObject({
      code: "E_VALIDATION",
      message: "The role Mac is for MAC devices",
    });
    expect((await admin.patch(`/api/devices/${device}`, { hostname: "x" })).json().code).toBe("E_VALIDATION");
    expect((await admin.patch("/api/devices/999999", { displayName: "x" })).json().code).toBe(
      "E_DEVICE_NOT_FOUND",
    );
  });
});

describe("tags", () => {
  it("adds and removes tags; refuses broken tags with the spec's exact messages", async () => {
    expect((await admin.post(`/api/devices/${device}/tags`, { tag: "vip" })).json()).toEqual({
      tags: ["vip"],
    });
    expect((await admin.post(`/api/devices/${device}/tags`, { tag: "vip" })).json()).toEqual({
      tags: ["vip"],
    });
    expect((await admin.post(`/api/devices/${device}/tags`, { tag: "floor-2" })).json()).toEqual({
      tags: ["vip", "floor-2"],
    });
    const cases: [string, string][] = [
      ["two words", "Tag cannot contain spaces"],
      ['say"hi', "Tag cannot contain quotes"],
      ["it's", "Tag cannot contain quotes"],
      ["a,b", "Tag cannot contain commas"],
      ["x".repeat(26), "Exceeds max character limit of 25"],
    ];
    for (const [tag, message] of cases) {
      const res = await admin.post(`/api/devices/${device}/tags`, { tag });
      expect(res.statusCode, tag).toBe(400);
      expect(res.json()).toMatchObject({ code: "E_TAG_INVALID", message });
    }
    expect((await admin.post(`/api/devices/${device}/tags`, { tag: "x".repeat(25) })).statusCode).toBe(200);
    const removed = await admin.delete(`/api/devices/${device}/tags?tag=vip`);
    expect(removed.json()).toEqual({ tags: ["floor-2", "x".repeat(25)] });
    const feed = (await admin.get(`/api/devices/${device}/activities`)).json();
    expect(feed.items[0]).toMatchObject({
      type: "TAGS_CHANGED",
      message: expect.stringMatching(/^Tag vip removed by /),
    });
  });
});

describe("approval, rejection and deletion disconnect the agent", () => {
  let app2: FastifyInstance;
  let client: TestClient;
  const removed: number[] = [];
  beforeAll(async () => {
    app2 = await buildApp(ctx.deps, { serveWeb: false, onDeviceRemoved: (id) => removed.push(id) });
    await app2.ready();
    client = new TestClient(app2);
    client.cookie = admin.cookie;
    client.csrfToken = admin.csrfToken;
  });
  afterAll(async () => {
    await app2.close();
  });

  it("approves a pending device once", async () => {
    const pending = await enrollDevice(ctx, org, { approvalStatus: "PENDING" });
    const res = await client.post(`/api/devices/${pending.id}/approve`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().approvalStatus).toBe("APPROVED");
    const again = await client.post(`/api/devices/${pending.id}/approve`);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe("E_DEVICE_NOT_PENDING");
    expect((await client.post(`/api/devices/${pending.id}/reject`)).json().code).toBe("E_DEVICE_NOT_PENDING");
    const feed = (await client.get(`/api/devices/${pending.id}/activities`)).json();
    expect(feed.items[0]).toMatchObject({
      type: "APPROVED",
      message: expect.stringMatching(/^Approved by /),
    });
    expect(removed).toEqual([]);
  });

  it("rejects a pending device and tells the gateway", async () => {
    const pending = await enrollDevice(ctx, org, { approvalStatus: "PENDING" });
    const res = await client.post(`/api/devices/${pending.id}/reject`);
    expect(res.json().approvalStatus).toBe("REJECTED");
    expect(removed).toEqual([pending.id]);
    expect((await client.get(`/api/devices/${pending.id}/activities`)).json().items[0].type).toBe("REJECTED");
  });

  it("deletes a device, tells the gateway and records an audit event", async () => {
    const doomed = await enrollDevice(ctx, org);
    expect((await client.delete(`/api/devices/${doomed.id}`)).statusCode).toBe(204);
    expect(removed.at(-1)).toBe(doomed.id);
    expect((await client.get(`/api/devices/${doomed.id}`)).statusCode).toBe(404);
    expect((await client.delete(`/api/devices/${doomed.id}`)).json().code).toBe("E_DEVICE_NOT_FOUND");
  });

  it("tells the gateway about each device of a deleted organization", async () => {
    const gone = await createOrganization(ctx);
    const a = await enrollDevice(ctx, gone);
    const b = await enrollDevice(ctx, gone);
    expect((await client.delete(`/api/organizations/${gone.organizationId}`)).statusCode).toBe(204);
    expect(removed.slice(-2).sort()).toEqual([a.id, b.id].sort());
    expect(
      await ctx.deps.db.select().from(devices).where(eq(devices.organizationId, gone.organizationId)),
    ).toEqual([]);
  });
});

describe("activity feeds of organizations and locations", () => {
  it("lists the activities of an organization's and a location's devices", async () => {
    const place = await createOrganization(ctx);
    const [annex] = await ctx.deps.db
      .insert(locations)
      .values({ organizationId: place.organizationId, name: "Annex" })
      .returning();
    await enrollDevice(ctx, place, { status: "UP" });
    await enrollDevice(ctx, { organizationId: place.organizationId, locationId: annex!.id });
    const orgFeed = (await admin.get(`/api/organizations/${place.organizationId}/activities`)).json();
    expect(orgFeed.total).toBe(3);
    expect(
      orgFeed.items.every((a: { organizationId: number }) => a.organizationId === place.organizationId),
    ).toBe(true);
    const locFeed = (
      await admin.get(`/api/organizations/${place.organizationId}/locations/${annex!.id}/activities`)
    ).json();
    expect(locFeed.total).toBe(1);
    expect(locFeed.items[0].type).toBe("ENROLLED");
    expect((await admin.get("/api/organizations/999999/activities")).json().code).toBe(
      "E_ORGANIZATION_NOT_FOUND",
    );
    const wrong = await admin.get(
      `/api/organizations/${place.organizationId}/locations/${other.locationId}/activities`,
    );
    expect(wrong.json().code).toBe("E_LOCATION_NOT_FOUND");
  });
});

describe("health, cache and POST /api/query/device", () => {
  it("counts UP, DOWN, pending, stale inventory, never connected and agent versions", async () => {
    const place = await createOrganization(ctx);
    const stale = await enrollDevice(ctx, place, { inventory: { agentVersion: "0.9.0" } });
    await ctx.deps.db
      .update(devices)
      .set({ inventoryUpdatedAt: new Date(Date.now() - 25 * 3600_000) })
      .where(eq(devices.id, stale.id));
    await enrollDevice(ctx, place, { approvalStatus: "PENDING", contacted: false });
    const health = (await admin.get("/api/devices/health")).json();
    const all = (await admin.get("/api/devices", { query: { pageSize: "500" } })).json().items as {
      status: string;
      approvalStatus: string;
    }[];
    expect(health).toMatchObject({
      total: all.length,
      up: all.filter((x) => x.status === "UP").length,
      down: all.filter((x) => x.status === "DOWN").length,
      pendingApproval: all.filter((x) => x.approvalStatus === "PENDING").length,
      staleInventory: 1,
      staleInventoryHours: 24,
      neverConnected: 1,
    });
    expect(health.agentVersions).toEqual(expect.arrayContaining([{ version: "0.9.0", count: 1 }]));
  });

  it("answers nodes and a cache expiry, serves repeats from the cache, and clears it", async () => {
    await admin.post("/api/devices/cache/clear");
    const start = (await admin.get("/api/devices/cache")).json();
    const before = Date.now();
    const first = await admin.post("/api/query/device", {
      nodeIds: [device, 999999, device],
      includeParentsAndChildren: true,
      cacheExpiration: 0,
    });
    expect(first.statusCode, first.body).toBe(200);
    const body = first.json();
    expect(body.nodes.map((n: { id: number }) => n.id)).toEqual([device]);
    expect(body.cacheExpiration).toBeGreaterThanOrEqual(before + 29_000);
    let stats = (await admin.get("/api/devices/cache")).json();
    expect(stats).toMatchObject({ entries: 1, misses: start.misses + 2, hits: start.hits, ttlSeconds: 30 });
    const again = (
      await admin.post("/api/query/device", { nodeIds: [device], includeParentsAndChildren: false })
    ).json();
    expect(again.cacheExpiration).toBe(body.cacheExpiration);
    stats = (await admin.get("/api/devices/cache")).json();
    expect(stats.hits).toBe(start.hits + 1);
    // A change through the console is seen at once.
    await admin.patch(`/api/devices/${device}`, { displayName: "Renamed" });
    expect((await admin.post("/api/query/device", { nodeIds: [device] })).json().nodes[0].displayName).toBe(
      "Renamed",
    );
    const qa = (await admin.post("/api/query/device", { nodeIds: [device], mode: "qa" })).json();
    expect(qa.cacheExpiration).toBeLessThanOrEqual(Date.now());
    expect((await admin.post("/api/devices/cache/clear")).json()).toEqual({ cleared: 1 });
    expect((await admin.get("/api/devices/cache")).json().entries).toBe(0);
    const bad = await admin.post("/api/query/device", { nodeIds: "all" });
    expect(bad.json().code).toBe("E_VALIDATION");
  });
});
