import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { SecuritySettings } from "@steward/contracts";
import { createTestContext, signedInClient, TestClient, type TestContext } from "../../testing/test-app.js";
import { setupAdminViaApi } from "../../testing/auth-flow.js";
import { userTechnicianRoles } from "../../platform/identity/index.js";

let ctx: TestContext;
let admin: TestClient;
let adminLogin: { email: string; password: string };

beforeAll(async () => {
  ctx = await createTestContext();
  const setup = await setupAdminViaApi(ctx);
  admin = setup.client;
  adminLogin = { email: setup.email, password: setup.password };
});
afterAll(async () => {
  await ctx.close();
});

async function allowFactors(factors: SecuritySettings["allowedMfaFactors"]) {
  const current = (await admin.get("/api/settings/security")).json() as SecuritySettings;
  const res = await admin.put("/api/settings/security", { ...current, allowedMfaFactors: factors });
  expect(res.statusCode, res.body).toBe(200);
}

describe("allowed second factors", () => {
  it("a held factor type that is no longer allowed cannot be used at sign-in: the user is sent to enroll an allowed one", async () => {
    await allowFactors(["U2F", "SMS", "DUO"]);
    try {
      const visitor = new TestClient(ctx.app);
      const login = await visitor.post("/api/auth/login", adminLogin);
      expect(login.statusCode, login.body).toBe(200);
      expect(login.json().state).toBe("mfa-enrollment");

      const verify = await visitor.post("/api/auth/mfa/verify", { code: "123456" });
      expect(verify.statusCode).toBe(403);
      expect(verify.json()).toMatchObject({
        code: "E_MFA_FACTOR_NOT_ALLOWED",
        message: "This kind of second factor is not allowed. Set up one of the allowed kinds to continue.",
      });
      // The password alone still reaches nothing beyond the enrollment steps.
      expect((await visitor.get("/api/settings/security")).json().code).toBe("E_MFA_REQUIRED");

      // TOTP cannot be set up again; an allowed type can be, without the old factor.
      const totp = await visitor.post("/api/auth/mfa/totp/enroll");
      expect(totp.statusCode).toBe(403);
      expect(totp.json().code).toBe("E_MFA_FACTOR_NOT_ALLOWED");
      const factors = await visitor.get("/api/auth/mfa/factors");
      expect(factors.json().available).not.toContain("TOTP");
      const key = await visitor.post("/api/auth/mfa/security-keys/register/options", { name: "Key" });
      expect(key.statusCode, key.body).toBe(200);
    } finally {
      await allowFactors(["TOTP", "U2F", "SMS", "DUO"]);
    }
  });

  it("a type that is not allowed cannot be enrolled, even by a verified session", async () => {
    await allowFactors(["TOTP"]);
    try {
      const { client } = await signedInClient(ctx, { admin: true });
      const key = await client.post("/api/auth/mfa/security-keys/register/options", { name: "Key" });
      expect(key.statusCode).toBe(403);
      expect(key.json().code).toBe("E_MFA_FACTOR_NOT_ALLOWED");
      const sms = await client.post("/api/auth/mfa/sms/enroll", { phone: "+41791234567" });
      expect(sms.json().code).toBe("E_MFA_FACTOR_NOT_ALLOWED");
      expect((await client.post("/api/auth/mfa/duo/start")).json().code).toBe("E_MFA_FACTOR_NOT_ALLOWED");
    } finally {
      await allowFactors(["TOTP", "U2F", "SMS", "DUO"]);
    }
  });
});

describe("factors required per role", () => {
  it("a verified session whose role requires a factor type the user lacks reaches only the enrollment steps", async () => {
    const { client, userId } = await signedInClient(ctx);
    expect((await client.get("/api/devices")).statusCode).toBe(200);
    const [held] = await ctx.deps.db
      .select({ roleId: userTechnicianRoles.roleId })
      .from(userTechnicianRoles)
      .where(eq(userTechnicianRoles.userId, userId));
    await ctx.services.mfa.setRoleRequirements(held!.roleId, ["U2F"]);

    const refused = await client.get("/api/devices");
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: "E_MFA_ENROLLMENT_REQUIRED",
      message: "Your role requires another kind of second factor. Set it up to continue.",
    });
    expect((await client.get("/api/auth/session")).json().state).toBe("mfa-enrollment");
    // The enrollment steps stay open.
    const options = await client.post("/api/auth/mfa/security-keys/register/options", { name: "Key" });
    expect(options.statusCode, options.body).toBe(200);

    await ctx.services.mfa.setRoleRequirements(held!.roleId, []);
    expect((await client.get("/api/devices")).statusCode).toBe(200);
  });
});
