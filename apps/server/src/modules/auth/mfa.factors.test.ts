import http from "node:http";
import type { AddressInfo } from "node:net";
import { createHmac, randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { createTestContext, signedInClient, TestClient, type TestContext } from "../../testing/test-app.js";
import { setupAdminViaApi } from "../../testing/auth-flow.js";
import { auditEvents, mfaFactors, userTechnicianRoles } from "../../platform/identity/index.js";
import { mfaChallenges, mfaProviders } from "./mfa.tables.js";
import { signHs512, verifyHs512 } from "./mfa.duo.js";

const SID = "AC0123456789abcdef";
const AUTH_TOKEN = "twilio-auth-token-very-secret";
const DUO_CLIENT_ID = "DIXXXXXXXXXXXXXXXXXX";
const DUO_SECRET = "duo-client-secret-0123456789abcdefghij";
const PASSWORD = "correct horse battery staple";

interface Sms {
  to: string;
  from: string;
  body: string;
  code: string;
}

/** A loopback server speaking the Messages API shape (basic auth, form body, 201 answer). */
async function fakeTwilio() {
  const messages: Sms[] = [];
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString()));
    req.on("end", () => {
      const expectedAuth = "Basic " + Buffer.from(`${SID}:${AUTH_TOKEN}`).toString("base64");
      if (req.method !== "POST" || req.url !== `/2010-04-01/Accounts/${SID}/Messages.json`) {
        res.writeHead(404).end();
        return;
      }
      if (req.headers.authorization !== expectedAuth) {
        res.writeHead(401, { "content-type": "application/json" }).end('{"code":20003}');
        return;
      }
      const form = new URLSearchParams(body);
      const text = form.get("Body") ?? "";
      messages.push({
        to: form.get("To") ?? "",
        from: form.get("From") ?? "",
        body: text,
        code: /(\d{6})/.exec(text)?.[1] ?? "",
      });
      res.writeHead(201, { "content-type": "application/json" });
      res.end(JSON.stringify({ sid: "SM" + randomBytes(16).toString("hex"), status: "queued" }));
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { base, messages, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/**
 * A loopback server speaking the Duo Universal Prompt shapes: health check and token endpoints
 * checking the client assertion, an authorize endpoint that reads the signed request and sends
 * the browser back with a code (or a denial), and HS512 ID tokens.
 */
async function fakeDuo() {
  const denyUsers = new Set<string>();
  const codes = new Map<string, { username: string; nonce: string; deny: boolean }>();
  let base = "";
  const assertionOk = (assertion: string | null, path: string) => {
    if (!assertion) return false;
    try {
      const claims = verifyHs512(assertion, DUO_SECRET);
      return claims.iss === DUO_CLIENT_ID && claims.sub === DUO_CLIENT_ID && claims.aud === `${base}${path}`;
    } catch {
      return false;
    }
  };
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString()));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", base);
      const form = new URLSearchParams(body);
      const json = (status: number, value: unknown) =>
        res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(value));
      if (req.method === "POST" && url.pathname === "/oauth/v1/health_check") {
        if (
          form.get("client_id") !== DUO_CLIENT_ID ||
          !assertionOk(form.get("client_assertion"), url.pathname)
        )
          return json(400, { stat: "FAIL", message: "invalid_client" });
        return json(200, { stat: "OK", response: { timestamp: Math.floor(Date.now() / 1000) } });
      }
      if (req.method === "GET" && url.pathname === "/oauth/v1/authorize") {
        const request = verifyHs512(url.searchParams.get("request") ?? "", DUO_SECRET);
        const redirect = new URL(String(request.redirect_uri));
        redirect.searchParams.set("state", String(request.state));
        const code = randomBytes(12).toString("hex");
        const username = String(request.duo_uname);
        codes.set(code, { username, nonce: String(request.nonce), deny: denyUsers.has(username) });
        redirect.searchParams.set("duo_code", code);
        res.writeHead(302, { location: redirect.toString() }).end();
        return;
      }
      if (req.method === "POST" && url.pathname === "/oauth/v1/token") {
        if (!assertionOk(form.get("client_assertion"), url.pathname))
          return json(400, { error: "invalid_client" });
        const grant = codes.get(form.get("code") ?? "");
        codes.delete(form.get("code") ?? "");
        if (!grant) return json(400, { error: "invalid_grant" });
        const now = Math.floor(Date.now() / 1000);
        const idToken = signHs512(
          {
            iss: `${base}/oauth/v1/token`,
            aud: DUO_CLIENT_ID,
            iat: now,
            exp: now + 300,
            nonce: grant.nonce,
            preferred_username: grant.username,
            auth_result: grant.deny
              ? { result: "deny", status: "deny", status_msg: "Login denied" }
              : { result: "allow", status: "allow", status_msg: "Login Successful" },
          },
          DUO_SECRET,
        );
        return json(200, { id_token: idToken, access_token: "x", expires_in: 30, token_type: "Bearer" });
      }
      res.writeHead(404).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { base, denyUsers, close: () => new Promise<void>((r) => server.close(() => r())) };
}

