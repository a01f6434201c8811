import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestContext, signedInClient, TestClient, type TestContext } from "../../testing/test-app.js";
import { codeFor } from "../../testing/auth-flow.js";
import { eq } from "drizzle-orm";
import { auditEvents, technicianRoles } from "../../platform/identity/index.js";

let ctx: TestContext;
/** A role every technician manager in these tests holds (technicians.read), so may hand out. */
let readerRoleId: number;
beforeAll(async () => {
  ctx = await createTestContext();
  const [role] = await ctx.deps.db
    .insert(technicianRoles)
    .values({ name: "Technician readers", permissions: ["technicians.read"] })
    .returning({ id: technicianRoles.id });
  readerRoleId = role!.id;
});
afterAll(async () => {
  await ctx.close();
});
afterEach(() => vi.useRealTimers());

let n = 0;
const newTech = () => ({
  email: `tech${++n}@example.test`,
  firstName: "Tina",
  lastName: `Tech ${n}`,
  roleIds: [readerRoleId],
});
const tokenOf = (inviteUrl: string) => inviteUrl.split("/invite/")[1]!;

describe("technician routes: permissions", () => {
  it("401 without a session, 403 without the permission, 200 with it", async () => {
    expect((await new TestClient(ctx.app).get("/api/technicians")).statusCode).toBe(401);
    const none = (await signedInClient(ctx, { permissions: ["organizations.read"] })).client;
    expect((await none.get("/api/technicians")).statusCode).toBe(403);
    expect((await none.post("/api/technicians", newTech())).json().code).toBe("E_FORBIDDEN");
    const reader = (await signedInClient(ctx, { permissions: ["technicians.read"] })).client;
    expect((await reader.get("/api/technicians")).statusCode).toBe(200);
    expect((await reader.post("/api/technicians", newTech())).statusCode).toBe(403);
    const manager = (await signedInClient(ctx, { permissions: ["technicians.read", "technicians.manage"] }))
      .client;
    expect((await manager.post("/api/technicians", newTech())).statusCode).toBe(201);
  });

  it("only system administrators can create or promote system administrators", async () => {
    const manager = (await signedInClient(ctx, { permissions: ["technicians.read", "technicians.manage"] }))
      .client;
    const res = await manager.post("/api/technicians", { ...newTech(), isSystemAdmin: true });
    expect(res.statusCode).toBe(403);
    const created = (await manager.post("/api/technicians", newTech())).json();
    const promote = await manager.patch(`/api/technicians/${created.technician.id}`, { isSystemAdmin: true });
    expect(promote.statusCode).toBe(403);
  });
});

describe("inviting a technician", () => {
  it("creates an invited technician, mails a 24 h link, and the link sets the password then leads to MFA enrollment", async () => {
    const { client: admin } = await signedInClient(ctx, { admin: true });
    const body = newTech();
    const res = await admin.post("/api/technicians", body);
    expect(res.statusCode).toBe(201);
    const invite = res.json();
    expect(invite.technician).toMatchObject({ email: body.email, status: "INVITED", mfaEnrolled: false });
    expect(invite.inviteUrl).toMatch(/^http:\/\/steward\.test\/invite\/[A-Za-z0-9_-]{43}$/);
    const hours = (new Date(invite.inviteExpiresAt).getTime() - Date.now()) / 3600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);
    expect(invite.emailSent).toBe(true);
    expect(ctx.outbox.at(-1)).toMatchObject({ to: body.email });
    expect(ctx.outbox.at(-1)?.text).toContain(invite.inviteUrl);

    const dup = await admin.post("/api/technicians", { ...body, email: body.email.toUpperCase() });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().code).toBe("E_EMAIL_TAKEN");

    const token = tokenOf(invite.inviteUrl);
    const visitor = new TestClient(ctx.app);
    expect((await visitor.get(`/api/invites/${token}`)).json()).toEqual({
      email: body.email,
      firstName: "Tina",
      lastName: body.lastName,
    });
    const weak = await visitor.post(`/api/invites/${token}/accept`, { password: "short" });
    expect(weak.json().code).toBe("E_VALIDATION");
    const accepted = await visitor.post(`/api/invites/${token}/accept`, {
      password: "technician passphrase 1",
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().state).toBe("mfa-enrollment");
    // The technician who accepted is the audit event's actor, not the server.
    const acceptedEvent = (
      await ctx.deps.db.select().from(auditEvents).where(eq(auditEvents.action, "technician.invite_accepted"))
    ).find((e) => e.targetId === String(invite.technician.id));
    expect(acceptedEvent).toMatchObject({
      actorUserId: invite.technician.id,
      actorLabel: body.email,
      targetId: String(invite.technician.id),
    });

    // Single use.
    expect((await new TestClient(ctx.app).get(`/api/invites/${token}`)).json().code).toBe("E_INVITE_INVALID");

    // Enrollment, then a normal sign-in asks for the code.
    const { secret } = (await visitor.post("/api/auth/mfa/totp/enroll")).json();
    expect((await visitor.post("/api/auth/mfa/totp/confirm", { code: codeFor(secret) })).statusCode).toBe(
      200,
    );
    const list = (await admin.get("/api/technicians")).json().items;
    expect(list.find((t: { email: string }) => t.email === body.email)).toMatchObject({
      status: "ACTIVE",
      mfaEnrolled: true,
    });
    const relog = new TestClient(ctx.app);
    const login = await relog.post("/api/auth/login", {
      email: body.email,
      password: "technician passphrase 1",
    });
    expect(login.json().state).toBe("mfa-verification");
  });

  it("refuses an invite link after 24 h; a re-invite issues a new one", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const { client: admin } = await signedInClient(ctx, { admin: true });
    const invite = (await admin.post("/api/technicians", newTech())).json();
    vi.setSystemTime(Date.now() + 24 * 3600_000 + 1000);
    const visitor = new TestClient(ctx.app);
    const token = tokenOf(invite.inviteUrl);
    expect((await visitor.get(`/api/invites/${token}`)).statusCode).toBe(404);
    expect(
      (await visitor.post(`/api/invites/${token}/accept`, { password: "technician passphrase 1" })).json()
        .code,
    ).toBe("E_INVITE_INVALID");
    const { client: admin2 } = await signedInClient(ctx, { admin: true });
    const again = await admin2.post(`/api/technicians/${invite.technician.id}/reinvite`);
    expect(again.statusCode).toBe(200);
    expect(tokenOf(again.json().inviteUrl)).not.toBe(token);
    expect((await visitor.get(`/api/invites/${tokenOf(again.json().inviteUrl)}`)).statusCode).toBe(200);
  });
});

