import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestContext, signedInClient, TestClient, type TestContext } from "../../testing/test-app.js";
import { ADMIN_PASSWORD, codeFor, setupAdminViaApi } from "../../testing/auth-flow.js";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});
afterEach(() => {
  vi.useRealTimers();
});

const STEP_MS = 30_000;

describe("first-run setup", () => {
  it("offers setup while no administrator exists, then answers 404 under every path variant", async () => {
    const anon = new TestClient(ctx.app);
    expect((await anon.get("/api/auth/session")).json()).toEqual({ state: "anonymous", setupRequired: true });
    expect((await anon.get("/api/setup")).json()).toEqual({ setupRequired: true });

    const bad = await anon.post("/api/setup", {
      email: "not-an-email",
      password: "short",
      firstName: "",
      lastName: "x",
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe("E_VALIDATION");

    const admin = await setupAdminViaApi(ctx);
    expect((await admin.client.get("/api/auth/session")).json().state).toBe("authenticated");
    // The company name typed at setup becomes the general setting.
    expect((await admin.client.get("/api/settings/general")).json().companyName).toBe("Acme MSP");

    const variants = [
      "/api/setup",
      "/api/setup/",
      "//api//setup",
      "/api/SETUP",
      "/api/Setup/",
      "/api/setup/x",
      "/api/setup?x=1",
      "/api/%73etup",
    ];
    for (const url of variants) {
      for (const method of ["GET", "POST", "HEAD", "PUT"] as const) {
        const res = await ctx.app.inject({
          method,
          url,
          payload: method === "POST" || method === "PUT" ? {} : undefined,
        });
        expect(res.statusCode, `${method} ${url} ${res.body}`).toBe(404);
      }
    }
    const again = await anon.post("/api/setup", {
      email: "second@example.test",
      password: ADMIN_PASSWORD,
      firstName: "B",
      lastName: "C",
    });
    expect(again.statusCode).toBe(404);
    expect(again.json().code).toBe("E_NOT_FOUND");
    expect((await anon.get("/api/auth/session")).json()).toEqual({
      state: "anonymous",
      setupRequired: false,
    });
  });
});

describe("sign-in with mandatory TOTP", () => {
  const email = "admin@example.test";
  beforeAll(async () => {
    // The setup test above created the administrator; sign in anew and enroll if needed.
    const login = new TestClient(ctx.app);
    const res = await login.post("/api/auth/login", { email, password: ADMIN_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json().state).toBe("mfa-verification");
  });

  async function signIn(): Promise<TestClient> {
    const client = new TestClient(ctx.app);
    const res = await client.post("/api/auth/login", {
      email: email.toUpperCase(),
      password: ADMIN_PASSWORD,
    });
    expect(res.statusCode, res.body).toBe(200);
    return client;
  }

  it("sets an HttpOnly SameSite=Strict cookie, not Secure over plain HTTP", async () => {
    const res = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email, password: ADMIN_PASSWORD },
    });
    const cookie = res.cookies.find((c) => c.name === "steward_session");
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Strict", path: "/" });
    expect(cookie?.secure).toBeFalsy();
    expect(res.body).not.toContain(cookie?.value ?? "###");
  });

  it("refuses a wrong password with one generic error, for unknown users too", async () => {
    const wrong = await new TestClient(ctx.app).post("/api/auth/login", {
      email,
      password: "wrong password!!",
    });
    const unknown = await new TestClient(ctx.app).post("/api/auth/login", {
      email: "nobody@example.test",
      password: "wrong password!!",
    });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({
        code: "E_INVALID_CREDENTIALS",
        message: "Incorrect email or password",
      });
    }
  });

  it("keeps a session that has not passed MFA away from everything but the MFA endpoints", async () => {
    const client = await signIn();
    for (const url of [
      "/api/organizations",
      "/api/technicians",
      "/api/dashboard/system",
      "/api/settings/general",
    ]) {
      const res = await client.get(url);
      expect(res.statusCode, url).toBe(401);
      expect(res.json().code).toBe("E_MFA_REQUIRED");
    }
    expect((await client.post("/api/auth/keepalive")).json().code).toBe("E_MFA_REQUIRED");
    expect((await client.get("/api/auth/session")).json().state).toBe("mfa-verification");
  });

  it("refuses enrolling a second authenticator once one is confirmed", async () => {
    const client = await signIn();
    const res = await client.post("/api/auth/mfa/totp/enroll");
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe("E_MFA_ALREADY_ENROLLED");
  });

  describe("with a known secret", () => {
    it("accepts the current and previous step, refuses older and replayed codes, also in parallel", async () => {
      const local = await createTestContext();
      try {
        vi.useFakeTimers({ toFake: ["Date"] });
        const t0 = Math.floor(Date.now() / STEP_MS) * STEP_MS + 1_000;
        vi.setSystemTime(t0);
        const admin = await setupAdminViaApi(local);
        const secret = admin.secret;

        const next = async () => {
          const c = new TestClient(local.app);
          expect(
            (await c.post("/api/auth/login", { email: admin.email, password: admin.password })).statusCode,
          ).toBe(200);
          return c;
        };
        // The enrollment consumed step(t0); the same code again is a replay.
        const replay = await (await next()).post("/api/auth/mfa/verify", { code: codeFor(secret, t0) });
        expect(replay.statusCode).toBe(401);
        expect(replay.json().code).toBe("E_MFA_INVALID_CODE");

        // Two steps later: a code from two steps back is too old, the previous step is fine.
        vi.setSystemTime(t0 + 2 * STEP_MS);
        const tooOld = await (
          await next()
        ).post("/api/auth/mfa/verify", { code: codeFor(secret, t0 - STEP_MS) });
        expect(tooOld.statusCode).toBe(401);
        const prev = await next();
        const ok = await prev.post("/api/auth/mfa/verify", { code: codeFor(secret, t0 + STEP_MS) });
        expect(ok.statusCode, ok.body).toBe(200);
        expect(ok.json().state).toBe("authenticated");
        expect((await prev.get("/api/auth/session")).json().state).toBe("authenticated");

        // Parallel replay: two sessions race with the same fresh code; exactly one wins.
        vi.setSystemTime(t0 + 3 * STEP_MS);
        const [a, b] = [await next(), await next()];
        const code = codeFor(secret, t0 + 3 * STEP_MS);
        const results = await Promise.all([
          a.post("/api/auth/mfa/verify", { code }),
          b.post("/api/auth/mfa/verify", { code }),
        ]);
        expect(results.map((r) => r.statusCode).sort()).toEqual([200, 401]);
      } finally {
        vi.useRealTimers();
        await local.close();
      }
    });

    it("locks out after five wrong codes with growing delays, even for a right code", async () => {
      const local = await createTestContext();
      try {
        vi.useFakeTimers({ toFake: ["Date"] });
        const start = Math.floor(Date.now() / STEP_MS) * STEP_MS + 1_000;
        vi.setSystemTime(start);
        const admin = await setupAdminViaApi(local);
        vi.setSystemTime(start + 2 * STEP_MS);
        const client = new TestClient(local.app);
        await client.post("/api/auth/login", { email: admin.email, password: admin.password });
        for (let i = 0; i < 5; i++) {
          const res = await client.post("/api/auth/mfa/verify", { code: "000000" });
          expect(res.json().code).toBe("E_MFA_INVALID_CODE");
        }
        const locked = await client.post("/api/auth/mfa/verify", { code: codeFor(admin.secret) });
        expect(locked.statusCode).toBe(429);
        expect(locked.json()).toMatchObject({ code: "E_LOCKED_OUT", details: { retryAfterSeconds: 30 } });

        vi.setSystemTime(start + 2 * STEP_MS + 31_000);
        const wrongAgain = await client.post("/api/auth/mfa/verify", { code: "000000" });
        expect(wrongAgain.json().code).toBe("E_MFA_INVALID_CODE");
        // Seven attempts counted (the refused one too): 30 s doubled twice.
        const lockedLonger = await client.post("/api/auth/mfa/verify", { code: codeFor(admin.secret) });
        expect(lockedLonger.json()).toMatchObject({
          code: "E_LOCKED_OUT",
          details: { retryAfterSeconds: 120 },
        });

        vi.setSystemTime(start + 2 * STEP_MS + 31_000 + 121_000);
        const ok = await client.post("/api/auth/mfa/verify", { code: codeFor(admin.secret) });
        expect(ok.statusCode, ok.body).toBe(200);
      } finally {
        vi.useRealTimers();
        await local.close();
      }
    });

    it("locks out repeated wrong passwords the same way", async () => {
      const local = await createTestContext();
      try {
        vi.useFakeTimers({ toFake: ["Date"] });
        const admin = await setupAdminViaApi(local);
        const client = new TestClient(local.app);
        for (let i = 0; i < 5; i++) {
          expect(
            (await client.post("/api/auth/login", { email: admin.email, password: "wrong password!!" }))
              .statusCode,
          ).toBe(401);
        }
        const locked = await client.post("/api/auth/login", { email: admin.email, password: admin.password });
        expect(locked.statusCode).toBe(429);
        expect(locked.json()).toMatchObject({ code: "E_RATE_LIMITED", details: { retryAfterSeconds: 30 } });
        vi.setSystemTime(Date.now() + 31_000);
        expect(
          (await client.post("/api/auth/login", { email: admin.email, password: admin.password })).statusCode,
        ).toBe(200);
      } finally {
        vi.useRealTimers();
        await local.close();
      }
    });

    it("accepts each recovery code once", async () => {
      const local = await createTestContext();
      try {
        const admin = await setupAdminViaApi(local);
        expect(admin.recoveryCodes).toHaveLength(10);
        expect(new Set(admin.recoveryCodes).size).toBe(10);
        const first = new TestClient(local.app);
        await first.post("/api/auth/login", { email: admin.email, password: admin.password });
        const used = await first.post("/api/auth/mfa/verify", {
          recoveryCode: admin.recoveryCodes[0]!.toUpperCase(),
        });
        expect(used.statusCode, used.body).toBe(200);
        const second = new TestClient(local.app);
        await second.post("/api/auth/login", { email: admin.email, password: admin.password });
        const reused = await second.post("/api/auth/mfa/verify", { recoveryCode: admin.recoveryCodes[0]! });
        expect(reused.json().code).toBe("E_MFA_INVALID_CODE");
      } finally {
        await local.close();
      }
    });
  });
});

