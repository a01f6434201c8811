import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultUserPreferences, sharedEn } from "@steward/contracts";
import { auditEvents, users } from "../../platform/identity/index.js";
import { createTestContext, signedInClient, TestClient, type TestContext } from "../../testing/test-app.js";
import { userPreferencesTable } from "./preferences.tables.js";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const URL = "/api/me/preferences";

describe("access to /api/me/preferences", () => {
  it("answers 401 without a session", async () => {
    const anonymous = new TestClient(ctx.app);
    for (const res of [await anonymous.get(URL), await anonymous.put(URL, { theme: "dark" })]) {
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe("E_UNAUTHENTICATED");
    }
  });

  it("refuses a password-only session (second factor not yet given)", async () => {
    const { client } = await signedInClient(ctx, { mfaVerified: false });
    for (const res of [await client.get(URL), await client.put(URL, { theme: "dark" })]) {
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe("E_MFA_REQUIRED");
    }
  });

  it("answers 403 E_CSRF to a change without the CSRF header, and keeps the saved set", async () => {
    const { client } = await signedInClient(ctx);
    client.csrfToken = undefined;
    const res = await client.put(URL, { theme: "dark" });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe("E_CSRF");
    expect((await client.get(URL)).json()).toEqual(defaultUserPreferences);
  });

  it("lets any signed-in technician read and change their own, even one without a role", async () => {
    const { client } = await signedInClient(ctx, { permissions: [] });
    const read = await client.get(URL);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({
      language: null,
      theme: "system",
      timeZone: null,
      dateFormat: "locale",
      startPage: null,
      alertEmailSeverities: ["CRITICAL", "MAJOR"],
    });
    const put = await client.put(URL, { theme: "dark" });
    expect(put.statusCode).toBe(200);
    expect(put.json().theme).toBe("dark");
  });
});

