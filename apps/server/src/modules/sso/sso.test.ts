import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { and, desc, eq } from "drizzle-orm";
import { permissions, type SsoSettingsRequest } from "@steward/contracts";
import { createTestContext, signedInClient, TestClient, type TestContext } from "../../testing/test-app.js";
import { startLoopbackProvider, walkProvider, type LoopbackProvider } from "../../testing/oidc-provider.js";
import { auditEvents, technicianRoles, userTechnicianRoles, users } from "../../platform/identity/index.js";

const CONSOLE = "http://steward.test";
const ROUND_COOKIE = "steward_sso";

let ctx: TestContext;
let provider: LoopbackProvider;
let admin: TestClient;
let helpdeskRole: number;
let readOnlyRole: number;

async function role(name: string): Promise<number> {
  const [row] = await ctx.deps.db
    .insert(technicianRoles)
    .values({ name, permissions: ["organizations.read"] })
    .returning({ id: technicianRoles.id });
  return row!.id;
}

function settings(change: Partial<SsoSettingsRequest> = {}): SsoSettingsRequest {
  return {
    providerName: "Loopback ID",
    issuerUrl: provider.issuer,
    clientId: provider.clientId,
    clientSecret: provider.clientSecret,
    scopes: "openid email profile groups",
    groupClaim: "groups",
    groupMappings: [
      { group: "helpdesk", roleId: helpdeskRole },
      { group: "auditors", roleId: readOnlyRole },
    ],
    jitEnabled: true,
    trustProviderMfa: false,
    enabled: true,
    ...change,
  };
}

async function configure(change: Partial<SsoSettingsRequest> = {}) {
  const res = await admin.put("/api/settings/sso", settings(change));
  expect(res.statusCode, res.body).toBe(200);
}

/** One person at the provider: `id` signs in with these claims. */
function account(id: string, claims: { email: string; groups?: string[] }, amr = ["pwd"]) {
  provider.accounts.set(id, { email_verified: true, given_name: "Sam", family_name: "Sky", ...claims });
  provider.nextLogin = { accountId: id, amr };
}

/** A browser's whole round: the console's start, the provider's pages, the console's callback. */
async function signInRound(options: { round?: (sealed: string) => string } = {}) {
  const browser = new TestClient(ctx.app);
  const start = await browser.get("/api/auth/sso/start");
  expect(start.statusCode, start.body).toBe(302);
  const sealed = start.cookies.find((c) => c.name === ROUND_COOKIE)!;
  expect(sealed).toMatchObject({ httpOnly: true, sameSite: "Lax" });
  const back = await walkProvider(start.headers.location as string, CONSOLE);
  const round = options.round ? options.round(sealed.value) : sealed.value;
  const callback = await browser.get(back.pathname + back.search, {
    headers: { cookie: `${ROUND_COOKIE}=${round}` },
  });
  expect(callback.statusCode, callback.body).toBe(302);
  const session = await browser.get("/api/auth/session");
  return { location: callback.headers.location, state: session.json().state as string, browser };
}

async function lastSsoEvent() {
  const [event] = await ctx.deps.db
    .select()
    .from(auditEvents)
    .where(eq(auditEvents.action, "auth.sso_sign_in"))
    .orderBy(desc(auditEvents.id))
    .limit(1);
  return event!;
}

async function rolesOf(email: string): Promise<number[]> {
  const rows = await ctx.deps.db
    .select({ roleId: userTechnicianRoles.roleId })
    .from(userTechnicianRoles)
    .innerJoin(users, eq(users.id, userTechnicianRoles.userId))
    .where(eq(users.email, email));
  return rows.map((r) => r.roleId).sort((a, b) => a - b);
}

beforeAll(async () => {
  ctx = await createTestContext({ publicUrl: CONSOLE });
  provider = await startLoopbackProvider([`${CONSOLE}/api/auth/sso/callback`]);
  admin = (await signedInClient(ctx, { admin: true })).client;
  helpdeskRole = await role("SSO helpdesk");
  readOnlyRole = await role("SSO auditors");
});
afterAll(async () => {
  await provider.close();
  await ctx.close();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe("access to /api/settings/sso", () => {
  it("answers 401 without a session", async () => {
    const anonymous = new TestClient(ctx.app);
    expect((await anonymous.get("/api/settings/sso")).statusCode).toBe(401);
    expect((await anonymous.put("/api/settings/sso", settings())).statusCode).toBe(401);
  });

  it("answers 403 to a technician who is not a system administrator, even with every permission", async () => {
    const { client } = await signedInClient(ctx, { permissions: [...permissions] });
    expect((await client.get("/api/settings/sso")).statusCode).toBe(403);
    const write = await client.put("/api/settings/sso", settings());
    expect(write.statusCode).toBe(403);
    expect(write.json().code).toBe("E_FORBIDDEN");
  });

  it("answers 200 to a system administrator", async () => {
    const res = await admin.get("/api/settings/sso");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ enabled: false, clientSecretSet: false });
    expect(res.json().redirectUri).toBe(`${CONSOLE}/api/auth/sso/callback`);
  });
});

