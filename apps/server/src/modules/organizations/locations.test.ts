import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import type { Location, OrganizationDetail } from "@steward/contracts";
import {
  createTestContext,
  signedInClient,
  type TestClient,
  type TestContext,
} from "../../testing/test-app.js";
import { auditEvents } from "../../platform/identity/index.js";
import { createOrganization } from "./organizations.fixtures.js";

let ctx: TestContext;
let admin: TestClient;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = (await signedInClient(ctx, { admin: true })).client;
});
afterAll(async () => {
  await ctx.close();
});

const detail = async (id: number) => (await admin.get(`/api/organizations/${id}`)).json<OrganizationDetail>();
const defaultOf = (org: OrganizationDetail) => org.locations.find((l) => l.isDefault)!;

describe("POST /api/organizations/:id/locations", () => {
  it("adds a location and counts it on the organization", async () => {
    const org = await createOrganization(admin);
    const res = await admin.post(`/api/organizations/${org.id}/locations`, {
      name: " Warehouse ",
      address: "5 Dock Rd",
    });
    expect(res.statusCode).toBe(201);
    const location = res.json<Location>();
    expect(location).toMatchObject({
      organizationId: org.id,
      name: "Warehouse",
      address: "5 Dock Rd",
      isDefault: false,
      deviceCount: 0,
    });
    const after = await detail(org.id);
    expect(after.locationCount).toBe(2);
    expect(after.locations.map((l) => l.name)).toEqual(["Main Office", "Warehouse"]);
    const audited = await ctx.deps.db
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(and(eq(auditEvents.targetType, "location"), eq(auditEvents.targetId, String(location.id))));
    expect(audited.map((a) => a.action)).toEqual(["location.create"]);
  });

  it("refuses a name already used in the organization, whatever its case, but allows it in another", async () => {
    const org = await createOrganization(admin, { locations: [{ name: "Warehouse" }] });
    for (const name of ["MAIN OFFICE", "warehouse"]) {
      const res = await admin.post(`/api/organizations/${org.id}/locations`, { name });
      expect(res.statusCode, name).toBe(409);
      expect(res.json().code).toBe("E_LOCATION_NAME_TAKEN");
    }
    const other = await createOrganization(admin);
    expect(
      (await admin.post(`/api/organizations/${other.id}/locations`, { name: "Warehouse" })).statusCode,
    ).toBe(201);
  });

  it("answers 404 for a missing organization and 400 for a blank name", async () => {
    const missing = await admin.post("/api/organizations/999999/locations", { name: "Branch" });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe("E_ORGANIZATION_NOT_FOUND");
    const org = await createOrganization(admin);
    const blank = await admin.post(`/api/organizations/${org.id}/locations`, { name: "  " });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().code).toBe("E_VALIDATION");
  });
});

describe("PATCH /api/organizations/:id/locations/:locationId", () => {
  it("updates the fields given", async () => {
    const org = await createOrganization(admin, { locations: [{ name: "Warehouse", description: "Stock" }] });
    const warehouse = org.locations.find((l) => l.name === "Warehouse")!;
    const res = await admin.patch(`/api/organizations/${org.id}/locations/${warehouse.id}`, {
      address: "7 Quay St",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: warehouse.id,
      name: "Warehouse",
      description: "Stock",
      address: "7 Quay St",
    });
  });

  it("refuses a name another location of the organization has", async () => {
    const org = await createOrganization(admin, { locations: [{ name: "Warehouse" }] });
    const warehouse = org.locations.find((l) => l.name === "Warehouse")!;
    const res = await admin.patch(`/api/organizations/${org.id}/locations/${warehouse.id}`, {
      name: "main office",
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe("E_LOCATION_NAME_TAKEN");
    expect((await detail(org.id)).locations.map((l) => l.name)).toEqual(["Main Office", "Warehouse"]);
  });

  it("answers 404 E_LOCATION_NOT_FOUND for a location of another organization", async () => {
    const org = await createOrganization(admin);
    const other = await createOrganization(admin);
    const res = await admin.patch(`/api/organizations/${org.id}/locations/${defaultOf(other).id}`, {
      name: "Mine now",
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe("E_LOCATION_NOT_FOUND");
    expect(defaultOf(await detail(other.id)).name).toBe("Main Office");
  });
});

describe("DELETE /api/organizations/:id/locations/:locationId", () => {
  it("deletes a location that is not the default", async () => {
    const org = await createOrganization(admin, { locations: [{ name: "Warehouse" }] });
    const warehouse = org.locations.find((l) => l.name === "Warehouse")!;
    const res = await admin.delete(`/api/organizations/${org.id}/locations/${warehouse.id}`);
    expect(res.statusCode).toBe(204);
    const after = await detail(org.id);
    expect(after.locationCount).toBe(1);
    expect(after.locations.map((l) => l.name)).toEqual(["Main Office"]);
    const again = await admin.delete(`/api/organizations/${org.id}/locations/${warehouse.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().code).toBe("E_LOCATION_NOT_FOUND");
  });

  it("refuses to delete the default location, even after it was renamed", async () => {
    const org = await createOrganization(admin);
    const main = defaultOf(org);
    const renamed = await admin.patch(`/api/organizations/${org.id}/locations/${main.id}`, {
      name: "Head Office",
    });
    expect(renamed.json()).toMatchObject({ name: "Head Office", isDefault: true });
    const res = await admin.delete(`/api/organizations/${org.id}/locations/${main.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: "E_DEFAULT_LOCATION_UNDELETABLE",
      message: "The default location cannot be deleted",
    });
    expect((await detail(org.id)).locations).toHaveLength(1);
  });

  it("answers 404 E_ORGANIZATION_NOT_FOUND when the organization does not exist", async () => {
    const res = await admin.delete("/api/organizations/999999/locations/1");
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe("E_ORGANIZATION_NOT_FOUND");
  });
});
