import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { demoRequestRules } from "@steward/domain";
import { createTestContext, signedInClient, TestClient, type TestContext } from "../../testing/test-app.js";
import { auditEvents } from "../../platform/identity/index.js";
import { demoRequests } from "./promotion.tables.js";

const URL = "/api/division/promotion/BackupDemoRequest";
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const storedFor = (userId: number) =>
  ctx.deps.db.select().from(demoRequests).where(eq(demoRequests.requestedByUserId, userId));

describe("POST /api/division/promotion/BackupDemoRequest", () => {
  it("answers 401 without a session and before multi-factor sign-in", async () => {
    const body = { userName: "Ada", userEmail: "ada@example.com" };
    expect((await new TestClient(ctx.app).post(URL, body)).statusCode).toBe(401);
    const pending = (await signedInClient(ctx, { mfaVerified: false })).client;
    expect((await pending.post(URL, body)).json().code).toBe("E_MFA_REQUIRED");
  });

  it("answers 403 E_CSRF without the CSRF header and stores nothing", async () => {
    const { client, userId } = await signedInClient(ctx, { permissions: [] });
    client.csrfToken = undefined;
    const res = await client.post(URL, { userName: "Ada", userEmail: "ada@example.com" });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe("E_CSRF");
    expect(await storedFor(userId)).toEqual([]);
  });

  it("records a backup demo request from any signed-in technician and answers exactly { resultCode: SUCCESS }", async () => {
    const { client, userId } = await signedInClient(ctx, { permissions: [] });
    const res = await client.post(URL, { userName: "  Ada Lovelace ", userEmail: " ada@example.com " });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ resultCode: "SUCCESS" });
    const rows = await storedFor(userId);
    expect(rows).toMatchObject([
      { product: "BACKUP", userName: "Ada Lovelace", userEmail: "ada@example.com" },
    ]);
    const events = await ctx.deps.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.targetId, String(rows[0]!.id)));
    expect(events).toMatchObject([
      { action: "demo-request.create", actorUserId: userId, data: { product: "BACKUP" } },
    ]);
  });

  it("requires a name, answering the mandatory-value message", async () => {
    const { client, userId } = await signedInClient(ctx);
    for (const body of [
      { userName: "   ", userEmail: "ada@example.com" },
      { userEmail: "ada@example.com" },
    ]) {
      const res = await client.post(URL, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe("E_VALIDATION");
      expect(res.json().details.issues[0].path).toEqual(["body", "userName"]);
    }
    const blank = await client.post(URL, { userName: "", userEmail: "ada@example.com" });
    expect(blank.json().details.issues[0].message).toBe(
      "Mandatory value is undefined. Please enter a value.",
    );
    expect(await storedFor(userId)).toEqual([]);
  });

  it("requires a valid email address", async () => {
    const { client, userId } = await signedInClient(ctx);
    for (const userEmail of ["", "ada", "ada@", "ada@example", "ada lovelace@example.com", "@example.com"]) {
      const res = await client.post(URL, { userName: "Ada", userEmail });
      expect(res.statusCode, userEmail).toBe(400);
      expect(res.json().code).toBe("E_VALIDATION");
      expect(res.json().details.issues[0]).toEqual({
        path: ["body", "userEmail"],
        message: demoRequestRules.messages.emailInvalid,
      });
    }
    expect(await storedFor(userId)).toEqual([]);
  });
});
