import { createCipheriv, randomBytes } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { and, eq, like } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { createTestContext, signedInClient, TestClient, type TestContext } from "../../testing/test-app.js";
import { codeFor, setupAdminViaApi } from "../../testing/auth-flow.js";
import {
  auditEvents,
  authThrottle,
  mfaFactors,
  mfaRecoveryCodes,
  users,
} from "../../platform/identity/index.js";
import { createSecretBox, sha256 } from "../../platform/crypto/index.js";
import { buildApp } from "../../app.js";
import { factorSecretContext } from "./auth.service.js";

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof setupAdminViaApi>>;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await setupAdminViaApi(ctx);
});
afterAll(async () => {
  await ctx.close();
});
afterEach(() => {
  vi.useRealTimers();
});

let addressCounter = 0;
/** A fresh client address, so one test's counts do not reach another's. */
const freshAddress = () => `10.9.${Math.floor(++addressCounter / 250)}.${addressCounter % 250}`;

function login(email: string, password: string, remoteAddress: string) {
  return ctx.app.inject({
    method: "POST",
    url: "/api/auth/login",
    payload: { email, password },
    remoteAddress,
  });
}

/** The body without its request id (which differs on every answer by design). */
const withoutRequestId = (res: LightMyRequestResponse) => res.body.replace(/"requestId":"[^"]*"/, "");

async function throttleRow(key: string) {
  const [row] = await ctx.deps.db.select().from(authThrottle).where(eq(authThrottle.key, key));
  return row;
}

const statuses = (results: LightMyRequestResponse[]) =>
  results.reduce<Record<number, number>>(
    (acc, r) => ({ ...acc, [r.statusCode]: (acc[r.statusCode] ?? 0) + 1 }),
    {},
  );

describe("attempts are counted before the check", () => {
  it("of 20 parallel wrong passwords 5 are checked, all 20 counted; the right one is then refused unchecked", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const { email, userId } = await signedInClient(ctx);
    const ip = freshAddress();
    const results = await Promise.all(Array.from({ length: 20 }, () => login(email, "wrong password!!", ip)));
    expect(statuses(results)).toEqual({ 401: 5, 429: 15 });
    expect((await throttleRow(`account-ip:${userId}:${ip}`))?.failures).toBe(20);
    const refused = results.find((r) => r.statusCode === 429)!;
    expect(refused.json()).toMatchObject({ code: "E_RATE_LIMITED", details: { retryAfterSeconds: 30 } });

    const right = await login(email, "correct horse battery staple", ip);
    expect(right.statusCode).toBe(429);

    // After the delay the right password signs in and the account's counts start over.
    vi.setSystemTime(Date.now() + 31_000);
    const ok = await login(email, "correct horse battery staple", ip);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await throttleRow(`account-ip:${userId}:${ip}`)).toBeUndefined();
    expect(await throttleRow(`account:${userId}`)).toBeUndefined();
  });

  it("20 parallel wrong MFA codes: 5 checked, the rest refused; same for recovery codes", async () => {
    const local = await createTestContext();
    try {
      const owner = await setupAdminViaApi(local, "mfa-owner@example.test");
      const client = new TestClient(local.app);
      expect(
        (await client.post("/api/auth/login", { email: owner.email, password: owner.password })).statusCode,
      ).toBe(200);
      const codes = await Promise.all(
        Array.from({ length: 20 }, () => client.post("/api/auth/mfa/verify", { code: "000000" })),
      );
      expect(statuses(codes)).toEqual({ 401: 5, 429: 15 });
      expect(codes.find((r) => r.statusCode === 429)!.json().code).toBe("E_LOCKED_OUT");
      // A right recovery code is refused unchecked too, and stays usable.
      const blocked = await client.post("/api/auth/mfa/verify", { recoveryCode: owner.recoveryCodes[0]! });
      expect(blocked.statusCode).toBe(429);
      const unused = await local.deps.db
        .select()
        .from(mfaRecoveryCodes)
        .where(eq(mfaRecoveryCodes.codeHash, codeHashOf(local, owner.recoveryCodes[0]!)));
      expect(unused[0]?.usedAt).toBeNull();
    } finally {
      await local.close();
    }

    const other = await createTestContext();
    try {
      const owner = await setupAdminViaApi(other, "recovery-owner@example.test");
      const client = new TestClient(other.app);
      await client.post("/api/auth/login", { email: owner.email, password: owner.password });
      const guesses = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          client.post("/api/auth/mfa/verify", {
            recoveryCode: `aaaa-bbbb-cccc-${String(i).padStart(4, "a")}`,
          }),
        ),
      );
      expect(statuses(guesses)).toEqual({ 401: 5, 429: 15 });
    } finally {
      await other.close();
    }
  });
});

function codeHashOf(context: TestContext, code: string) {
  return "hmac:" + context.deps.secretBox.mac("recovery-code", code.replace(/[^a-z0-9]/gi, "").toLowerCase());
}

