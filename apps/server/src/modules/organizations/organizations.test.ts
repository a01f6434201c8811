import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import type { OrganizationDetail } from "@steward/contracts";
import { createTestContext, signedInClient, TestClient, type TestContext } from "../../testing/test-app.js";
import { auditEvents } from "../../platform/identity/index.js";
import { createOrganization, uniqueName } from "./organizations.fixtures.js";

let ctx: TestContext;
let admin: TestClient;
let reader: TestClient;
let outsider: TestClient;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = (await signedInClient(ctx, { admin: true })).client;
  reader = (await signedInClient(ctx, { permissions: ["organizations.read"] })).client;
  outsider = (await signedInClient(ctx, { permissions: ["dashboard.read"] })).client;
});
afterAll(async () => {
  await ctx.close();
});

async function auditActions(targetType: string, targetId: number): Promise<string[]> {
  const rows = await ctx.deps.db
    .select({ action: auditEvents.action })
    .from(auditEvents)
    .where(and(eq(auditEvents.targetType, targetType), eq(auditEvents.targetId, String(targetId))));
  return rows.map((r) => r.action);
}

describe("access to every organizations route", () => {
  let org: OrganizationDetail;
  let routes: {
    method: string;
    url: string;
    permission: "organizations.read" | "organizations.write";
    body?: object;
  }[];
  beforeAll(async () => {
    org = await createOrganization(admin, { locations: [{ name: "Warehouse" }] });
    const extra = org.locations.find((l) => !l.isDefault)!;
    routes = [
      { method: "GET", url: "/api/organizations", permission: "organizations.read" },
      {
        method: "POST",
        url: "/api/organizations",
        permission: "organizations.write",
        body: { name: uniqueName() },
      },
      { method: "GET", url: `/api/organizations/${org.id}`, permission: "organizations.read" },
      {
        method: "PATCH",
        url: `/api/organizations/${org.id}`,
        permission: "organizations.write",
        body: { description: "x" },
      },
      { method: "DELETE", url: `/api/organizations/${org.id}`, permission: "organizations.write" },
      {
        method: "POST",
        url: `/api/organizations/${org.id}/locations`,
        permission: "organizations.write",
        body: { name: "Branch" },
      },
      {
        method: "PATCH",
        url: `/api/organizations/${org.id}/locations/${extra.id}`,
        permission: "organizations.write",
        body: { address: "1 Main St" },
      },
      {
        method: "DELETE",
        url: `/api/organizations/${org.id}/locations/${extra.id}`,
        permission: "organizations.write",
      },
      { method: "GET", url: `/api/client/${org.id}`, permission: "organizations.read" },
    ];
  });

  it("answers 401 without a session", async () => {
    const anonymous = new TestClient(ctx.app);
    for (const r of routes) {
      const res = await anonymous.request(r.method, r.url, r.body);
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(401);
      expect(res.json().code).toBe("E_UNAUTHENTICATED");
    }
  });

  it("answers 401 E_MFA_REQUIRED before multi-factor sign-in is complete", async () => {
    const { client } = await signedInClient(ctx, { admin: true, mfaVerified: false });
    for (const r of routes) {
      const res = await client.request(r.method, r.url, r.body);
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(401);
      expect(res.json().code).toBe("E_MFA_REQUIRED");
    }
  });

  it("answers 403 to a technician without the permission", async () => {
    for (const r of routes) {
      const res = await outsider.request(r.method, r.url, r.body);
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(403);
      expect(res.json().code).toBe("E_FORBIDDEN");
    }
    for (const r of routes.filter((x) => x.permission === "organizations.write")) {
      const res = await reader.request(r.method, r.url, r.body);
      expect(res.statusCode, `read-only ${r.method} ${r.url}`).toBe(403);
    }
  });

  it("answers 403 E_CSRF to a change without the CSRF header, and changes nothing", async () => {
    const { client } = await signedInClient(ctx, { admin: true });
    client.csrfToken = undefined;
    for (const r of routes.filter((x) => x.method !== "GET")) {
      const res = await client.request(r.method, r.url, r.body);
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(403);
      expect(res.json().code).toBe("E_CSRF");
    }
    const after = (await admin.get(`/api/organizations/${org.id}`)).json<OrganizationDetail>();
    expect(after.description).toBe("");
    expect(after.locations.map((l) => l.name)).toEqual(["Main Office", "Warehouse"]);
  });

  it("lets a technician with organizations.read read but not change", async () => {
    expect((await reader.get("/api/organizations")).statusCode).toBe(200);
    expect((await reader.get(`/api/organizations/${org.id}`)).statusCode).toBe(200);
    expect((await reader.get(`/api/client/${org.id}`)).statusCode).toBe(200);
  });
});