describe("saving preferences", () => {
  it("changes only the fields given and answers the whole saved set, which reads back", async () => {
    const { client } = await signedInClient(ctx);
    const first = await client.put(URL, { language: "de", timeZone: "europe/berlin" });
    expect(first.statusCode).toBe(200);
    // A time zone is kept in its one canonical spelling.
    expect(first.json()).toEqual({ ...defaultUserPreferences, language: "de", timeZone: "Europe/Berlin" });
    const second = await client.put(URL, { dateFormat: "iso", startPage: "/devices?status=offline" });
    const expected = {
      language: "de",
      theme: "system",
      timeZone: "Europe/Berlin",
      dateFormat: "iso",
      startPage: "/devices?status=offline",
      alertEmailSeverities: ["CRITICAL", "MAJOR"],
    };
    expect(second.json()).toEqual(expected);
    expect((await client.get(URL)).json()).toEqual(expected);
    // null puts a setting back to following the browser (or the dashboard).
    const cleared = await client.put(URL, { language: null, startPage: null });
    expect(cleared.json()).toEqual({ ...expected, language: null, startPage: null });
    expect((await client.get(URL)).json()).toEqual({ ...expected, language: null, startPage: null });
  });

  it("keeps the alert severities a technician is emailed about, each once, worst first; [] for none", async () => {
    const { client } = await signedInClient(ctx);
    const chosen = await client.put(URL, { alertEmailSeverities: ["MINOR", "CRITICAL", "MINOR"] });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json().alertEmailSeverities).toEqual(["CRITICAL", "MINOR"]);
    expect((await client.get(URL)).json().alertEmailSeverities).toEqual(["CRITICAL", "MINOR"]);
    await client.put(URL, { alertEmailSeverities: [] });
    expect((await client.get(URL)).json().alertEmailSeverities).toEqual([]);
    const bad = await client.put(URL, { alertEmailSeverities: ["URGENT"] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe("E_VALIDATION");
  });

  it("keeps each technician's preferences to themself", async () => {
    const first = await signedInClient(ctx);
    const second = await signedInClient(ctx);
    await first.client.put(URL, { language: "de", theme: "dark", startPage: "/scripts" });
    expect((await second.client.get(URL)).json()).toEqual(defaultUserPreferences);
    await second.client.put(URL, { theme: "light" });
    expect((await first.client.get(URL)).json()).toMatchObject({ language: "de", theme: "dark" });
    expect((await second.client.get(URL)).json()).toEqual({ ...defaultUserPreferences, theme: "light" });
  });

  it("is the user's own display choice: no audit event is written", async () => {
    const { client, userId } = await signedInClient(ctx);
    expect((await client.put(URL, { theme: "dark", language: "de" })).statusCode).toBe(200);
    const events = await ctx.deps.db.select().from(auditEvents).where(eq(auditEvents.actorUserId, userId));
    expect(events).toEqual([]);
  });

  it("goes with the user when the user is deleted", async () => {
    const { client, userId } = await signedInClient(ctx);
    await client.put(URL, { theme: "dark" });
    const rows = () =>
      ctx.deps.db.select().from(userPreferencesTable).where(eq(userPreferencesTable.userId, userId));
    expect(await rows()).toHaveLength(1);
    await ctx.deps.db.delete(users).where(eq(users.id, userId));
    expect(await rows()).toEqual([]);
  });
});

describe("validation", () => {
  const refusals: { body: unknown; field: string; message?: string }[] = [
    { body: { language: "fr" }, field: "language" },
    {
      body: { timeZone: "Mars/Olympus_Mons" },
      field: "timeZone",
      message: sharedEn.validation.unknownTimeZone,
    },
    { body: { startPage: "//evil.example" }, field: "startPage", message: sharedEn.validation.startPage },
    { body: { startPage: "/api/x" }, field: "startPage", message: sharedEn.validation.startPage },
    {
      body: { startPage: "https://evil.example/" },
      field: "startPage",
      message: sharedEn.validation.startPage,
    },
    { body: { theme: "blue" }, field: "theme" },
    { body: { dateFormat: "ymd" }, field: "dateFormat" },
  ];

  it("answers 400 E_VALIDATION naming the field, and saves nothing", async () => {
    const { client } = await signedInClient(ctx);
    await client.put(URL, { theme: "dark", startPage: "/organizations" });
    const before = (await client.get(URL)).json();
    for (const { body, field, message } of refusals) {
      const label = JSON.stringify(body);
      // The valid theme beside the bad field must not be saved either.
      const res = await client.put(URL, { theme: "light", ...(body as object) });
      expect(res.statusCode, label).toBe(400);
      expect(res.json().code, label).toBe("E_VALIDATION");
      const issue = res.json().details.issues[0];
      expect(issue.path, label).toEqual(["body", field]);
      if (message) expect(issue.message, label).toBe(message);
    }
    expect((await client.get(URL)).json()).toEqual(before);
  });

  it("refuses a field the preferences do not have", async () => {
    const { client } = await signedInClient(ctx);
    const res = await client.put(URL, { theme: "dark", isSystemAdmin: true });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe("E_VALIDATION");
    expect(res.json().message).toContain("isSystemAdmin");
    expect((await client.get(URL)).json()).toEqual(defaultUserPreferences);
  });

  it("answers the default for a stored value the contract no longer accepts, keeping the rest", async () => {
    const { client, userId } = await signedInClient(ctx);
    await client.put(URL, { language: "de", timeZone: "Asia/Tokyo", theme: "dark" });
    await ctx.deps.db.execute(
      sql`update user_preferences set language = 'xx', time_zone = 'Gone/Away' where user_id = ${userId}`,
    );
    expect((await client.get(URL)).json()).toEqual({ ...defaultUserPreferences, theme: "dark" });
  });
});

describe("the session answer", () => {
  it("carries the saved preferences, or the defaults before any were saved", async () => {
    const { client } = await signedInClient(ctx);
    const before = await client.get("/api/auth/session");
    expect(before.json()).toMatchObject({ state: "authenticated" });
    expect(before.json().user.preferences).toEqual(defaultUserPreferences);
    await client.put(URL, { language: "de", dateFormat: "dmy" });
    const after = await client.get("/api/auth/session");
    expect(after.json().user.preferences).toEqual({
      ...defaultUserPreferences,
      language: "de",
      dateFormat: "dmy",
    });
    const kept = await client.post("/api/auth/keepalive");
    expect(kept.json().user.preferences).toMatchObject({ language: "de" });
  });

  it("carries them while the second factor is still missing too", async () => {
    const { client, userId } = await signedInClient(ctx, { mfaVerified: false });
    await ctx.services.preferences.update(userId, { language: "de" });
    const res = await client.get("/api/auth/session");
    expect(res.json().state).toBe("mfa-enrollment");
    expect(res.json().user.preferences).toEqual({ ...defaultUserPreferences, language: "de" });
  });
});
