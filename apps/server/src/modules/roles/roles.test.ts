import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import type { Permission, TechnicianRole } from "@steward/contracts";
import { createTestContext, signedInClient, TestClient, type TestContext } from "../../testing/test-app.js";
import { auditEvents, technicianRoles, userTechnicianRoles } from "../../platform/identity/index.js";

let ctx: TestContext;
let admin: TestClient;
let orgA: number;
let orgB: number;
let n = 0;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = (await signedInClient(ctx, { admin: true })).client;
  orgA = (await createOrganization(admin)).id;
  orgB = (await createOrganization(admin)).id;
});
afterAll(async () => {
  await ctx.close();
});

async function createOrganization(client: TestClient): Promise<{ id: number }> {
  const res = await client.post("/api/organizations", { name: `Roles org ${++n}` });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number }>();
}

const roleName = (prefix = "Role") => `${prefix} ${++n}`;
const manage: Permission[] = ["technicians.read", "technicians.manage"];

async function createRole(
  client: TestClient,
  body: { permissions: Permission[]; organizationIds?: number[]; name?: string },
) {
  return client.post("/api/technician-roles", {
    name: body.name ?? roleName(),
    permissions: body.permissions,
    allOrganizations: body.organizationIds === undefined,
    organizationIds: body.organizationIds ?? [],
  });
}

/** Gives a signed-in user one more role (a technician may hold several). */
async function grant(userId: number, roleId: number) {
  await ctx.deps.db.insert(userTechnicianRoles).values({ userId, roleId });
}

async function builtInId(name: string) {
  const [row] = await ctx.deps.db
    .select({ id: technicianRoles.id })
    .from(technicianRoles)
    .where(and(eq(technicianRoles.name, name), eq(technicianRoles.isBuiltIn, true)));
  return row!.id;
}

async function lastAudit(action: string) {
  const rows = await ctx.deps.db.select().from(auditEvents).where(eq(auditEvents.action, action));
  return rows.at(-1);
}

describe("technician roles: access", () => {
  it("401 without a session, 403 without the permission; reading needs technicians.read, changing technicians.manage", async () => {
    const anonymous = new TestClient(ctx.app);
    expect((await anonymous.get("/api/technician-roles")).statusCode).toBe(401);
    expect((await anonymous.get("/api/technician-roles/1")).statusCode).toBe(401);
    const none = (await signedInClient(ctx, { permissions: ["organizations.read"] })).client;
    expect((await none.get("/api/technician-roles")).json().code).toBe("E_FORBIDDEN");
    const helpdesk = await builtInId("Helpdesk");
    expect((await none.get(`/api/technician-roles/${helpdesk}`)).statusCode).toBe(403);

    const reader = (await signedInClient(ctx, { permissions: ["technicians.read"] })).client;
    expect((await reader.get("/api/technician-roles")).statusCode).toBe(200);
    expect((await reader.get(`/api/technician-roles/${helpdesk}`)).statusCode).toBe(200);
    const create = await createRole(reader, { permissions: ["technicians.read"] });
    expect(create.statusCode).toBe(403);
    expect(create.json().code).toBe("E_FORBIDDEN");
    expect((await reader.post(`/api/technician-roles/${helpdesk}/copy`, {})).statusCode).toBe(403);
    expect((await reader.patch(`/api/technician-roles/${helpdesk}`, { name: "x" })).statusCode).toBe(403);
    expect((await reader.delete(`/api/technician-roles/${helpdesk}`)).statusCode).toBe(403);

    const manager = (await signedInClient(ctx, { permissions: manage })).client;
    expect((await createRole(manager, { permissions: ["technicians.read"] })).statusCode).toBe(201);
  });
});