describe("no user enumeration", () => {
  it("answers unknown email, wrong password, disabled and invited accounts with the same bytes", async () => {
    const disabled = await signedInClient(ctx);
    await ctx.deps.db.update(users).set({ status: "DISABLED" }).where(eq(users.id, disabled.userId));
    const invited = await signedInClient(ctx);
    await ctx.deps.db
      .update(users)
      .set({ status: "INVITED", passwordHash: null })
      .where(eq(users.id, invited.userId));
    const answers = [
      await login("nobody-here@example.test", "wrong password!!", freshAddress()),
      await login(admin.email, "wrong password!!", freshAddress()),
      // A disabled account's right password answers like a wrong one.
      await login(disabled.email, "correct horse battery staple", freshAddress()),
      await login(invited.email, "correct horse battery staple", freshAddress()),
    ];
    for (const res of answers) {
      expect(res.statusCode).toBe(401);
      expect(withoutRequestId(res)).toBe(withoutRequestId(answers[0]!));
    }
    expect(answers[0]!.json()).toMatchObject({
      code: "E_INVALID_CREDENTIALS",
      message: "Incorrect email or password",
    });
  });

  it("throttles unknown and known accounts alike, with the same answer", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const ip = freshAddress();
    const known = await signedInClient(ctx);
    const answers: LightMyRequestResponse[] = [];
    for (const email of [known.email, "ghost@example.test"]) {
      for (let i = 0; i < 5; i++) expect((await login(email, "wrong password!!", ip)).statusCode).toBe(401);
      answers.push(await login(email, "wrong password!!", ip));
    }
    for (const res of answers) {
      expect(res.statusCode).toBe(429);
      expect(withoutRequestId(res)).toBe(withoutRequestId(answers[0]!));
    }
  });

  it("takes comparable time for an unknown email and a wrong password", async () => {
    const time = async (email: string) => {
      const started = process.hrtime.bigint();
      const res = await login(email, "wrong password!!", freshAddress());
      expect(res.statusCode).toBe(401);
      return Number(process.hrtime.bigint() - started) / 1e6;
    };
    const unknown: number[] = [];
    const wrong: number[] = [];
    // Interleaved, so a burst of load on the machine hits both alike.
    for (let i = 0; i < 7; i++) {
      unknown.push(await time(`nobody-${i}@example.test`));
      wrong.push(await time(admin.email));
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const ratio = median(unknown) / median(wrong);
    expect(ratio, `unknown ${median(unknown)} ms, wrong password ${median(wrong)} ms`).toBeGreaterThan(1 / 3);
    expect(ratio).toBeLessThan(3);
  });

  it("drops counters that would start again anyway when someone signs in", async () => {
    const stale = new Date(Date.now() - 2 * 3600_000);
    await ctx.deps.db.insert(authThrottle).values([
      { key: "account:email-stale", failures: 3, updatedAt: stale },
      {
        key: "account:email-still-blocked",
        failures: 9,
        updatedAt: stale,
        blockedUntil: new Date(Date.now() + 60_000),
      },
    ]);
    const { email } = await signedInClient(ctx);
    expect((await login(email, "correct horse battery staple", freshAddress())).statusCode).toBe(200);
    expect(await throttleRow("account:email-stale")).toBeUndefined();
    expect(await throttleRow("account:email-still-blocked")).toBeDefined();
  });

  it("lets the owner sign in from another address while one address is blocked", async () => {
    const { email } = await signedInClient(ctx);
    const attacker = freshAddress();
    for (let i = 0; i < 6; i++) await login(email, "wrong password!!", attacker);
    expect((await login(email, "correct horse battery staple", attacker)).statusCode).toBe(429);
    expect((await login(email, "correct horse battery staple", freshAddress())).statusCode).toBe(200);
  });
});

describe("recovery codes", () => {
  it("hold 80 bits (16 base32 characters in four groups) and are stored as keyed hashes", async () => {
    expect(admin.recoveryCodes).toHaveLength(10);
    for (const code of admin.recoveryCodes) expect(code).toMatch(/^[a-z2-7]{4}(-[a-z2-7]{4}){3}$/);
    const stored = await ctx.deps.db.select().from(mfaRecoveryCodes);
    for (const row of stored) expect(row.codeHash).toMatch(/^hmac:[0-9a-f]{64}$/);
    const hashes = stored.map((r) => r.codeHash);
    for (const code of admin.recoveryCodes) {
      expect(hashes).toContain(codeHashOf(ctx, code));
      expect(hashes).not.toContain(sha256(code.replace(/-/g, "")));
    }
  });

  it("still accepts a code stored the old way (SHA-256 of a 10-character code), once", async () => {
    const local = await createTestContext();
    try {
      const owner = await setupAdminViaApi(local, "legacy@example.test");
      const [user] = await local.deps.db.select().from(users).where(eq(users.email, owner.email));
      await local.deps.db
        .insert(mfaRecoveryCodes)
        .values({ userId: user!.id, codeHash: sha256("abcde23456") });
      const first = new TestClient(local.app);
      await first.post("/api/auth/login", { email: owner.email, password: owner.password });
      expect((await first.post("/api/auth/mfa/verify", { recoveryCode: "ABCDE-23456" })).statusCode).toBe(
        200,
      );
      const second = new TestClient(local.app);
      await second.post("/api/auth/login", { email: owner.email, password: owner.password });
      expect((await second.post("/api/auth/mfa/verify", { recoveryCode: "abcde-23456" })).statusCode).toBe(
        401,
      );
    } finally {
      await local.close();
    }
  });
});

