import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SystemOverview } from "@steward/contracts";
import { createOrganization } from "../../testing/agent-harness.js";
import { signedInClient } from "../../testing/test-app.js";
import {
  MISSING,
  scopedTechnician,
  twoOrganizations,
  type TwoOrganizations,
} from "../../testing/scope-fixtures.js";

let { ctx, admin, scoped, full, a, b } = {} as TwoOrganizations;

beforeAll(async () => {
  ({ ctx, admin, scoped, full, a, b } = await twoOrganizations({
    permissions: ["dashboard.read"],
    devices: { a: [{ status: "UP" }, {}], b: [{ status: "UP" }, {}, {}] },
  }));
});
afterAll(async () => {
  await ctx.close();
});

describe("dashboards within the caller's scope", () => {
  it("the system dashboard counts the union of the organizations in scope", async () => {
    const mine = (await scoped.get("/api/dashboard/system")).json<SystemOverview>();
    expect(mine).toMatchObject({
      organizations: 1,
      locations: 1,
      devices: 2,
      devicesByStatus: { UP: 1, DOWN: 1 },
    });
    expect(mine.devicesByOrganization.map((o) => o.id)).toEqual([a.organizationId]);
    expect(mine.recentlyOffline.every((d) => d.organizationId === a.organizationId)).toBe(true);
    expect(mine.recentlyOffline).toHaveLength(1);
    for (const client of [full, admin]) {
      const all = (await client.get("/api/dashboard/system")).json<SystemOverview>();
      expect(all).toMatchObject({ organizations: 2, devices: 5 });
      expect(all.devicesByOrganization.map((o) => o.id)).toEqual([b.organizationId, a.organizationId]);
    }
  });

  it("the customer and location dashboards of another organization answer 404 like missing ones", async () => {
    for (const path of [
      (id: number) => `/api/organizations/${id}/overview`,
      (id: number) => `/api/organizations/${id}/locations/${b.locationId}/overview`,
    ]) {
      const [outside, missing] = [await scoped.get(path(b.organizationId)), await scoped.get(path(MISSING))];
      expect(outside.statusCode).toBe(404);
      expect(outside.json()).toMatchObject({
        code: "E_ORGANIZATION_NOT_FOUND",
        message: missing.json().message,
      });
      expect((await full.get(path(b.organizationId))).statusCode).toBe(200);
    }
    const own = (await scoped.get(`/api/organizations/${a.organizationId}/overview`)).json();
    expect(own).toMatchObject({ organizationId: a.organizationId, devices: 2 });
  });

  it("getting started ticks only what the caller can see", async () => {
    const empty = await createOrganization(ctx);
    const newcomer = await scopedTechnician(
      ctx,
      ["organizations.read", "devices.read"],
      [empty.organizationId],
    );
    expect((await newcomer.get("/api/dashboard/getting-started")).json()).toMatchObject({
      organizationCreated: true,
      firstDevice: false,
    });
    const nothing = (await signedInClient(ctx, { permissions: [] })).client;
    expect((await nothing.get("/api/dashboard/getting-started")).json()).toMatchObject({
      organizationCreated: false,
      firstDevice: false,
    });
    expect((await admin.get("/api/dashboard/getting-started")).json()).toMatchObject({
      organizationCreated: true,
      firstDevice: true,
    });
  });
});