let ctx: TestContext;
let admin: TestClient;
let twilio: Awaited<ReturnType<typeof fakeTwilio>>;
let duo: Awaited<ReturnType<typeof fakeDuo>>;

beforeAll(async () => {
  ctx = await createTestContext();
  twilio = await fakeTwilio();
  duo = await fakeDuo();
  admin = (await setupAdminViaApi(ctx)).client;
  const sms = await admin.put("/api/mfa/providers/sms", {
    apiBase: twilio.base,
    accountSid: SID,
    from: "+15550001111",
    authToken: AUTH_TOKEN,
  });
  expect(sms.statusCode, sms.body).toBe(200);
  const duoSaved = await admin.put("/api/mfa/providers/duo", {
    apiBase: duo.base,
    clientId: DUO_CLIENT_ID,
    clientSecret: DUO_SECRET,
  });
  expect(duoSaved.statusCode, duoSaved.body).toBe(200);
});
afterAll(async () => {
  await twilio.close();
  await duo.close();
  await ctx.close();
});

const lastSms = () => twilio.messages.at(-1)!;

/** A technician with a password and no factor, signed in with the password only. */
async function newTechnician() {
  const { client, userId, email } = await signedInClient(ctx, { mfaVerified: false });
  return { client, userId, email };
}

async function signInWithPassword(email: string) {
  const client = new TestClient(ctx.app);
  const res = await client.post("/api/auth/login", { email, password: PASSWORD });
  expect(res.statusCode, res.body).toBe(200);
  return { client, session: res.json() as { state: string; factors?: string[] } };
}

describe("provider secrets", () => {
  it("seals the SMS auth token and the Duo client secret and never answers them", async () => {
    const res = await admin.get("/api/mfa/providers");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      sms: { accountSid: SID, authTokenSet: true },
      duo: { clientId: DUO_CLIENT_ID, clientSecretSet: true },
    });
    expect(res.body).not.toContain(AUTH_TOKEN);
    expect(res.body).not.toContain(DUO_SECRET);
    const rows = await ctx.deps.db.select().from(mfaProviders);
    expect(JSON.stringify(rows)).not.toContain(AUTH_TOKEN);
    expect(JSON.stringify(rows)).not.toContain(DUO_SECRET);
    const technician = (await signedInClient(ctx, { permissions: ["devices.read"] })).client;
    expect((await technician.get("/api/mfa/providers")).statusCode).toBe(403);
    expect((await new TestClient(ctx.app).get("/api/mfa/providers")).statusCode).toBe(401);
  });
});