describe("listing and reading roles", () => {
  it("lists the built-in templates and custom roles with permissions, scope, holders and the built-in flag", async () => {
    const created = (
      await createRole(admin, { permissions: ["devices.read"], organizationIds: [orgA] })
    ).json<TechnicianRole>();
    const holder = await signedInClient(ctx, { permissions: [] });
    await grant(holder.userId, created.id);

    const list = (await admin.get("/api/technician-roles")).json<{ items: TechnicianRole[] }>().items;
    expect(list.filter((r) => r.builtIn).map((r) => r.name)).toEqual(
      expect.arrayContaining(["Full access", "Helpdesk", "Read only", "Scripting"]),
    );
    // Built-in templates come first.
    expect(list.findIndex((r) => !r.builtIn)).toBeGreaterThan(list.findLastIndex((r) => r.builtIn));
    const org = (await admin.get(`/api/organizations/${orgA}`)).json<{ name: string }>();
    expect(list.find((r) => r.id === created.id)).toMatchObject({
      permissions: ["devices.read"],
      allOrganizations: false,
      organizations: [{ id: orgA, name: org.name }],
      hiddenOrganizationCount: 0,
      builtIn: false,
      holderCount: 1,
    });
    expect((await admin.get(`/api/technician-roles/${created.id}`)).json()).toEqual(
      list.find((r) => r.id === created.id),
    );
    const missing = await admin.get("/api/technician-roles/999999");
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe("E_ROLE_NOT_FOUND");
    expect((await admin.get("/api/technician-roles/abc")).json().code).toBe("E_VALIDATION");
  });

  it("names only the organizations the reader can see; the others are counted", async () => {
    const role = (
      await createRole(admin, { permissions: ["devices.read"], organizationIds: [orgA, orgB] })
    ).json<TechnicianRole>();
    const reader = (
      await signedInClient(ctx, {
        permissions: ["technicians.read", "organizations.read"],
        organizationIds: [orgA],
      })
    ).client;
    const seen = (await reader.get(`/api/technician-roles/${role.id}`)).json<TechnicianRole>();
    expect(seen.organizations.map((o) => o.id)).toEqual([orgA]);
    expect(seen.hiddenOrganizationCount).toBe(1);
  });
});

