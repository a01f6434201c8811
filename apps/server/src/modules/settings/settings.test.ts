import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createTestContext, signedInClient, TestClient, type TestContext } from "../../testing/test-app.js";
import { auditEvents } from "../../platform/identity/index.js";
import { AppError } from "../../platform/errors/app-error.js";

let ctx: TestContext;
let admin: TestClient;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = (await signedInClient(ctx, { admin: true })).client;
});
afterAll(async () => {
  await ctx.close();
});

const valid = { companyName: "Acme MSP", defaultTimeZone: "Europe/Berlin" };

describe("access to /api/settings/general", () => {
  it("answers 401 without a session", async () => {
    const anonymous = new TestClient(ctx.app);
    expect((await anonymous.get("/api/settings/general")).statusCode).toBe(401);
    expect((await anonymous.put("/api/settings/general", valid)).statusCode).toBe(401);
  });

  it("needs settings.read to read and settings.manage to change", async () => {
    const none = (await signedInClient(ctx, { permissions: ["organizations.read"] })).client;
    const res = await none.get("/api/settings/general");
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe("E_FORBIDDEN");
    const reader = (await signedInClient(ctx, { permissions: ["settings.read"] })).client;
    expect((await reader.get("/api/settings/general")).statusCode).toBe(200);
    const put = await reader.put("/api/settings/general", valid);
    expect(put.statusCode).toBe(403);
    expect(put.json().code).toBe("E_FORBIDDEN");
    expect((await admin.get("/api/settings/general")).json().companyName).toBe("");
  });

  it("answers 403 E_CSRF to a change without the CSRF header", async () => {
    const { client } = await signedInClient(ctx, { admin: true });
    client.csrfToken = undefined;
    const res = await client.put("/api/settings/general", valid);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe("E_CSRF");
  });
});

describe("GET and PUT /api/settings/general", () => {
  it("answers the defaults before anything was saved", async () => {
    const res = await admin.get("/api/settings/general");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ companyName: "", defaultTimeZone: "UTC" });
  });

  it("saves the settings for everyone who may read them, with an audit event", async () => {
    const res = await admin.put("/api/settings/general", {
      companyName: "  Acme MSP ",
      defaultTimeZone: "Europe/Berlin",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(valid);
    const reader = (await signedInClient(ctx, { permissions: ["settings.read"] })).client;
    expect((await reader.get("/api/settings/general")).json()).toEqual(valid);
    const events = await ctx.deps.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, "settings.update"));
    expect(events.at(-1)).toMatchObject({ targetType: "settings", targetId: "general", data: valid });
  });

  it("stores a time zone in its canonical spelling", async () => {
    const res = await admin.put("/api/settings/general", {
      companyName: "Acme MSP",
      defaultTimeZone: "america/new_york",
    });
    expect(res.json().defaultTimeZone).toBe("America/New_York");
    expect((await admin.get("/api/settings/general")).json().defaultTimeZone).toBe("America/New_York");
  });

  it("answers 400 E_VALIDATION for an unknown time zone, a missing field or a too long name", async () => {
    const before = (await admin.get("/api/settings/general")).json();
    for (const body of [
      { companyName: "Acme", defaultTimeZone: "Mars/Olympus_Mons" },
      { companyName: "Acme" },
      { companyName: "x".repeat(201), defaultTimeZone: "UTC" },
    ]) {
      const res = await admin.put("/api/settings/general", body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(res.json().code).toBe("E_VALIDATION");
    }
    expect((await admin.get("/api/settings/general")).json()).toEqual(before);
  });
});

describe("the settings service's getGeneral / updateGeneral (for the setup flow)", () => {
  it("changes only the fields given", async () => {
    await admin.put("/api/settings/general", { companyName: "Before", defaultTimeZone: "Asia/Tokyo" });
    const after = await ctx.services.settings.updateGeneral({ companyName: "Set Up Co" }, null);
    expect(after).toEqual({ companyName: "Set Up Co", defaultTimeZone: "Asia/Tokyo" });
    expect(await ctx.services.settings.getGeneral()).toEqual(after);
    expect((await admin.get("/api/settings/general")).json()).toEqual(after);
  });

  it("refuses an unknown time zone with E_VALIDATION", async () => {
    const attempt = ctx.services.settings.updateGeneral({ defaultTimeZone: "Nowhere/Special" }, null);
    await expect(attempt).rejects.toBeInstanceOf(AppError);
    await expect(attempt).rejects.toMatchObject({ code: "E_VALIDATION", statusCode: 400 });
    expect((await ctx.services.settings.getGeneral()).defaultTimeZone).toBe("Asia/Tokyo");
  });
});