describe("sessions", () => {
  it("rotates the session id when MFA completes: the pre-MFA cookie stops working", async () => {
    const local = await createTestContext();
    try {
      const client = new TestClient(local.app);
      await client.post("/api/setup", {
        email: "r@example.test",
        password: ADMIN_PASSWORD,
        firstName: "R",
        lastName: "S",
      });
      const preMfaCookie = client.cookie;
      const { secret } = (await client.post("/api/auth/mfa/totp/enroll")).json();
      expect((await client.post("/api/auth/mfa/totp/confirm", { code: codeFor(secret) })).statusCode).toBe(
        200,
      );
      expect(client.cookie).not.toBe(preMfaCookie);
      const stale = new TestClient(local.app);
      stale.cookie = preMfaCookie;
      expect((await stale.get("/api/auth/session")).json().state).toBe("anonymous");
    } finally {
      await local.close();
    }
  });

  it("requires the CSRF header on state-changing requests", async () => {
    const { client } = await signedInClient(ctx, { admin: true });
    const missing = await client.post("/api/auth/keepalive", {}, { headers: { "x-csrf-token": "" } });
    expect(missing.statusCode).toBe(403);
    expect(missing.json().code).toBe("E_CSRF");
    const wrong = await client.post("/api/auth/keepalive", {}, { headers: { "x-csrf-token": "forged" } });
    expect(wrong.json().code).toBe("E_CSRF");
    expect((await client.post("/api/auth/keepalive")).statusCode).toBe(200);
  });

  it("expires after 1 h idle (status polls do not count) and after 24 h however active", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const { client } = await signedInClient(ctx, { admin: true });
    const session = (await client.get("/api/auth/session")).json();
    expect(new Date(session.idleExpiresAt).getTime() - Date.now()).toBeGreaterThan(3590_000);
    vi.setSystemTime(Date.now() + 50 * 60_000);
    expect((await client.get("/api/auth/session")).json().state).toBe("authenticated");
    vi.setSystemTime(Date.now() + 11 * 60_000);
    const expired = await client.get("/api/technicians");
    expect(expired.statusCode).toBe(401);
    expect(expired.json().code).toBe("E_SESSION_EXPIRED");

    const active = (await signedInClient(ctx, { admin: true })).client;
    for (let i = 0; i < 48; i++) {
      vi.setSystemTime(Date.now() + 30 * 60_000);
      const res = await active.get("/api/technicians");
      if (i < 47) expect(res.statusCode, `after ${(i + 1) / 2} h`).toBe(200);
      else expect(res.json().code).toBe("E_SESSION_EXPIRED");
    }
  });

  it("signs out: the session is gone on the server", async () => {
    const { client } = await signedInClient(ctx, { admin: true });
    const cookie = client.cookie;
    expect((await client.post("/api/auth/logout")).statusCode).toBe(204);
    const replay = new TestClient(ctx.app);
    replay.cookie = cookie;
    expect((await replay.get("/api/technicians")).statusCode).toBe(401);
  });

  it("marks the cookie Secure when served over HTTPS behind a trusted proxy", async () => {
    const local = await createTestContext({ trustProxy: true });
    try {
      const res = await local.app.inject({
        method: "POST",
        url: "/api/setup",
        headers: { "x-forwarded-proto": "https" },
        payload: { email: "s@example.test", password: ADMIN_PASSWORD, firstName: "S", lastName: "T" },
      });
      expect(res.statusCode).toBe(201);
      expect(res.cookies.find((c) => c.name === "steward_session")?.secure).toBe(true);
    } finally {
      await local.close();
    }
  });
});