describe("managing technicians", () => {
  it("disabling ends the technician's sessions and blocks sign-in; enabling restores it", async () => {
    const { client: admin } = await signedInClient(ctx, { admin: true });
    const tech = await signedInClient(ctx, { permissions: ["organizations.read"] });
    expect((await tech.client.get("/api/auth/session")).json().state).toBe("authenticated");
    const disabled = await admin.post(`/api/technicians/${tech.userId}/disable`);
    expect(disabled.json().status).toBe("DISABLED");
    expect((await tech.client.get("/api/organizations")).statusCode).toBe(401);
    const login = await new TestClient(ctx.app).post("/api/auth/login", {
      email: tech.email,
      password: "correct horse battery staple",
    });
    // A disabled account answers like a wrong password: sign-in does not tell which accounts exist.
    expect(login.statusCode).toBe(401);
    expect(login.json().code).toBe("E_INVALID_CREDENTIALS");
    expect((await admin.post(`/api/technicians/${tech.userId}/enable`)).json().status).toBe("ACTIVE");
    const again = await new TestClient(ctx.app).post("/api/auth/login", {
      email: tech.email,
      password: "correct horse battery staple",
    });
    expect(again.statusCode).toBe(200);
  });

  it("edits names and deletes technicians; refuses to act on oneself or remove the last administrator", async () => {
    const local = await createTestContext();
    try {
      const admin = await signedInClient(local, { admin: true });
      const tech = await signedInClient(local, { permissions: ["organizations.read"] });
      const edited = await admin.client.patch(`/api/technicians/${tech.userId}`, {
        firstName: "Renamed",
        phone: "+1 555 0100",
      });
      expect(edited.json()).toMatchObject({ firstName: "Renamed", phone: "+1 555 0100" });
      expect((await admin.client.get(`/api/technicians/${tech.userId}`)).json().firstName).toBe("Renamed");

      const self = await admin.client.delete(`/api/technicians/${admin.userId}`);
      expect(self.json().code).toBe("E_CANNOT_MODIFY_SELF");
      expect((await admin.client.post(`/api/technicians/${admin.userId}/disable`)).json().code).toBe(
        "E_CANNOT_MODIFY_SELF",
      );

      const other = await signedInClient(local, { admin: true });
      await other.client.delete(`/api/technicians/${tech.userId}`);
      expect((await admin.client.get(`/api/technicians/${tech.userId}`)).json().code).toBe(
        "E_USER_NOT_FOUND",
      );
      // Two admins: one may remove the other, but not the last.
      expect((await other.client.delete(`/api/technicians/${admin.userId}`)).statusCode).toBe(204);
      // A technician manager who is not an administrator cannot remove administrators at all.
      const manager = await signedInClient(local, {
        permissions: ["technicians.manage", "technicians.read"],
      });
      expect((await manager.client.delete(`/api/technicians/${other.userId}`)).statusCode).toBe(403);
    } finally {
      await local.close();
    }
  });

  it("resets a technician's MFA so they enroll again", async () => {
    const { client: admin } = await signedInClient(ctx, { admin: true });
    const tech = await signedInClient(ctx, { permissions: ["organizations.read"] });
    const res = await admin.post(`/api/technicians/${tech.userId}/reset-mfa`);
    expect(res.json().mfaEnrolled).toBe(false);
    const login = await new TestClient(ctx.app).post("/api/auth/login", {
      email: tech.email,
      password: "correct horse battery staple",
    });
    expect(login.json().state).toBe("mfa-enrollment");
  });
});