describe("the single sign-on settings", () => {
  it("keeps the client secret sealed: never answered, kept when left out, and not in the audit log", async () => {
    await configure();
    const read = await admin.get("/api/settings/sso");
    expect(read.json()).toMatchObject({ clientSecretSet: true, providerName: "Loopback ID" });
    expect(read.body).not.toContain(provider.clientSecret);
    const { clientSecret: _, ...withoutSecret } = settings({ providerName: "Loopback" });
    expect((await admin.put("/api/settings/sso", withoutSecret)).json().clientSecretSet).toBe(true);
    const events = await ctx.deps.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, "settings.sso.update"));
    expect(events.length).toBeGreaterThanOrEqual(2);
    expect(JSON.stringify(events)).not.toContain(provider.clientSecret);
    expect(events.at(-1)!.data).toMatchObject({ secretChanged: false });
    // Sign-in still works with the kept secret.
    account("kept-secret", { email: "kept@example.test", groups: ["helpdesk"] });
    expect((await signInRound()).location).toBe("/");
  });

  it.each([
    ["an issuer over plain http away from this computer", { issuerUrl: "http://idp.example.com" }],
    ["an empty client id", { clientId: "" }],
    ["a mapping without a group", { groupMappings: [{ group: "", roleId: 1 }] }],
  ])("refuses %s with 400 E_VALIDATION", async (_, change) => {
    const res = await admin.put("/api/settings/sso", settings(change));
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe("E_VALIDATION");
  });

  it("refuses a mapping to a role that does not exist", async () => {
    const res = await admin.put(
      "/api/settings/sso",
      settings({ groupMappings: [{ group: "x", roleId: 1_999_999 }] }),
    );
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe("E_ROLE_NOT_FOUND");
  });

  it("tells the sign-in page the provider's name only while single sign-on is on", async () => {
    await configure();
    const anonymous = new TestClient(ctx.app);
    expect((await anonymous.get("/api/auth/sso")).json()).toEqual({
      enabled: true,
      providerName: "Loopback ID",
    });
    await configure({ enabled: false });
    expect((await anonymous.get("/api/auth/sso")).json()).toEqual({ enabled: false, providerName: null });
    const start = await anonymous.get("/api/auth/sso/start");
    expect(start.headers.location).toBe("/login?sso=disabled");
  });
});

