import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LightMyRequestResponse } from "fastify";
import type { SecuritySettings } from "@steward/contracts";
import { createTestContext, signedInClient, TestClient, type TestContext } from "../../testing/test-app.js";
import { SESSION_COOKIE } from "../../platform/identity/index.js";

const PROXY = "192.0.2.10";
const OFFICE = "203.0.113.7";
const OUTSIDE = "198.51.100.1";

let ctx: TestContext;
let admin: TestClient;
let settings: SecuritySettings;

beforeAll(async () => {
  ctx = await createTestContext({ trustedProxies: [PROXY] });
  admin = (await signedInClient(ctx, { admin: true, email: "ip-admin@example.test" })).client;
  settings = (await admin.get("/api/settings/security")).json() as SecuritySettings;
});
afterAll(async () => {
  await ctx.close();
});

/** A request of a client's session from a given peer, with an optional X-Forwarded-For. */
function from(
  client: TestClient,
  peer: string,
  method: "GET" | "PUT" | "POST",
  url: string,
  options: { forwardedFor?: string; body?: unknown } = {},
): Promise<LightMyRequestResponse> {
  return ctx.app.inject({
    method,
    url,
    remoteAddress: peer,
    headers: {
      ...(client.cookie ? { cookie: `${SESSION_COOKIE}=${client.cookie}` } : {}),
      ...(client.csrfToken ? { "x-csrf-token": client.csrfToken } : {}),
      ...(options.forwardedFor ? { "x-forwarded-for": options.forwardedFor } : {}),
    },
    ...(options.body === undefined ? {} : { payload: options.body as object }),
  });
}

const withList = (list: string[]) => ({ ...settings, technicianIpAllowList: list });

describe("the technicians' IP allow-list", () => {
  it("refuses to save a list that leaves out the saving administrator's own address", async () => {
    const res = await from(admin, OUTSIDE, "PUT", "/api/settings/security", {
      body: withList([`${OFFICE}/32`]),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: "E_IP_ALLOW_LIST_EXCLUDES_YOU",
      message: `The allow-list does not include your own address (${OUTSIDE}): saving it would lock you out. Add your address or network first.`,
    });
    expect((await admin.get("/api/settings/security")).json().technicianIpAllowList).toEqual([]);
  });

  it("applies to every request of a session and to sign-in; X-Forwarded-For counts only from a trusted proxy", async () => {
    // Saved through the trusted proxy from the office network: the administrator's address is on it.
    const saved = await from(admin, PROXY, "PUT", "/api/settings/security", {
      forwardedFor: OFFICE,
      body: withList(["203.0.113.0/24", "2001:db8:1::/48"]),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    try {
      const { client } = await signedInClient(ctx);
      expect((await from(client, OFFICE, "GET", "/api/devices")).statusCode).toBe(200);
      expect((await from(client, "2001:db8:1::5", "GET", "/api/devices")).statusCode).toBe(200);
      expect((await from(client, PROXY, "GET", "/api/devices", { forwardedFor: OFFICE })).statusCode).toBe(
        200,
      );

      const outside = await from(client, OUTSIDE, "GET", "/api/devices");
      expect(outside.statusCode).toBe(403);
      expect(outside.json()).toMatchObject({ code: "E_IP_NOT_ALLOWED", messageValues: { ip: OUTSIDE } });
      expect((await from(client, "2001:db8:2::5", "GET", "/api/devices")).json().code).toBe(
        "E_IP_NOT_ALLOWED",
      );
      // A spoofed header from a peer that is not a trusted proxy is ignored.
      const spoofed = await from(client, OUTSIDE, "GET", "/api/devices", { forwardedFor: OFFICE });
      expect(spoofed.statusCode).toBe(403);
      expect(spoofed.json().messageValues).toEqual({ ip: OUTSIDE });
      // Through the proxy, an address the client wrote ahead of the proxy's own entry is not believed.
      const chained = await from(client, PROXY, "GET", "/api/devices", {
        forwardedFor: `${OFFICE}, ${OUTSIDE}`,
      });
      expect(chained.json().code).toBe("E_IP_NOT_ALLOWED");
      // Administrators are held to it as well.
      expect((await from(admin, OUTSIDE, "GET", "/api/settings/security")).json().code).toBe(
        "E_IP_NOT_ALLOWED",
      );

      // Sign-in from outside is refused before the password is looked at.
      const visitor = new TestClient(ctx.app);
      const login = { email: "ip-admin@example.test", password: "correct horse battery staple" };
      const refused = await from(visitor, OUTSIDE, "POST", "/api/auth/login", { body: login });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe("E_IP_NOT_ALLOWED");
      const spoofedLogin = await from(visitor, OUTSIDE, "POST", "/api/auth/login", {
        body: login,
        forwardedFor: OFFICE,
      });
      expect(spoofedLogin.json().code).toBe("E_IP_NOT_ALLOWED");
      const inside = await from(visitor, OFFICE, "POST", "/api/auth/login", { body: login });
      expect(inside.statusCode, inside.body).toBe(200);

      // Requests without a session (the agents' and health endpoints) are not technicians'.
      expect((await from(visitor, OUTSIDE, "GET", "/api/health")).statusCode).toBe(200);
    } finally {
      const cleared = await from(admin, OFFICE, "PUT", "/api/settings/security", { body: withList([]) });
      expect(cleared.statusCode, cleared.body).toBe(200);
    }
    expect((await from(admin, OUTSIDE, "GET", "/api/settings/security")).statusCode).toBe(200);
  });
});