describe("SMS codes", () => {
  it("verifies the phone at enrollment, then signs in with a code; codes hashed, expiring, used once", async () => {
    const { client, email } = await newTechnician();
    expect((await client.get("/api/auth/session")).json().state).toBe("mfa-enrollment");
    const invalid = await client.post("/api/auth/mfa/sms/enroll", { phone: "12345" });
    expect(invalid.json().code).toBe("E_MFA_PHONE_INVALID");

    const sent = await client.post("/api/auth/mfa/sms/enroll", { phone: "+49 151 2345 6789" });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().to).toBe("•••789");
    expect(lastSms()).toMatchObject({ to: "+4915123456789", from: "+15550001111" });
    const code = lastSms().code;
    expect(code).toMatch(/^\d{6}$/);
    // Only a keyed hash of the code is stored.
    const stored = await ctx.deps.db.select().from(mfaChallenges);
    expect(JSON.stringify(stored)).not.toContain(code);

    // Resending at once is refused (wait between sends).
    const tooSoon = await client.post("/api/auth/mfa/sms/enroll", { phone: "+4915123456789" });
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json().code).toBe("E_MFA_SEND_LIMIT");

    const wrong = await client.post("/api/auth/mfa/sms/enroll/confirm", {
      code: code === "000000" ? "111111" : "000000",
    });
    expect(wrong.json().code).toBe("E_MFA_INVALID_CODE");
    const ok = await client.post("/api/auth/mfa/sms/enroll/confirm", { code });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().session.state).toBe("authenticated");
    expect(ok.json().recoveryCodes).toHaveLength(10);
    // The same code again: the ceremony is closed.
    const replay = await client.post("/api/auth/mfa/sms/enroll/confirm", { code });
    expect(replay.statusCode).toBe(410);

    // Next sign-in: the prompt offers SMS; an expired code is refused, a fresh one accepted.
    const { client: next, session } = await signInWithPassword(email);
    expect(session).toMatchObject({ state: "mfa-verification", factors: ["SMS"] });
    expect((await next.post("/api/auth/mfa/sms/send", {})).statusCode).toBe(200);
    const expiring = lastSms().code;
    await ctx.deps.db.execute(sql`update mfa_challenges set expires_at = now() - interval '1 second'`);
    const expired = await next.post("/api/auth/mfa/sms/verify", { code: expiring });
    expect(expired.statusCode).toBe(410);
    expect(expired.json().code).toBe("E_MFA_CHALLENGE_EXPIRED");
    expect((await next.post("/api/auth/mfa/sms/send", {})).statusCode).toBe(200);
    const fresh = await next.post("/api/auth/mfa/sms/verify", { code: lastSms().code });
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(fresh.json().session.state).toBe("authenticated");
    expect(fresh.json().recoveryCodes).toBeUndefined();

    // Recovery codes cover the SMS factor too.
    const { client: third } = await signInWithPassword(email);
    const recovered = await third.post("/api/auth/mfa/verify", { recoveryCode: ok.json().recoveryCodes[0] });
    expect(recovered.statusCode, recovered.body).toBe(200);
    expect(recovered.json().state).toBe("authenticated");
  });

  it("limits codes per number and per account", async () => {
    const number = "+15557654321";
    for (let i = 0; i < 5; i++) {
      const { client } = await newTechnician();
      expect((await client.post("/api/auth/mfa/sms/enroll", { phone: number })).statusCode).toBe(200);
    }
    const { client } = await newTechnician();
    const blocked = await client.post("/api/auth/mfa/sms/enroll", { phone: number });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().code).toBe("E_MFA_SEND_LIMIT");

    const { client: busy } = await newTechnician();
    for (let i = 0; i < 8; i++) {
      const res = await busy.post("/api/auth/mfa/sms/enroll", { phone: `+1555100000${i}` });
      expect(res.statusCode, res.body).toBe(200);
    }
    const overAccount = await busy.post("/api/auth/mfa/sms/enroll", { phone: "+15551000009" });
    expect(overAccount.statusCode).toBe(429);
  });

  it("never lets a password alone add a number beside an existing factor", async () => {
    const { client, email } = await newTechnician();
    await client.post("/api/auth/mfa/sms/enroll", { phone: "+15552223333" });
    expect((await client.post("/api/auth/mfa/sms/enroll/confirm", { code: lastSms().code })).statusCode).toBe(
      200,
    );
    const { client: attacker } = await signInWithPassword(email);
    const res = await attacker.post("/api/auth/mfa/sms/enroll", { phone: "+15559998888" });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe("E_MFA_REQUIRED");
  });
});

/** Follows a Duo round as a browser would: start, visit Duo, come back with state and code. */
async function duoRound(client: TestClient) {
  const start = await client.post("/api/auth/mfa/duo/start");
  expect(start.statusCode, start.body).toBe(200);
  const authorize = new URL(start.json().authorizeUrl as string);
  expect(authorize.origin + authorize.pathname).toBe(`${duo.base}/oauth/v1/authorize`);
  const visit = await fetch(authorize, { redirect: "manual" });
  expect(visit.status).toBe(302);
  const back = new URL(visit.headers.get("location")!);
  expect(back.origin + back.pathname).toBe("http://steward.test/mfa/duo");
  return { state: back.searchParams.get("state")!, code: back.searchParams.get("duo_code")! };
}