describe("technician roles on invite and edit", () => {
  const createRoleAs = async (client: TestClient, permissions: string[], organizationIds?: number[]) => {
    const res = await client.post("/api/technician-roles", {
      name: `Assigned role ${++n}`,
      permissions,
      allOrganizations: organizationIds === undefined,
      organizationIds: organizationIds ?? [],
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ id: number }>().id;
  };
  const newOrg = async (client: TestClient) =>
    (await client.post("/api/organizations", { name: `Roles org ${++n}` })).json<{ id: number }>().id;

  it("invites with several roles: the technician's access is their union, and the list shows roleIds", async () => {
    const { client: admin } = await signedInClient(ctx, { admin: true });
    const orgA = await newOrg(admin);
    const orgB = await newOrg(admin);
    const readA = await createRoleAs(admin, ["organizations.read"], [orgA]);
    const readB = await createRoleAs(admin, ["organizations.read"], [orgB]);
    const res = await admin.post("/api/technicians", { ...newTech(), roleIds: [readA, readB, readA] });
    expect(res.statusCode, res.body).toBe(201);
    const invited = res.json().technician;
    expect(invited.roleIds).toEqual([readA, readB].sort((a, b) => a - b));
    const listed = (await admin.get("/api/technicians"))
      .json()
      .items.find((t: { id: number }) => t.id === invited.id);
    expect(listed.roleIds).toEqual(invited.roleIds);
    const audited = await ctx.deps.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, "technician.invited"));
    expect(audited.at(-1)?.data).toMatchObject({ roleIds: invited.roleIds });

    // Accept the invite and enroll MFA: the technician reads exactly organizations A and B.
    const visitor = new TestClient(ctx.app);
    await visitor.post(`/api/invites/${tokenOf(res.json().inviteUrl)}/accept`, {
      password: "technician passphrase 1",
    });
    const { secret } = (await visitor.post("/api/auth/mfa/totp/enroll")).json();
    await visitor.post("/api/auth/mfa/totp/confirm", { code: codeFor(secret) });
    expect((await visitor.get(`/api/organizations/${orgA}`)).statusCode).toBe(200);
    expect((await visitor.get(`/api/organizations/${orgB}`)).statusCode).toBe(200);
    const orgC = await newOrg(admin);
    expect((await visitor.get(`/api/organizations/${orgC}`)).statusCode).toBe(404);
  });

  it("validates the roles: at least one for a technician, none for an administrator, every id known", async () => {
    const { client: admin } = await signedInClient(ctx, { admin: true });
    const none = await admin.post("/api/technicians", { ...newTech(), roleIds: [] });
    expect(none.statusCode).toBe(400);
    expect(none.json().code).toBe("E_VALIDATION");
    expect(none.json().message).toContain("Choose at least one role");
    const missing = await admin.post("/api/technicians", { ...newTech(), roleIds: undefined });
    expect(missing.json().code).toBe("E_VALIDATION");
    const unknown = await admin.post("/api/technicians", { ...newTech(), roleIds: [readerRoleId, 999_999] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: "E_ROLE_NOT_FOUND", details: { roleIds: [999_999] } });
    const adminInvite = await admin.post("/api/technicians", {
      ...newTech(),
      roleIds: [],
      isSystemAdmin: true,
    });
    expect(adminInvite.statusCode).toBe(201);

    const created = (await admin.post("/api/technicians", newTech())).json().technician;
    const emptied = await admin.patch(`/api/technicians/${created.id}`, { roleIds: [] });
    expect(emptied.statusCode).toBe(400);
    expect((await admin.get(`/api/technicians/${created.id}`)).json().roleIds).toEqual([readerRoleId]);
  });

  it("an administrator demoted to technician needs a role", async () => {
    const { client: admin } = await signedInClient(ctx, { admin: true });
    const other = await signedInClient(ctx, { admin: true });
    const bare = await admin.patch(`/api/technicians/${other.userId}`, { isSystemAdmin: false });
    expect(bare.statusCode).toBe(400);
    expect(bare.json().message).toContain("Choose at least one role");
    expect((await admin.get(`/api/technicians/${other.userId}`)).json().isSystemAdmin).toBe(true);
    const demoted = await admin.patch(`/api/technicians/${other.userId}`, {
      isSystemAdmin: false,
      roleIds: [readerRoleId],
    });
    expect(demoted.statusCode, demoted.body).toBe(200);
    expect(demoted.json()).toMatchObject({ isSystemAdmin: false, roleIds: [readerRoleId] });
    // Now a technician holding only technicians.read: reading technicians yes, organizations no.
    expect((await other.client.get("/api/technicians")).statusCode).toBe(200);
    expect((await other.client.get("/api/organizations")).statusCode).toBe(403);
  });

  it("changes the roles of a technician on edit and audits what was added and removed", async () => {
    const { client: admin } = await signedInClient(ctx, { admin: true });
    const other = await createRoleAs(admin, ["devices.read"]);
    const created = (await admin.post("/api/technicians", newTech())).json().technician;
    const res = await admin.patch(`/api/technicians/${created.id}`, { roleIds: [other] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().roleIds).toEqual([other]);
    const events = await ctx.deps.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, "technician.roles_changed"));
    expect(events.at(-1)).toMatchObject({
      targetId: String(created.id),
      data: { addedRoleIds: [other], removedRoleIds: [readerRoleId] },
    });
  });

  it("nobody gives or takes away a role granting more than they hold", async () => {
    const { client: admin } = await signedInClient(ctx, { admin: true });
    const orgA = await newOrg(admin);
    const orgB = await newOrg(admin);
    const devicesA = await createRoleAs(admin, ["devices.read"], [orgA]);
    const devicesB = await createRoleAs(admin, ["devices.read"], [orgB]);
    const manager = await signedInClient(ctx, {
      permissions: ["technicians.read", "technicians.manage", "devices.read"],
      organizationIds: [orgA],
    });
    const within = await manager.client.post("/api/technicians", { ...newTech(), roleIds: [devicesA] });
    expect(within.statusCode, within.body).toBe(201);
    const beyond = await manager.client.post("/api/technicians", { ...newTech(), roleIds: [devicesB] });
    expect(beyond.statusCode).toBe(403);
    expect(beyond.json()).toMatchObject({ code: "E_ROLE_EXCEEDS_GRANTS", details: { roleId: devicesB } });
    const helpdesk = await manager.client.post("/api/technicians", {
      ...newTech(),
      roleIds: [readerRoleId, devicesA],
    });
    expect(helpdesk.statusCode).toBe(201);

    // Giving a broader role on edit is refused and changes nothing; so is taking one away.
    const id = within.json().technician.id;
    const give = await manager.client.patch(`/api/technicians/${id}`, { roleIds: [devicesA, devicesB] });
    expect(give.json().code).toBe("E_ROLE_EXCEEDS_GRANTS");
    expect((await admin.get(`/api/technicians/${id}`)).json().roleIds).toEqual([devicesA]);
    await admin.patch(`/api/technicians/${id}`, { roleIds: [devicesA, devicesB] });
    const take = await manager.client.patch(`/api/technicians/${id}`, { roleIds: [devicesA] });
    expect(take.json().code).toBe("E_ROLE_EXCEEDS_GRANTS");
    expect((await admin.get(`/api/technicians/${id}`)).json().roleIds).toEqual(
      [devicesA, devicesB].sort((a, b) => a - b),
    );
  });

  it("only system administrators manage system administrators", async () => {
    const { client: admin } = await signedInClient(ctx, { admin: true });
    const target = await signedInClient(ctx, { admin: true });
    const invitedAdmin = (await admin.post("/api/technicians", { ...newTech(), isSystemAdmin: true })).json()
      .technician;
    const manager = (await signedInClient(ctx, { permissions: ["technicians.read", "technicians.manage"] }))
      .client;
    const attempts = [
      manager.patch(`/api/technicians/${target.userId}`, { firstName: "Mallory" }),
      manager.post(`/api/technicians/${target.userId}/disable`),
      manager.post(`/api/technicians/${target.userId}/enable`),
      manager.post(`/api/technicians/${target.userId}/reset-mfa`),
      manager.delete(`/api/technicians/${target.userId}`),
      manager.post(`/api/technicians/${invitedAdmin.id}/reinvite`),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().code).toBe("E_FORBIDDEN");
    }
    const after = (await admin.get(`/api/technicians/${target.userId}`)).json();
    expect(after).toMatchObject({ firstName: "Test", status: "ACTIVE", mfaEnrolled: false });
    expect((await target.client.get("/api/auth/session")).json().state).toBe("authenticated");
    // An administrator may.
    expect((await admin.patch(`/api/technicians/${target.userId}`, { firstName: "Ada" })).statusCode).toBe(
      200,
    );
    expect((await admin.post(`/api/technicians/${invitedAdmin.id}/reinvite`)).statusCode).toBe(200);
  });
});