describe("POST /api/organizations", () => {
  it("creates the organization with its default Main Office location and the extra ones", async () => {
    const name = uniqueName("Contoso");
    const res = await admin.post("/api/organizations", {
      name: `  ${name}  `,
      description: "Dental practice",
      nodeApprovalMode: "MANUAL",
      locations: [{ name: "Warehouse", address: "5 Dock Rd" }, { name: "Branch" }],
    });
    expect(res.statusCode).toBe(201);
    const org = res.json<OrganizationDetail>();
    expect(org).toMatchObject({
      name,
      description: "Dental practice",
      nodeApprovalMode: "MANUAL",
      locationCount: 3,
      deviceCount: 0,
    });
    expect(org.locations.map((l) => [l.name, l.isDefault, l.address, l.deviceCount])).toEqual([
      ["Main Office", true, "", 0],
      ["Branch", false, "", 0],
      ["Warehouse", false, "5 Dock Rd", 0],
    ]);
    expect((await admin.get(`/api/organizations/${org.id}`)).json()).toEqual(org);
    expect(await auditActions("organization", org.id)).toEqual(["organization.create"]);
  });

  it("refuses an organization name already used, whatever its case", async () => {
    const name = uniqueName("Fabrikam");
    await createOrganization(admin, { name });
    const res = await admin.post("/api/organizations", { name: name.toUpperCase() });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: "E_ORGANIZATION_NAME_TAKEN" });
  });

  it("refuses an extra location that repeats Main Office or another extra one, and creates nothing", async () => {
    for (const locations of [[{ name: "main office" }], [{ name: "Warehouse" }, { name: " WAREHOUSE" }]]) {
      const name = uniqueName("Northwind");
      const res = await admin.post("/api/organizations", { name, locations });
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe("E_LOCATION_NAME_TAKEN");
      const list = await admin.get("/api/organizations", { query: { search: name } });
      expect(list.json().total).toBe(0);
    }
  });

  it("answers 400 E_VALIDATION for a missing name, an unknown approval mode or bad JSON", async () => {
    const blank = await admin.post("/api/organizations", { name: "   " });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().code).toBe("E_VALIDATION");
    expect(blank.json().message).toContain("Mandatory value is undefined. Please enter a value.");
    const mode = await admin.post("/api/organizations", {
      name: uniqueName(),
      nodeApprovalMode: "SOMETIMES",
    });
    expect(mode.statusCode).toBe(400);
    expect(mode.json().code).toBe("E_VALIDATION");
    const badJson = await admin.request("POST", "/api/organizations", undefined, {
      headers: { "content-type": "application/json" },
    });
    expect(badJson.statusCode).toBe(400);
  });
});

describe("GET, PATCH and DELETE /api/organizations/:id", () => {
  it("answers 404 E_ORGANIZATION_NOT_FOUND for an organization that does not exist", async () => {
    for (const [method, body] of [["GET"], ["PATCH", { name: "X" }], ["DELETE"]] as const) {
      const res = await admin.request(method, "/api/organizations/999999", body);
      expect(res.statusCode, method).toBe(404);
      expect(res.json().code).toBe("E_ORGANIZATION_NOT_FOUND");
    }
    const bad = await admin.get("/api/organizations/abc");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe("E_VALIDATION");
  });

  it("updates the fields given and keeps the others", async () => {
    const org = await createOrganization(admin, { description: "Before" });
    const newName = uniqueName("Renamed");
    const res = await admin.patch(`/api/organizations/${org.id}`, {
      name: newName,
      nodeApprovalMode: "REJECT",
    });
    expect(res.statusCode).toBe(200);
    const updated = res.json<OrganizationDetail>();
    expect(updated).toMatchObject({
      id: org.id,
      name: newName,
      description: "Before",
      nodeApprovalMode: "REJECT",
    });
    expect(Date.parse(updated.updatedAt)).toBeGreaterThanOrEqual(Date.parse(org.updatedAt));
    expect(await auditActions("organization", org.id)).toContain("organization.update");
  });

  it("allows a change of case of the organization's own name but not another organization's name", async () => {
    const taken = await createOrganization(admin);
    const org = await createOrganization(admin);
    const ownCase = await admin.patch(`/api/organizations/${org.id}`, { name: org.name.toUpperCase() });
    expect(ownCase.statusCode).toBe(200);
    expect(ownCase.json().name).toBe(org.name.toUpperCase());
    const clash = await admin.patch(`/api/organizations/${org.id}`, { name: taken.name.toLowerCase() });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().code).toBe("E_ORGANIZATION_NAME_TAKEN");
  });

  it("deletes the organization with its locations", async () => {
    const org = await createOrganization(admin, { locations: [{ name: "Warehouse" }] });
    const res = await admin.delete(`/api/organizations/${org.id}`);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe("");
    expect((await admin.get(`/api/organizations/${org.id}`)).statusCode).toBe(404);
    const location = org.locations[1]!;
    const patch = await admin.patch(`/api/organizations/${org.id}/locations/${location.id}`, {
      name: "Gone",
    });
    expect(patch.json().code).toBe("E_ORGANIZATION_NOT_FOUND");
    expect((await admin.delete(`/api/organizations/${org.id}`)).statusCode).toBe(404);
    expect(await auditActions("organization", org.id)).toEqual([
      "organization.create",
      "organization.delete",
    ]);
  });
});

describe("GET /api/client/:id", () => {
  it("answers exactly { resultCode: SUCCESS, client } with the organization's detail", async () => {
    const org = await createOrganization(admin, { locations: [{ name: "Warehouse" }] });
    const res = await reader.get(`/api/client/${org.id}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(["client", "resultCode"]);
    expect(body).toEqual({ resultCode: "SUCCESS", client: org });
  });

  it("answers a missing organization with 404, the error body and resultCode FAILURE", async () => {
    const res = await reader.get("/api/client/999999");
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      code: "E_ORGANIZATION_NOT_FOUND",
      message: "Organization not found",
      messageId: "errors.organizations.notFound",
      resultCode: "FAILURE",
      requestId: expect.any(String),
    });
  });
});
