import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LocationOverview, OrganizationOverview, SystemOverview } from "@steward/contracts";
import { createOrganization } from "../../testing/agent-harness.js";
import { createTestContext, signedInClient, TestClient, type TestContext } from "../../testing/test-app.js";
import { enrollDevice } from "../../testing/device-fixtures.js";
import { devices } from "../devices/devices.tables.js";
import { locations } from "../organizations/organizations.tables.js";

let ctx: TestContext;
let admin: TestClient;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = (await signedInClient(ctx, { admin: true })).client;
});
afterAll(async () => {
  await ctx.close();
});

describe("dashboards with device data", () => {
  it("ticks the getting-started first device once any device exists", async () => {
    expect((await admin.get("/api/dashboard/getting-started")).json().firstDevice).toBe(false);
    const org = await createOrganization(ctx);
    await enrollDevice(ctx, org, { approvalStatus: "PENDING" });
    expect((await admin.get("/api/dashboard/getting-started")).json().firstDevice).toBe(true);
  });

  it("breaks devices down by status, approval, OS and organization, with the recently offline", async () => {
    const big = await createOrganization(ctx);
    const [annex] = await ctx.deps.db
      .insert(locations)
      .values({ organizationId: big.organizationId, name: "Annex" })
      .returning();
    const mac = { os: { family: "MAC" as const, name: "macOS", version: "15.1", arch: "arm64" } };
    await enrollDevice(ctx, big, { status: "UP" });
    await enrollDevice(ctx, big, { status: "UP", inventory: mac });
    const down1 = await enrollDevice(ctx, { organizationId: big.organizationId, locationId: annex!.id });
    const down2 = await enrollDevice(ctx, big, {
      inventory: { os: { family: "LINUX", name: "Ubuntu", version: "24.04", arch: "x64" } },
    });
    await ctx.deps.db
      .update(devices)
      .set({ statusChangedAt: new Date(Date.now() - 3600_000) })
      .where(eq(devices.id, down1.id));
    await ctx.deps.db
      .update(devices)
      .set({ statusChangedAt: new Date(Date.now() - 60_000) })
      .where(eq(devices.id, down2.id));

    const system = (await admin.get("/api/dashboard/system")).json<SystemOverview>();
    expect(system).toMatchObject({
      devices: 5,
      devicesByStatus: { UP: 2, DOWN: 3 },
      devicesByApproval: { APPROVED: 4, PENDING: 1, REJECTED: 0 },
      devicesByOsFamily: { WINDOWS: 3, MAC: 1, LINUX: 1, OTHER: 0 },
    });
    expect(system.devicesByOrganization[0]).toMatchObject({
      id: big.organizationId,
      total: 4,
      up: 2,
      down: 2,
    });
    const offline = system.recentlyOffline.map((d) => d.id);
    expect(offline).toEqual(expect.arrayContaining([down1.id, down2.id]));
    expect(offline.indexOf(down2.id)).toBeLessThan(offline.indexOf(down1.id)); // newest first
    expect(system.recentlyOffline.find((d) => d.id === down2.id)).toMatchObject({
      osFamily: "LINUX",
      organizationId: big.organizationId,
      locationName: "Main Office",
    });

    const orgView = await admin.get(`/api/organizations/${big.organizationId}/overview`);
    expect(orgView.statusCode, orgView.body).toBe(200);
    const o = orgView.json<OrganizationOverview>();
    expect(o).toMatchObject({
      organizationId: big.organizationId,
      locations: 2,
      devices: 4,
      devicesByStatus: { UP: 2, DOWN: 2 },
    });
    expect(o.devicesByLocation).toEqual([
      { id: big.locationId, name: "Main Office", total: 3, up: 2, down: 1 },
      { id: annex!.id, name: "Annex", total: 1, up: 0, down: 1 },
    ]);
    expect(o.devicesByRole.map((r) => [r.name, r.total])).toEqual(
      expect.arrayContaining([
        ["Windows Desktop", 2],
        ["Mac", 1],
        ["Linux Server", 1],
      ]),
    );

    const locView = await admin.get(
      `/api/organizations/${big.organizationId}/locations/${annex!.id}/overview`,
    );
    expect(locView.json<LocationOverview>()).toMatchObject({
      locationName: "Annex",
      devices: 1,
      devicesByStatus: { UP: 0, DOWN: 1 },
      recentlyOffline: [{ id: down1.id }],
    });
  });

  it("counts devices of organizations and locations; a location with devices cannot be deleted", async () => {
    const org = await createOrganization(ctx);
    const [annex] = await ctx.deps.db
      .insert(locations)
      .values({ organizationId: org.organizationId, name: "Annex" })
      .returning();
    await enrollDevice(ctx, org);
    await enrollDevice(ctx, { organizationId: org.organizationId, locationId: annex!.id });
    const detail = (await admin.get(`/api/organizations/${org.organizationId}`)).json();
    expect(detail.deviceCount).toBe(2);
    expect(
      detail.locations.map((l: { name: string; deviceCount: number }) => [l.name, l.deviceCount]),
    ).toEqual([
      ["Main Office", 1],
      ["Annex", 1],
    ]);
    const listed = (await admin.get("/api/organizations", { query: { pageSize: "500" } })).json();
    expect(listed.items.find((i: { id: number }) => i.id === org.organizationId).deviceCount).toBe(2);
    const refused = await admin.delete(`/api/organizations/${org.organizationId}/locations/${annex!.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: "E_LOCATION_HAS_DEVICES",
      message: "The location still has devices: move or delete them first",
    });
  });

  it("guards the overviews: 401, 403 without dashboard.read, 404 for unknown places", async () => {
    const org = await createOrganization(ctx);
    const urls = [
      `/api/organizations/${org.organizationId}/overview`,
      `/api/organizations/${org.organizationId}/locations/${org.locationId}/overview`,
    ];
    const none = (await signedInClient(ctx, { permissions: ["organizations.read"] })).client;
    const reader = (await signedInClient(ctx, { permissions: ["dashboard.read"] })).client;
    for (const url of urls) {
      expect((await new TestClient(ctx.app).get(url)).statusCode).toBe(401);
      expect((await none.get(url)).statusCode).toBe(403);
      expect((await reader.get(url)).statusCode).toBe(200);
    }
    expect((await admin.get("/api/organizations/999999/overview")).json().code).toBe(
      "E_ORGANIZATION_NOT_FOUND",
    );
    const other = await createOrganization(ctx);
    expect(
      (
        await admin.get(`/api/organizations/${org.organizationId}/locations/${other.locationId}/overview`)
      ).json().code,
    ).toBe("E_LOCATION_NOT_FOUND");
  });
});