describe("the TOTP secret is sealed for its factor row", () => {
  it("opens only with its own factor's context; an old-format secret still works and is sealed anew", async () => {
    const local = await createTestContext();
    // The same database behind an app whose key this test knows, to write an old-format value.
    const key = randomBytes(32);
    const box = createSecretBox(key);
    const app = await buildApp({ ...local.deps, secretBox: box }, { serveWeb: false });
    try {
      vi.useFakeTimers({ toFake: ["Date"] });
      const start = Math.floor(Date.now() / 30_000) * 30_000 + 1_000;
      vi.setSystemTime(start);
      const owner = await setupAdminViaApi({ ...local, app }, "sealed@example.test");
      const [factor] = await local.deps.db.select().from(mfaFactors);
      expect(factor!.secretEncrypted).toMatch(/^v2\./);
      expect(box.open(factor!.secretEncrypted!, factorSecretContext(factor!.id))).toBe(owner.secret);
      expect(() => box.open(factor!.secretEncrypted!, factorSecretContext(factor!.id + 1))).toThrow();

      // As an older version wrote it: sealed without a context (v1).
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      const data = Buffer.concat([cipher.update(owner.secret, "utf8"), cipher.final()]);
      const v1 = ["v1", iv, cipher.getAuthTag(), data].map((b) => b.toString("base64url")).join(".");
      await local.deps.db
        .update(mfaFactors)
        .set({ secretEncrypted: v1 })
        .where(eq(mfaFactors.id, factor!.id));

      vi.setSystemTime(start + 60_000);
      const client = new TestClient(app);
      await client.post("/api/auth/login", { email: owner.email, password: owner.password });
      const verified = await client.post("/api/auth/mfa/verify", { code: codeFor(owner.secret) });
      expect(verified.statusCode, verified.body).toBe(200);
      const [resealed] = await local.deps.db.select().from(mfaFactors).where(eq(mfaFactors.id, factor!.id));
      expect(resealed!.secretEncrypted).toMatch(/^v2\./);
      expect(box.open(resealed!.secretEncrypted!, factorSecretContext(factor!.id))).toBe(owner.secret);
    } finally {
      vi.useRealTimers();
      await app.close();
      await local.close();
    }
  });
});

describe("audit of sign-in", () => {
  it("records success, failure with the email (never the password), throttling, MFA failure and recovery-code use", async () => {
    const { email, userId } = await signedInClient(ctx);
    const ip = freshAddress();
    await login(email, "a secret guess 123", ip);
    for (let i = 0; i < 5; i++) await login(email, "a secret guess 123", ip);
    await login(email, "correct horse battery staple", freshAddress());

    const mfa = new TestClient(ctx.app);
    await mfa.post("/api/auth/login", { email: admin.email, password: admin.password });
    await mfa.post("/api/auth/mfa/verify", { code: "000000" });
    await mfa.post("/api/auth/mfa/verify", { recoveryCode: admin.recoveryCodes[5]! });

    const events = await ctx.deps.db.select().from(auditEvents).where(like(auditEvents.action, "auth.%"));
    const failures = events.filter(
      (e) => e.action === "auth.sign_in" && e.outcome === "FAILURE" && e.targetId === String(userId),
    );
    expect(failures.length).toBeGreaterThanOrEqual(5);
    expect(failures[0]).toMatchObject({ actorLabel: email, ip, data: { email, reason: "wrong_password" } });
    expect(events.some((e) => e.action === "auth.sign_in_throttled" && e.targetId === String(userId))).toBe(
      true,
    );
    expect(
      events.some((e) => e.action === "auth.sign_in" && e.outcome === "SUCCESS" && e.actorUserId === userId),
    ).toBe(true);
    const adminUser = (await ctx.deps.db.select().from(users).where(eq(users.email, admin.email)))[0]!;
    expect(
      events.some(
        (e) => e.action === "auth.mfa_failed" && e.actorUserId === adminUser.id && e.outcome === "FAILURE",
      ),
    ).toBe(true);
    const used = events.find((e) => e.action === "auth.recovery_code_used" && e.actorUserId === adminUser.id);
    expect(used?.data).toMatchObject({ remaining: expect.any(Number) });
    expect(JSON.stringify(events)).not.toContain("a secret guess 123");
    expect(JSON.stringify(events)).not.toContain(admin.recoveryCodes[5]!);
    const unknown = await ctx.deps.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.action, "auth.sign_in"), eq(auditEvents.actorLabel, "nobody-here@example.test")),
      );
    expect(unknown[0]?.data).toMatchObject({ reason: "unknown_account" });
  });
});
