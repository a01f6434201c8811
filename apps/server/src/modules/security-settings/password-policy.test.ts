import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createTestContext, signedInClient, TestClient, type TestContext } from "../../testing/test-app.js";
import type { SecuritySettings } from "@steward/contracts";
import { hashPassword } from "../../platform/crypto/index.js";
import { passwordHistory } from "./security-settings.tables.js";
import { shippedCommonPasswords } from "./password-rules.js";

let ctx: TestContext;
let admin: TestClient;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = (await signedInClient(ctx, { admin: true })).client;
});
afterAll(async () => {
  await ctx.close();
});

async function setPolicy(policy: SecuritySettings["passwordPolicy"]) {
  const current = (await admin.get("/api/settings/security")).json() as SecuritySettings;
  const res = await admin.put("/api/settings/security", { ...current, passwordPolicy: policy });
  expect(res.statusCode, res.body).toBe(200);
}

/** Invites a technician and answers the token of the invitation link. */
async function invite(): Promise<string> {
  const res = await admin.post("/api/technicians", {
    email: `tech-${Math.random().toString(36).slice(2)}@example.test`,
    firstName: "Tina",
    lastName: "Tech",
    isSystemAdmin: true,
  });
  expect(res.statusCode, res.body).toBe(201);
  return String(res.json().inviteUrl).split("/").at(-1)!;
}

describe("the password policy when accepting an invitation", () => {
  it("refuses a password under the minimum length with its own text, then accepts a long enough one", async () => {
    await setPolicy({ minLength: 20, characterClasses: 1, rejectBreached: true, history: 0 });
    const token = await invite();
    const visitor = new TestClient(ctx.app);
    const short = await visitor.post(`/api/invites/${token}/accept`, { password: "nineteen characters" });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({
      code: "E_WEAK_PASSWORD",
      messageId: "errors.auth.passwordTooShort",
      messageValues: { min: 20 },
      message: "The password must be at least 20 characters long",
    });
    // The invitation still stands after a refused password.
    const ok = await visitor.post(`/api/invites/${token}/accept`, { password: "twenty characters long" });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it("refuses a password mixing fewer kinds of characters than required", async () => {
    await setPolicy({ minLength: 12, characterClasses: 3, rejectBreached: true, history: 0 });
    const token = await invite();
    const visitor = new TestClient(ctx.app);
    const plain = await visitor.post(`/api/invites/${token}/accept`, { password: "only lowercase words" });
    expect(plain.statusCode).toBe(400);
    expect(plain.json()).toMatchObject({
      code: "E_WEAK_PASSWORD",
      messageId: "errors.auth.passwordCharacterClasses",
      messageValues: { count: 3 },
    });
    const mixed = await visitor.post(`/api/invites/${token}/accept`, { password: "Mixed case and 3 digits" });
    expect(mixed.statusCode, mixed.body).toBe(200);
  });

  it("refuses a password on the shipped list of common passwords, in any letter case, while the setting is on", async () => {
    expect(shippedCommonPasswords().has("password1234")).toBe(true);
    expect(shippedCommonPasswords().size).toBeGreaterThan(15_000);
    await setPolicy({ minLength: 12, characterClasses: 1, rejectBreached: true, history: 0 });
    const token = await invite();
    const visitor = new TestClient(ctx.app);
    const common = await visitor.post(`/api/invites/${token}/accept`, { password: "PassWord1234" });
    expect(common.statusCode).toBe(400);
    expect(common.json()).toMatchObject({
      code: "E_PASSWORD_BREACHED",
      message: "This password is on a list of commonly used passwords. Choose another one.",
    });
    await setPolicy({ minLength: 12, characterClasses: 1, rejectBreached: false, history: 0 });
    expect(
      (await visitor.post(`/api/invites/${token}/accept`, { password: "PassWord1234" })).statusCode,
    ).toBe(200);
  });
});

describe("the password history", () => {
  it("keeps hashes of the passwords set (never the passwords) and refuses one of the last N", async () => {
    await setPolicy({ minLength: 12, characterClasses: 1, rejectBreached: true, history: 2 });
    const token = await invite();
    const accepted = await new TestClient(ctx.app).post(`/api/invites/${token}/accept`, {
      password: "first passphrase here",
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const userId = accepted.json().user.id as number;
    const kept = await ctx.deps.db.select().from(passwordHistory).where(eq(passwordHistory.userId, userId));
    expect(kept).toHaveLength(1);
    expect(kept[0]!.passwordHash).toMatch(/^\$argon2id\$/);

    const rules = ctx.services.passwordRules;
    await expect(rules.check("first passphrase here", userId)).rejects.toMatchObject({
      code: "E_PASSWORD_REUSED",
    });
    await rules.remember(userId, await hashPassword("second passphrase here"));
    await rules.remember(userId, await hashPassword("third passphrase here"));
    // Two remembered: the first one has dropped out of the history and may be chosen again.
    await expect(rules.check("first passphrase here", userId)).resolves.toBeUndefined();
    await expect(rules.check("second passphrase here", userId)).rejects.toMatchObject({
      code: "E_PASSWORD_REUSED",
      message: "You used this password recently. Choose one you have not used before.",
    });
    expect(
      await ctx.deps.db.select().from(passwordHistory).where(eq(passwordHistory.userId, userId)),
    ).toHaveLength(2);
    await setPolicy({ minLength: 12, characterClasses: 1, rejectBreached: true, history: 0 });
    await expect(rules.check("second passphrase here", userId)).resolves.toBeUndefined();
  });

  it("applies to first-run setup as well: a common password is refused", async () => {
    const fresh = await createTestContext();
    try {
      const res = await new TestClient(fresh.app).post("/api/setup", {
        email: "admin@example.test",
        password: "qwertyuiop123",
        firstName: "Ada",
        lastName: "Admin",
        companyName: "Acme",
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe("E_PASSWORD_BREACHED");
    } finally {
      await fresh.close();
    }
  });
});
