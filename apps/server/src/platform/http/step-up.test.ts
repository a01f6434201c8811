import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createTestContext, type TestClient, type TestContext } from "../../testing/test-app.js";
import { setupAdminViaApi } from "../../testing/auth-flow.js";
import { sha256 } from "../crypto/index.js";
import { sessions } from "../identity/index.js";
import type { StepUpEntry } from "./step-up.js";

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof setupAdminViaApi>>;
let recoveryCodes: string[];

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await setupAdminViaApi(ctx);
  recoveryCodes = [...admin.recoveryCodes];
});
afterAll(async () => {
  await ctx.close();
});

/** Moves the session's last second-factor confirmation this many minutes into the past. */
async function confirmedMinutesAgo(client: TestClient, minutes: number) {
  await ctx.deps.db
    .update(sessions)
    .set({ mfaVerifiedAt: new Date(Date.now() - minutes * 60_000) })
    .where(eq(sessions.idHash, sha256(client.cookie!)));
}

/** Ids that exist nowhere: a request that passes the step-up check changes nothing. */
const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, "987654");

/**
 * A body over and under the device threshold for each route that is sensitive by device count.
 * A new route of that kind fails the test below until it has an entry here.
 */
const deviceBodies: Record<string, (devices: number) => unknown> = {
  "POST /api/webapp/submit/job": (devices) => ({
    nodes: Array.from({ length: devices }, (_, i) => ({
      nodeId: 900_000 + i,
      jobs: [{ jobType: "SCRIPT", content: {} }],
    })),
  }),
};

function send(client: TestClient, route: StepUpEntry, body?: unknown) {
  return client.request(route.method, concrete(route.url), body ?? (route.method === "GET" ? undefined : {}));
}

describe("step-up for sensitive actions", () => {
  it("marks the administrative actions sensitive in their route declarations", () => {
    const declared = ctx.app.stepUpRoutes.map((r) => `${r.method} ${r.url}`);
    for (const expected of [
      "PUT /api/settings/security",
      "PUT /api/settings/sso",
      "POST /api/technicians",
      "PATCH /api/technicians/:id",
      "DELETE /api/technicians/:id",
      "POST /api/technicians/:id/reset-mfa",
      "POST /api/technician-roles",
      "PATCH /api/technician-roles/:id",
      "DELETE /api/technician-roles/:id",
      "POST /api/organizations/:id/credentials",
      "PUT /api/organizations/:id/credentials/:credentialId",
      "GET /api/enrollment-tokens/:id/secret",
      "DELETE /api/organizations/:id",
      "DELETE /api/devices/:id",
      "POST /api/webapp/submit/job",
    ])
      expect(declared).toContain(expected);
  });

  it("refuses every sensitive route with a stale confirmation and lets it through after a fresh one", async () => {
    const { client } = admin;
    await confirmedMinutesAgo(client, 16);
    const threshold = (await client.get("/api/settings/security")).json().stepUpDeviceThreshold as number;
    const routes = ctx.app.stepUpRoutes;
    expect(routes.length).toBeGreaterThan(10);

    const bodyOver = (route: StepUpEntry) => {
      if (route.stepUp === true) return undefined;
      const build = deviceBodies[`${route.method} ${route.url}`];
      expect(build, `${route.method} ${route.url} needs a body in deviceBodies`).toBeDefined();
      return build!(threshold + 1);
    };

    for (const route of routes) {
      const res = await send(client, route, bodyOver(route));
      expect(res.statusCode, `${route.method} ${route.url}: ${res.body}`).toBe(403);
      expect(res.json()).toMatchObject({
        code: "E_STEP_UP_REQUIRED",
        message: "Confirm your identity with your second factor to continue",
      });
    }

    // A run on no more devices than the threshold is not sensitive.
    for (const [key, build] of Object.entries(deviceBodies)) {
      const [method, url] = key.split(" ") as [string, string];
      const res = await client.request(method, url, build(threshold));
      expect(res.json().code, key).not.toBe("E_STEP_UP_REQUIRED");
    }

    // Re-confirming with a second factor restarts the window (the sign-in verification endpoint).
    const confirmed = await client.post("/api/auth/mfa/verify", { recoveryCode: recoveryCodes.shift()! });
    expect(confirmed.statusCode, confirmed.body).toBe(200);

    for (const route of routes) {
      const res = await send(client, route, bodyOver(route));
      expect(res.statusCode, `${route.method} ${route.url}: ${res.body}`).not.toBe(403);
      expect(res.json()?.code, `${route.method} ${route.url}`).not.toBe("E_STEP_UP_REQUIRED");
    }
  });

  it("refuses a wrong code on re-confirmation and keeps refusing the action", async () => {
    const { client } = admin;
    await confirmedMinutesAgo(client, 30);
    const wrong = await client.post("/api/auth/mfa/verify", { code: "000000" });
    expect(wrong.statusCode).toBe(401);
    const res = await client.delete("/api/devices/987654");
    expect(res.json().code).toBe("E_STEP_UP_REQUIRED");
    expect(
      (await client.post("/api/auth/mfa/verify", { recoveryCode: recoveryCodes.shift()! })).statusCode,
    ).toBe(200);
    expect((await client.delete("/api/devices/987654")).statusCode).toBe(404);
  });

  it("uses the window and the device threshold from the security settings", async () => {
    const { client } = admin;
    const current = (await client.get("/api/settings/security")).json();
    await confirmedMinutesAgo(client, 3);
    // Three minutes is inside the default 15-minute window.
    expect((await client.delete("/api/devices/987654")).statusCode).toBe(404);

    const saved = await client.put("/api/settings/security", {
      ...current,
      stepUpWindowMinutes: 2,
      stepUpDeviceThreshold: 1,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await client.delete("/api/devices/987654")).json().code).toBe("E_STEP_UP_REQUIRED");
    const twoDevices = deviceBodies["POST /api/webapp/submit/job"]!(2);
    expect((await client.post("/api/webapp/submit/job", twoDevices)).json().code).toBe("E_STEP_UP_REQUIRED");

    await confirmedMinutesAgo(client, 1);
    expect((await client.delete("/api/devices/987654")).statusCode).toBe(404);
    expect((await client.post("/api/webapp/submit/job", twoDevices)).json().code).not.toBe(
      "E_STEP_UP_REQUIRED",
    );
    expect((await client.put("/api/settings/security", current)).statusCode).toBe(200);
  });

  it("answers 401, not the step-up code, without a session", async () => {
    const { TestClient } = await import("../../testing/test-app.js");
    const anonymous = new TestClient(ctx.app);
    const res = await anonymous.delete("/api/devices/987654");
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe("E_UNAUTHENTICATED");
  });
});
