import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import type { SecuritySettings } from "@steward/contracts";
import { buildApp } from "../../app.js";
import { createTestContext, signedInClient, TestClient, type TestContext } from "../../testing/test-app.js";
import { SESSION_COOKIE } from "../../platform/identity/index.js";

let ctx: TestContext;
/** The same server with a clock the test moves. */
let clocked: FastifyInstance;
let now = Date.now();
const MINUTE = 60_000;

beforeAll(async () => {
  // The environment's limits (30 minutes idle, 8 hours in all) are the settings' defaults.
  ctx = await createTestContext({ sessionIdleSeconds: 1800, sessionAbsoluteSeconds: 8 * 3600 });
  clocked = await buildApp(ctx.deps, { services: ctx.services, serveWeb: false, clock: () => new Date(now) });
  await clocked.ready();
});
afterAll(async () => {
  await clocked.close();
  await ctx.close();
});

/** A signed-in technician whose requests reach the clocked server. */
async function technician(): Promise<TestClient> {
  const { client } = await signedInClient(ctx);
  const moved = new TestClient(clocked);
  moved.cookie = client.cookie;
  moved.csrfToken = client.csrfToken;
  return moved;
}

async function setLimits(idleMinutes: number, absoluteHours: number) {
  const { client: admin } = await signedInClient(ctx, { admin: true });
  const current = (await admin.get("/api/settings/security")).json() as SecuritySettings;
  const res = await admin.put("/api/settings/security", {
    ...current,
    sessionIdleMinutes: idleMinutes,
    sessionAbsoluteHours: absoluteHours,
  });
  expect(res.statusCode, res.body).toBe(200);
}

describe("session limits from the security settings", () => {
  it("uses the environment's idle limit until an administrator changes it", async () => {
    now = Date.now();
    const client = await technician();
    now += 29 * MINUTE;
    expect((await client.get("/api/devices")).statusCode).toBe(200);
    now += 31 * MINUTE;
    const late = await client.get("/api/devices");
    expect(late.statusCode).toBe(401);
    expect(late.json().code).toBe("E_SESSION_EXPIRED");
  });

  it("ends a session idle longer than the idle setting; activity keeps it open", async () => {
    await setLimits(10, 8);
    now = Date.now();
    const client = await technician();
    for (let i = 0; i < 3; i++) {
      now += 9 * MINUTE;
      expect((await client.get("/api/devices")).statusCode).toBe(200);
    }
    now += 11 * MINUTE;
    const idle = await client.get("/api/devices");
    expect(idle.statusCode).toBe(401);
    expect(idle.json().code).toBe("E_SESSION_EXPIRED");
    // The session is gone: it stays refused whatever the clock says.
    now -= 11 * MINUTE;
    expect((await client.get("/api/devices")).statusCode).toBe(401);
  });

  it("ends an active session at the absolute limit counted from sign-in, also when the limit is shortened later", async () => {
    await setLimits(30, 8);
    now = Date.now();
    const client = await technician();
    await setLimits(30, 1);
    for (let minutes = 20; minutes < 60; minutes += 20) {
      now += 20 * MINUTE;
      expect((await client.get("/api/devices")).statusCode, `after ${minutes} minutes`).toBe(200);
    }
    now += 21 * MINUTE;
    const over = await client.get("/api/devices");
    expect(over.statusCode).toBe(401);
    expect(over.json().code).toBe("E_SESSION_EXPIRED");
  });

  it("answers the limits in force in the session the console reads", async () => {
    await setLimits(15, 2);
    now = Date.now();
    const client = await technician();
    const session = (await client.get("/api/auth/session")).json();
    expect(session.state).toBe("authenticated");
    expect(new Date(session.absoluteExpiresAt).getTime() - Date.now()).toBeLessThanOrEqual(2 * 3600_000);

    // A new sign-in's cookie lasts as long as the session may: the setting, not the environment.
    const { email } = await signedInClient(ctx);
    const login = await new TestClient(ctx.app).post("/api/auth/login", {
      email,
      password: "correct horse battery staple",
    });
    expect(login.statusCode, login.body).toBe(200);
    const cookie = login.cookies.find((c) => c.name === SESSION_COOKIE);
    expect(cookie?.maxAge).toBeGreaterThan(2 * 3600 - 60);
    expect(cookie?.maxAge).toBeLessThanOrEqual(2 * 3600);
  });
});