describe("signing in through the provider", () => {
  it("signs in the technician with that email, applies the group mapping, then asks for the console's second factor", async () => {
    await configure();
    const { userId } = await signedInClient(ctx, { email: "mapped@example.test" });
    account("mapped", { email: "Mapped@Example.test", groups: ["auditors", "other"] });
    const round = await signInRound();
    expect(round.location).toBe("/");
    expect(round.state).toBe("mfa-enrollment");
    expect(await rolesOf("mapped@example.test")).toEqual([readOnlyRole]);
    expect(await lastSsoEvent()).toMatchObject({ outcome: "SUCCESS", targetId: String(userId) });

    // The mapping is applied again at the next sign-in.
    account("mapped", { email: "mapped@example.test", groups: ["helpdesk", "auditors"] });
    await signInRound();
    expect(await rolesOf("mapped@example.test")).toEqual([helpdeskRole, readOnlyRole].sort((a, b) => a - b));
  });

  it("creates an unknown technician just in time with the mapped roles", async () => {
    await configure();
    account("newcomer", { email: "newcomer@example.test", groups: ["helpdesk"] });
    const round = await signInRound();
    expect(round.state).toBe("mfa-enrollment");
    const [created] = await ctx.deps.db.select().from(users).where(eq(users.email, "newcomer@example.test"));
    expect(created).toMatchObject({
      firstName: "Sam",
      lastName: "Sky",
      status: "ACTIVE",
      isSystemAdmin: false,
    });
    expect(created!.passwordHash).toBeNull();
    expect(await rolesOf("newcomer@example.test")).toEqual([helpdeskRole]);
    expect((await lastSsoEvent()).data).toMatchObject({ created: true, email: "newcomer@example.test" });
  });

  it("refuses an unknown email while just-in-time creation is off, and a user none of whose groups is mapped", async () => {
    await configure({ jitEnabled: false });
    account("stranger", { email: "stranger@example.test", groups: ["helpdesk"] });
    const off = await signInRound();
    expect(off.location).toBe("/login?sso=unknownAccount");
    expect(off.state).toBe("anonymous");
    expect(await lastSsoEvent()).toMatchObject({ outcome: "FAILURE" });
    expect((await lastSsoEvent()).data).toMatchObject({ reason: "unknownAccount" });

    await configure();
    account("unmapped", { email: "unmapped@example.test", groups: ["marketing"] });
    const unmapped = await signInRound();
    expect(unmapped.location).toBe("/login?sso=noMappedGroup");
    expect(await ctx.deps.db.select().from(users).where(eq(users.email, "unmapped@example.test"))).toEqual(
      [],
    );
  });

  it("refuses a tampered ID token", async () => {
    await configure();
    await signedInClient(ctx, { email: "victim@example.test" });
    account("attacker", { email: "attacker@example.test", groups: ["helpdesk"] });
    const realFetch = globalThis.fetch;
    // The token answer is altered on its way: the ID token now names another email, its signature unchanged.
    vi.stubGlobal("fetch", async (input: string | URL | Request, init?: RequestInit) => {
      const res = await realFetch(input, init);
      if (!String(input instanceof Request ? input.url : input).endsWith("/token")) return res;
      const body = (await res.json()) as { id_token: string };
      const [head, payload, signature] = body.id_token.split(".");
      const claims = JSON.parse(Buffer.from(payload!, "base64url").toString());
      const forged = Buffer.from(JSON.stringify({ ...claims, email: "victim@example.test" })).toString(
        "base64url",
      );
      return Response.json({ ...body, id_token: `${head}.${forged}.${signature}` }, { headers: res.headers });
    });
    const round = await signInRound();
    vi.unstubAllGlobals();
    expect(round.location).toBe("/login?sso=failed");
    expect(round.state).toBe("anonymous");
    expect((await lastSsoEvent()).data).toMatchObject({ reason: "failed" });
    expect(await ctx.deps.db.select().from(users).where(eq(users.email, "attacker@example.test"))).toEqual(
      [],
    );
  });

  it("refuses a return whose state or nonce is not this round's", async () => {
    await configure();
    account("replayer", { email: "replayer@example.test", groups: ["helpdesk"] });
    const box = ctx.deps.secretBox;
    const context = "sso:pending-sign-in";
    const altered = (change: Record<string, string>) => (sealed: string) =>
      box.seal(JSON.stringify({ ...JSON.parse(box.open(sealed, context)), ...change }), context);

    const wrongState = await signInRound({ round: altered({ state: "another-round-state" }) });
    expect(wrongState.location).toBe("/login?sso=failed");
    expect(wrongState.state).toBe("anonymous");
    const wrongNonce = await signInRound({ round: altered({ nonce: "another-round-nonce" }) });
    expect(wrongNonce.location).toBe("/login?sso=failed");
    expect((await lastSsoEvent()).data).toMatchObject({ reason: "failed" });
    expect(JSON.stringify((await lastSsoEvent()).data)).toMatch(/nonce/);
    const noRound = await signInRound({ round: () => "" });
    expect(noRound.location).toBe("/login?sso=failed");
  });

  it("skips the console's second factor only when the provider asserts MFA and the settings trust it", async () => {
    await configure({ trustProviderMfa: true });
    account("strong", { email: "strong@example.test", groups: ["helpdesk"] }, ["pwd", "mfa"]);
    const trusted = await signInRound();
    expect(trusted.state).toBe("authenticated");
    expect((await lastSsoEvent()).data).toMatchObject({ mfaTrusted: true });

    account("strong", { email: "strong@example.test", groups: ["helpdesk"] }, ["pwd"]);
    expect((await signInRound()).state).toBe("mfa-enrollment");

    await configure({ trustProviderMfa: false });
    account("strong", { email: "strong@example.test", groups: ["helpdesk"] }, ["pwd", "mfa"]);
    const untrusted = await signInRound();
    expect(untrusted.state).toBe("mfa-enrollment");
    const [event] = await ctx.deps.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, "auth.sso_sign_in"), eq(auditEvents.outcome, "SUCCESS")))
      .orderBy(desc(auditEvents.id))
      .limit(1);
    expect(event!.data).toMatchObject({ mfaTrusted: false });
  });
});

describe("the sign-in round's rate limit", () => {
  it("answers 429 once an address returned from the provider too often in a minute", async () => {
    const limited = await createTestContext({
      publicUrl: CONSOLE,
      authRateLimits: { perIpPerMinute: 2, perAccountPerMinute: 2 },
    });
    try {
      const browser = new TestClient(limited.app);
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++)
        statuses.push((await browser.get("/api/auth/sso/callback?code=x&state=y")).statusCode);
      expect(statuses).toEqual([302, 302, 429]);
    } finally {
      await limited.close();
    }
  });
});