describe("Duo Universal Prompt", () => {
  it("enrolls and signs in through the redirect; a replayed state is refused", async () => {
    const { client, email } = await newTechnician();
    const round = await duoRound(client);
    const done = await client.post("/api/auth/mfa/duo/complete", round);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().session.state).toBe("authenticated");
    expect(done.json().recoveryCodes).toHaveLength(10);
    const replay = await client.post("/api/auth/mfa/duo/complete", round);
    expect(replay.statusCode).toBe(410);
    expect(replay.json().code).toBe("E_MFA_CHALLENGE_EXPIRED");

    const { client: next, session } = await signInWithPassword(email);
    expect(session.factors).toEqual(["DUO"]);
    // Another session cannot use this session's state.
    const stolen = await duoRound(next);
    const { client: other } = await signInWithPassword(email);
    expect((await other.post("/api/auth/mfa/duo/complete", stolen)).statusCode).toBe(410);
    const again = await duoRound(next);
    const signedIn = await next.post("/api/auth/mfa/duo/complete", again);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json().session.state).toBe("authenticated");
  });

  it("refuses a denial, whether Duo sends an error back or an ID token saying deny", async () => {
    const { client, email, userId } = await newTechnician();
    duo.denyUsers.add(email);
    const denied = await client.post("/api/auth/mfa/duo/complete", await duoRound(client));
    expect(denied.statusCode).toBe(401);
    expect(denied.json().code).toBe("E_MFA_DENIED");
    const { state } = await duoRound(client);
    const cancelled = await client.post("/api/auth/mfa/duo/complete", { state, error: "access_denied" });
    expect(cancelled.json().code).toBe("E_MFA_DENIED");
    expect((await client.get("/api/auth/session")).json().state).toBe("mfa-enrollment");
    const factors = await ctx.deps.db.select().from(mfaFactors).where(eq(mfaFactors.userId, userId));
    expect(factors).toHaveLength(0);
    duo.denyUsers.delete(email);
  });

  it("answers unavailable when Duo's health check fails (wrong client secret)", async () => {
    await admin.put("/api/mfa/providers/duo", {
      apiBase: duo.base,
      clientId: DUO_CLIENT_ID,
      clientSecret: "wrong",
    });
    const { client } = await newTechnician();
    const res = await client.post("/api/auth/mfa/duo/start");
    expect(res.statusCode).toBe(503);
    expect(res.json().code).toBe("E_MFA_PROVIDER_UNAVAILABLE");
    await admin.put("/api/mfa/providers/duo", {
      apiBase: duo.base,
      clientId: DUO_CLIENT_ID,
      clientSecret: DUO_SECRET,
    });
  });

  it("rejects an ID token signed with another secret", () => {
    const token = signHs512({ a: 1 }, "other");
    expect(() => verifyHs512(token, DUO_SECRET)).toThrow();
    const tampered = token.split(".");
    tampered[1] = Buffer.from(JSON.stringify({ a: 2 })).toString("base64url");
    const resigned = `${tampered[0]}.${tampered[1]}.${createHmac("sha512", "x").update("y").digest("base64url")}`;
    expect(() => verifyHs512(resigned, DUO_SECRET)).toThrow();
  });
});

describe("administrators", () => {
  it("reset a technician's factors (audited, signed out) and require factors per role", async () => {
    const { client, userId, email } = await newTechnician();
    await client.post("/api/auth/mfa/sms/enroll", { phone: "+15553334444" });
    expect((await client.post("/api/auth/mfa/sms/enroll/confirm", { code: lastSms().code })).statusCode).toBe(
      200,
    );

    const [role] = await ctx.deps.db
      .select({ role_id: userTechnicianRoles.roleId })
      .from(userTechnicianRoles)
      .where(eq(userTechnicianRoles.userId, userId));
    const required = await admin.put(`/api/roles/${role!.role_id}/mfa-requirements`, { factors: ["DUO"] });
    expect(required.statusCode, required.body).toBe(200);
    expect((await admin.get(`/api/roles/${role!.role_id}/mfa-requirements`)).json()).toEqual({
      factors: ["DUO"],
    });
    // Holding only SMS, the technician signs in with it and is then sent to add Duo.
    const { client: next } = await signInWithPassword(email);
    await next.post("/api/auth/mfa/sms/send", {});
    const verified = await next.post("/api/auth/mfa/sms/verify", { code: lastSms().code });
    expect(verified.json().session.state).toBe("mfa-enrollment");
    await admin.put(`/api/roles/${role!.role_id}/mfa-requirements`, { factors: [] });

    const technician = (await signedInClient(ctx)).client;
    expect((await technician.post(`/api/technicians/${userId}/reset-mfa`)).statusCode).toBe(403);
    const reset = await admin.post(`/api/technicians/${userId}/reset-mfa`);
    expect(reset.statusCode, reset.body).toBe(200);
    expect(await ctx.deps.db.select().from(mfaFactors).where(eq(mfaFactors.userId, userId))).toEqual([]);
    expect((await next.get("/api/auth/session")).json().state).toBe("anonymous");
    const { session } = await signInWithPassword(email);
    expect(session.state).toBe("mfa-enrollment");
    const events = await ctx.deps.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, "technician.reset-mfa"));
    expect(events.map((e) => e.targetId)).toContain(String(userId));
  });
});
