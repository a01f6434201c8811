import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { createTestContext, type TestContext } from "../../testing/test-app.js";
import { auditAs, isSecretKey, redactAuditData, REDACTED } from "./audit.js";
import { auditEvents } from "./identity.tables.js";

describe("audit data never holds secrets", () => {
  it("redacts values under secret-looking keys at any depth", () => {
    const data = redactAuditData({
      name: "Domain admin",
      password: "hunter2hunter2",
      secret: "s3cr3t",
      token: "abc",
      apiKey: "k",
      private_key: "-----BEGIN",
      recoveryCodes: ["a", "b"],
      nested: { newPassword: "x", list: [{ client_secret: "y", host: "h" }] },
      code: "123456",
    });
    expect(data).toEqual({
      name: "Domain admin",
      password: REDACTED,
      secret: REDACTED,
      token: REDACTED,
      apiKey: REDACTED,
      private_key: REDACTED,
      recoveryCodes: REDACTED,
      nested: { newPassword: REDACTED, list: [{ client_secret: REDACTED, host: "h" }] },
      code: REDACTED,
    });
  });

  it("keeps ids, flags and counts about a secret, and redacts enrollment tokens anywhere", () => {
    expect(
      redactAuditData({
        secretChanged: true,
        tokenId: 4,
        passwordChanged: false,
        jobCount: 3,
        organizationId: 2,
        note: "stw_abcdefghijklmnop",
        exitCode: 1,
      }),
    ).toEqual({
      secretChanged: true,
      tokenId: 4,
      passwordChanged: false,
      jobCount: 3,
      organizationId: 2,
      note: REDACTED,
      exitCode: 1,
    });
    expect(isSecretKey("footprint")).toBe(false);
    expect(isSecretKey("hostname")).toBe(false);
    expect(isSecretKey("mfaCode")).toBe(true);
  });
});

describe("audit_events", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => {
    await ctx.close();
  });

  const actor = { actorUserId: null, actorLabel: "someone@example.test", ip: "192.0.2.7" };

  it("records actor label, address, organization, outcome and redacted data", async () => {
    await auditAs(ctx.deps.db, actor, {
      action: "auth.sign_in",
      targetType: "user",
      outcome: "FAILURE",
      data: { email: "someone@example.test", password: "wrong one" },
    });
    await auditAs(ctx.deps.db, actor, {
      action: "organization.update",
      targetType: "organization",
      targetId: 42,
    });
    await auditAs(ctx.deps.db, actor, {
      action: "credential.delete",
      targetType: "credential",
      data: { organizationId: 9 },
    });
    const rows = await ctx.deps.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.actorLabel, "someone@example.test"))
      .orderBy(auditEvents.id);
    expect(rows.map((r) => [r.action, r.outcome, r.organizationId, r.ip])).toEqual([
      ["auth.sign_in", "FAILURE", null, "192.0.2.7"],
      ["organization.update", "SUCCESS", 42, "192.0.2.7"],
      ["credential.delete", "SUCCESS", 9, "192.0.2.7"],
    ]);
    expect(rows[0]!.data).toEqual({ email: "someone@example.test", password: REDACTED });
  });

  /** The database's own refusal (drizzle wraps it in a "Failed query" error). */
  async function refusal(statement: ReturnType<typeof sql>): Promise<string> {
    try {
      await ctx.deps.db.execute(statement);
    } catch (e) {
      const err = e as Error & { cause?: { message?: string } };
      return err.cause?.message ?? err.message;
    }
    return "accepted";
  }

  it("is append-only: the database refuses UPDATE, DELETE and TRUNCATE", async () => {
    await auditAs(ctx.deps.db, actor, { action: "test.append_only", targetType: "test" });
    const before = await ctx.deps.db.select({ n: sql<number>`count(*)::int` }).from(auditEvents);
    expect(
      await refusal(sql`update audit_events set action = 'tampered' where action = 'test.append_only'`),
    ).toMatch(/append-only/);
    expect(await refusal(sql`delete from audit_events where action = 'test.append_only'`)).toMatch(
      /append-only/,
    );
    expect(await refusal(sql`truncate audit_events`)).toMatch(/append-only/);
    const after = await ctx.deps.db.select({ n: sql<number>`count(*)::int` }).from(auditEvents);
    expect(after[0]!.n).toBe(before[0]!.n);
    const kept = await ctx.deps.db
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(eq(auditEvents.action, "test.append_only"));
    expect(kept).toHaveLength(1);
  });
});