describe("creating, changing and deleting roles", () => {
  it("validates: a name, at least one permission, at least one existing organization when limited", async () => {
    const noPermissions = await createRole(admin, { permissions: [] });
    expect(noPermissions.statusCode).toBe(400);
    expect(noPermissions.json().code).toBe("E_VALIDATION");
    const unknownPermission = await admin.post("/api/technician-roles", {
      name: roleName(),
      permissions: ["devices.destroy"],
      allOrganizations: true,
    });
    expect(unknownPermission.json().code).toBe("E_VALIDATION");
    const noName = await admin.post("/api/technician-roles", {
      name: "  ",
      permissions: ["devices.read"],
      allOrganizations: true,
    });
    expect(noName.json().code).toBe("E_VALIDATION");
    const limitedEmpty = await createRole(admin, { permissions: ["devices.read"], organizationIds: [] });
    expect(limitedEmpty.statusCode).toBe(400);
    expect(limitedEmpty.json().message).toContain("Choose at least one organization");
    const unknownOrg = await createRole(admin, {
      permissions: ["devices.read"],
      organizationIds: [orgA, 999_999],
    });
    expect(unknownOrg.statusCode).toBe(400);
    expect(unknownOrg.json()).toMatchObject({
      code: "E_ORGANIZATION_NOT_FOUND",
      details: { organizationIds: [999_999] },
    });
  });

  it("keeps names unique regardless of case", async () => {
    const name = roleName("Unique");
    expect((await createRole(admin, { name, permissions: ["devices.read"] })).statusCode).toBe(201);
    const dup = await createRole(admin, { name: name.toUpperCase(), permissions: ["devices.read"] });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().code).toBe("E_ROLE_NAME_TAKEN");
    const other = (await createRole(admin, { permissions: ["devices.read"] })).json<TechnicianRole>();
    const rename = await admin.patch(`/api/technician-roles/${other.id}`, { name: name.toLowerCase() });
    expect(rename.json().code).toBe("E_ROLE_NAME_TAKEN");
  });

  it("the database keeps names unique regardless of case, also for saves that race", async () => {
    const name = roleName("Racing");
    const results = await Promise.all([
      createRole(admin, { name, permissions: ["devices.read"] }),
      createRole(admin, { name: name.toUpperCase(), permissions: ["devices.read"] }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(results.find((r) => r.statusCode === 409)?.json().code).toBe("E_ROLE_NAME_TAKEN");
    await expect(
      ctx.deps.db.insert(technicianRoles).values({ name: name.toLowerCase(), permissions: [] }),
    ).rejects.toThrow();
  });

  it("changes a custom role's permissions and scope and records both versions in the audit log", async () => {
    const role = (await createRole(admin, { permissions: ["devices.read"] })).json<TechnicianRole>();
    expect((await lastAudit("technician_role.created"))?.targetId).toBe(String(role.id));
    const res = await admin.patch(`/api/technician-roles/${role.id}`, {
      permissions: ["devices.read", "devices.manage"],
      allOrganizations: false,
      organizationIds: [orgB],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      permissions: ["devices.read", "devices.manage"],
      allOrganizations: false,
      organizations: [{ id: orgB }],
    });
    const event = await lastAudit("technician_role.updated");
    expect(event).toMatchObject({ targetType: "technician_role", targetId: String(role.id) });
    expect(event?.data).toMatchObject({
      before: { permissions: ["devices.read"], allOrganizations: true },
      after: { permissions: ["devices.read", "devices.manage"], organizationIds: [orgB] },
    });
    const emptied = await admin.patch(`/api/technician-roles/${role.id}`, { organizationIds: [] });
    expect(emptied.statusCode).toBe(400);
    expect((await admin.get(`/api/technician-roles/${role.id}`)).json().organizations).toHaveLength(1);
  });

  it("built-in templates are copied, never edited or deleted", async () => {
    const helpdesk = await builtInId("Helpdesk");
    const edit = await admin.patch(`/api/technician-roles/${helpdesk}`, { name: "Mine now" });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().code).toBe("E_ROLE_BUILT_IN");
    const del = await admin.delete(`/api/technician-roles/${helpdesk}`);
    expect(del.json().code).toBe("E_ROLE_BUILT_IN");

    const original = (await admin.get(`/api/technician-roles/${helpdesk}`)).json<TechnicianRole>();
    const copy = await admin.post(`/api/technician-roles/${helpdesk}/copy`, {});
    expect(copy.statusCode).toBe(201);
    expect(copy.json()).toMatchObject({
      name: "Copy of Helpdesk",
      builtIn: false,
      permissions: original.permissions,
      allOrganizations: true,
      holderCount: 0,
    });
    const second = await admin.post(`/api/technician-roles/${helpdesk}/copy`, {});
    expect(second.json().name).toBe("Copy of Helpdesk (2)");
    const named = await admin.post(`/api/technician-roles/${helpdesk}/copy`, {
      name: roleName("Named copy"),
    });
    expect(named.statusCode).toBe(201);
    expect((await lastAudit("technician_role.copied"))?.data).toMatchObject({ copiedFromRoleId: helpdesk });
    // The copy is a custom role: it can be edited.
    expect(
      (await admin.patch(`/api/technician-roles/${copy.json().id}`, { description: "Ours" })).statusCode,
    ).toBe(200);
  });

  it("refuses to delete a role still held (nobody loses access as a side effect), deletes it once unheld", async () => {
    const role = (await createRole(admin, { permissions: ["organizations.read"] })).json<TechnicianRole>();
    const holder = await signedInClient(ctx, { permissions: [] });
    await grant(holder.userId, role.id);
    const refused = await admin.delete(`/api/technician-roles/${role.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe("E_ROLE_IN_USE");
    expect((await holder.client.get("/api/organizations")).statusCode).toBe(200);

    await ctx.deps.db.delete(userTechnicianRoles).where(eq(userTechnicianRoles.roleId, role.id));
    expect((await admin.delete(`/api/technician-roles/${role.id}`)).statusCode).toBe(204);
    expect((await admin.get(`/api/technician-roles/${role.id}`)).json().code).toBe("E_ROLE_NOT_FOUND");
    expect((await lastAudit("technician_role.deleted"))?.targetId).toBe(String(role.id));
    expect((await admin.delete(`/api/technician-roles/${role.id}`)).statusCode).toBe(404);
  });
});

describe("nobody creates or edits a role into more than they hold", () => {
  /** A technician manager who reads devices in org A only, and sees organizations A and B. */
  async function limitedManager() {
    const user = await signedInClient(ctx, {
      permissions: [...manage, "devices.read"],
      organizationIds: [orgA],
    });
    const seesBoth = (
      await createRole(admin, { permissions: ["organizations.read"], organizationIds: [orgA, orgB] })
    ).json<TechnicianRole>();
    await grant(user.userId, seesBoth.id);
    return user;
  }

  it("creates a role within its own grants, refuses one beyond them", async () => {
    const { client } = await limitedManager();
    const ok = await createRole(client, { permissions: ["devices.read"], organizationIds: [orgA] });
    expect(ok.statusCode, ok.body).toBe(201);

    const otherOrg = await createRole(client, {
      permissions: ["devices.read"],
      organizationIds: [orgA, orgB],
    });
    expect(otherOrg.statusCode).toBe(403);
    expect(otherOrg.json()).toMatchObject({
      code: "E_ROLE_EXCEEDS_GRANTS",
      details: { permissions: ["devices.read"] },
    });
    const everywhere = await createRole(client, { permissions: ["devices.read"] });
    expect(everywhere.json().code).toBe("E_ROLE_EXCEEDS_GRANTS");
    const notHeld = await createRole(client, { permissions: ["devices.manage"], organizationIds: [orgA] });
    expect(notHeld.json().code).toBe("E_ROLE_EXCEEDS_GRANTS");
    const globalNotHeld = await createRole(client, {
      permissions: ["settings.manage"],
      organizationIds: [orgA],
    });
    expect(globalNotHeld.json().code).toBe("E_ROLE_EXCEEDS_GRANTS");
    const copyFull = await client.post(`/api/technician-roles/${await builtInId("Full access")}/copy`, {});
    expect(copyFull.json().code).toBe("E_ROLE_EXCEEDS_GRANTS");
  });

  it("an organization outside the granter's scope answers like one that does not exist", async () => {
    const orgC = (await createOrganization(admin)).id;
    const { client } = await limitedManager();
    const hidden = await createRole(client, { permissions: ["technicians.read"], organizationIds: [orgC] });
    const unknown = await createRole(client, {
      permissions: ["technicians.read"],
      organizationIds: [999_998],
    });
    expect(hidden.statusCode).toBe(400);
    expect(hidden.json().code).toBe("E_ORGANIZATION_NOT_FOUND");
    expect(hidden.json().message).toBe(unknown.json().message);
  });

  it("refuses an edit that widens a role beyond the editor's grants and changes nothing", async () => {
    const { client } = await limitedManager();
    const role = (
      await createRole(client, { permissions: ["devices.read"], organizationIds: [orgA] })
    ).json<TechnicianRole>();
    const widen = await client.patch(`/api/technician-roles/${role.id}`, { organizationIds: [orgA, orgB] });
    expect(widen.statusCode).toBe(403);
    expect(widen.json().code).toBe("E_ROLE_EXCEEDS_GRANTS");
    const addPermission = await client.patch(`/api/technician-roles/${role.id}`, {
      permissions: ["devices.read", "jobs.run"],
    });
    expect(addPermission.json().code).toBe("E_ROLE_EXCEEDS_GRANTS");
    const after = (await admin.get(`/api/technician-roles/${role.id}`)).json<TechnicianRole>();
    expect(after.permissions).toEqual(["devices.read"]);
    expect(after.organizations.map((o) => o.id)).toEqual([orgA]);
    // A role that already grants more than the editor holds is not theirs to change.
    const broad = (await createRole(admin, { permissions: ["devices.manage"] })).json<TechnicianRole>();
    expect((await client.patch(`/api/technician-roles/${broad.id}`, { description: "x" })).json().code).toBe(
      "E_ROLE_EXCEEDS_GRANTS",
    );
  });
});
