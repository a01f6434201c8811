import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, signedInClient, type TestContext } from "../../testing/test-app.js";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

/** The explicit short list of routes reachable without a session (docs/SECURITY.md). */
const PUBLIC_ROUTES = [
  "GET /api/health",
  "GET /api/setup",
  "POST /api/setup",
  "GET /api/auth/session",
  "POST /api/auth/login",
  "GET /api/invites/:token",
  "POST /api/invites/:token/accept",
  "GET /api/auth/sso",
  "GET /api/auth/sso/start",
  "GET /api/auth/sso/callback",
];

const concrete = (url: string) =>
  url
    .replace(/:token/g, "x".repeat(43))
    .replace(/:[A-Za-z]+/g, "1")
    .replace(/\*$/, "x");

describe("route access declarations", () => {
  it("every /api route declares who may call it", () => {
    const undeclared = ctx.app.routeAccessTable.filter((r) => !r.access).map((r) => `${r.method} ${r.url}`);
    expect(undeclared).toEqual([]);
    expect(ctx.app.routeAccessTable.length).toBeGreaterThan(20);
  });

  it("public routes are exactly the short list (plus the API docs)", () => {
    const publicRoutes = ctx.app.routeAccessTable
      .filter((r) => r.access === "public" && !r.url.startsWith("/api/docs"))
      .map((r) => `${r.method} ${r.url}`)
      .sort();
    expect(publicRoutes).toEqual([...PUBLIC_ROUTES].sort());
  });

  it("every non-public route answers 401 without a session", async () => {
    const guarded = ctx.app.routeAccessTable.filter((r) => r.access !== "public");
    for (const route of guarded) {
      const res = await ctx.app.inject({
        method: route.method as "GET",
        url: concrete(route.url),
        ...(["POST", "PUT", "PATCH"].includes(route.method) ? { payload: {} } : {}),
      });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(res.json().code).toBe("E_UNAUTHENTICATED");
    }
  });
});

describe("one error shape", () => {
  it("answers unknown /api paths with a JSON 404", async () => {
    const res = await ctx.app.inject({ method: "GET", url: "/api/no/such/thing" });
    expect(res.statusCode).toBe(404);
    expect(res.headers["content-type"]).toMatch(/application\/json/);
    expect(res.json()).toMatchObject({ code: "E_NOT_FOUND", requestId: expect.any(String) });
    expect(res.json().requestId).toBe(res.headers["x-request-id"]);
  });

  it("answers malformed JSON, wrong types and oversize bodies with 400 and a code, never 500", async () => {
    const malformed = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { "content-type": "application/json" },
      payload: '{"email": "a@b.c", "password": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().code).toBe("E_BAD_JSON");

    const wrongTypes = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: 42, password: ["x"] },
    });
    expect(wrongTypes.statusCode).toBe(400);
    expect(wrongTypes.json()).toMatchObject({ code: "E_VALIDATION", details: { issues: expect.any(Array) } });

    const huge = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ email: "a@b.c", password: "x".repeat(2 * 1024 * 1024) }),
    });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().code).toBe("E_BODY_TOO_LARGE");

    const { client } = await signedInClient(ctx, { admin: true });
    const badId = await client.get("/api/technicians/not-a-number");
    expect(badId.statusCode).toBe(400);
    expect(badId.json().code).toBe("E_VALIDATION");
  });

  it("serves the OpenAPI document generated from the contracts", async () => {
    const res = await ctx.app.inject({ method: "GET", url: "/api/docs/json" });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(["/api/health", "/api/auth/login", "/api/technicians"]),
    );
    expect((await ctx.app.inject({ method: "GET", url: "/api/docs" })).statusCode).toBeLessThan(400);
  });
});
