import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestContext, signedInClient, TestClient, type TestContext } from "../../testing/test-app.js";
import { codeFor } from "../../testing/auth-flow.js";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});
afterEach(() => vi.useRealTimers());

let n = 0;
const newTech = () => ({ email: `tech${++n}@example.test`, firstName: "Tina", lastName: `Tech ${n}` });
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
    expect(login.statusCode).toBe(403);
    expect(login.json().code).toBe("E_USER_DISABLED");
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
