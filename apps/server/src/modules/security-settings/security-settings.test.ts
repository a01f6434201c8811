import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createTestContext, signedInClient, TestClient, type TestContext } from "../../testing/test-app.js";
import { permissions, type SecuritySettings } from "@steward/contracts";
import { auditEvents } from "../../platform/identity/index.js";

let ctx: TestContext;
let admin: TestClient;

beforeAll(async () => {
  // The session limits in the environment are the settings' defaults.
  ctx = await createTestContext({ sessionIdleSeconds: 1800, sessionAbsoluteSeconds: 8 * 3600 });
  admin = (await signedInClient(ctx, { admin: true })).client;
});
afterAll(async () => {
  await ctx.close();
});

const defaults: SecuritySettings = {
  passwordPolicy: { minLength: 12, characterClasses: 1, rejectBreached: true, history: 0 },
  allowedMfaFactors: ["TOTP", "U2F", "SMS", "DUO"],
  sessionIdleMinutes: 30,
  sessionAbsoluteHours: 8,
  stepUpWindowMinutes: 15,
  stepUpDeviceThreshold: 25,
  technicianIpAllowList: [],
};

describe("access to /api/settings/security", () => {
  it("answers 401 without a session", async () => {
    const anonymous = new TestClient(ctx.app);
    expect((await anonymous.get("/api/settings/security")).statusCode).toBe(401);
    expect((await anonymous.put("/api/settings/security", defaults)).statusCode).toBe(401);
  });

  it("answers 403 to a technician who is not a system administrator, even with every permission", async () => {
    const { client } = await signedInClient(ctx, { permissions: [...permissions] });
    const read = await client.get("/api/settings/security");
    expect(read.statusCode).toBe(403);
    expect(read.json().code).toBe("E_FORBIDDEN");
    const write = await client.put("/api/settings/security", { ...defaults, stepUpWindowMinutes: 60 });
    expect(write.statusCode).toBe(403);
    expect((await admin.get("/api/settings/security")).json().stepUpWindowMinutes).toBe(15);
  });
});

describe("GET and PUT /api/settings/security", () => {
  it("answers the defaults, with the session limits of the environment", async () => {
    const res = await admin.get("/api/settings/security");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(defaults);
  });

  it("saves the settings and audits the change with the values before and after", async () => {
    const next: SecuritySettings = {
      ...defaults,
      passwordPolicy: { minLength: 16, characterClasses: 3, rejectBreached: true, history: 5 },
      allowedMfaFactors: ["TOTP", "U2F"],
      sessionIdleMinutes: 20,
      stepUpWindowMinutes: 10,
      // The administrator's own address (loopback here) stays on the list.
      technicianIpAllowList: ["203.0.113.0/24", "2001:db8::/32", "198.51.100.7", "127.0.0.0/8"],
    };
    const res = await admin.put("/api/settings/security", next);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual(next);
    expect((await admin.get("/api/settings/security")).json()).toEqual(next);
    const [event] = await ctx.deps.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, "settings.security.update"));
    expect(event).toMatchObject({ targetType: "settings", targetId: "security" });
    const flat = ({ passwordPolicy, ...rest }: SecuritySettings) => ({ ...rest, ...passwordPolicy });
    expect(event!.data).toEqual({ before: flat(defaults), after: flat(next) });
    expect((await admin.put("/api/settings/security", defaults)).statusCode).toBe(200);
  });

  it.each([
    ["a network that is not CIDR", { technicianIpAllowList: ["10.0.0.0/33"] }],
    ["an address out of range", { technicianIpAllowList: ["300.1.1.1"] }],
    ["no second factor allowed", { allowedMfaFactors: [] }],
    [
      "a password length under the floor of 12",
      { passwordPolicy: { minLength: 11, characterClasses: 1, rejectBreached: true, history: 0 } },
    ],
    [
      "more than four kinds of characters",
      { passwordPolicy: { minLength: 12, characterClasses: 5, rejectBreached: true, history: 0 } },
    ],
    ["a step-up window of 0", { stepUpWindowMinutes: 0 }],
  ])("refuses %s with 400 E_VALIDATION", async (_, change) => {
    const res = await admin.put("/api/settings/security", { ...defaults, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe("E_VALIDATION");
    expect((await admin.get("/api/settings/security")).json()).toEqual(defaults);
  });
});
