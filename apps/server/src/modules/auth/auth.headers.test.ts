import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { buildApp } from "../../app.js";
import { createTestContext, type TestContext } from "../../testing/test-app.js";

let ctx: TestContext;
let web: FastifyInstance;
let dist: string;
beforeAll(async () => {
  ctx = await createTestContext({ trustProxy: true });
  dist = fs.mkdtempSync(path.join(os.tmpdir(), "steward-web-"));
  fs.mkdirSync(path.join(dist, "assets"));
  fs.writeFileSync(
    path.join(dist, "index.html"),
    '<!doctype html><html><head><script type="module" src="/assets/app.js"></script></head><body><div id="root"></div></body></html>',
  );
  fs.writeFileSync(path.join(dist, "assets", "app.js"), "console.log('app');\n");
  web = await buildApp({ ...ctx.deps, config: { ...ctx.deps.config, webDistDir: dist } }, { serveWeb: true });
  await web.ready();
});
afterAll(async () => {
  await web.close();
  await ctx.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

function expectSecurityHeaders(res: LightMyRequestResponse) {
  const csp = String(res.headers["content-security-policy"]);
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("script-src 'self'");
  expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  expect(csp).not.toMatch(/'unsafe-eval'/);
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("object-src 'none'");
  expect(res.headers["x-frame-options"]).toBe("DENY");
  expect(res.headers["x-content-type-options"]).toBe("nosniff");
  expect(res.headers["referrer-policy"]).toBe("same-origin");
}

describe("security headers on every answer", () => {
  it("on the API, its 404s and its errors", async () => {
    const health = await web.inject({ method: "GET", url: "/api/health" });
    expect(health.statusCode).toBe(200);
    const missing = await web.inject({ method: "GET", url: "/api/no-such-thing" });
    expect(missing.statusCode).toBe(404);
    const badJson = await web.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { "content-type": "application/json" },
      payload: "{not json",
    });
    expect(badJson.statusCode).toBe(400);
    const unauthenticated = await web.inject({ method: "GET", url: "/api/technicians" });
    expect(unauthenticated.statusCode).toBe(401);
    for (const res of [health, missing, badJson, unauthenticated]) {
      expectSecurityHeaders(res);
      expect(res.headers["cache-control"]).toBe("no-store");
    }
  });

  it("on the console page, its files and plain 404s", async () => {
    const index = await web.inject({ method: "GET", url: "/" });
    expect(index.statusCode).toBe(200);
    expect(index.body).toContain('<div id="root">');
    const route = await web.inject({ method: "GET", url: "/devices/12" });
    expect(route.statusCode).toBe(200);
    const asset = await web.inject({ method: "GET", url: "/assets/app.js" });
    expect(asset.statusCode).toBe(200);
    const missing = await web.inject({ method: "GET", url: "/assets/missing.js" });
    expect(missing.statusCode).toBe(404);
    for (const res of [index, route, asset, missing]) expectSecurityHeaders(res);
  });

  it("adds Strict-Transport-Security only when the request came over HTTPS", async () => {
    const plain = await web.inject({ method: "GET", url: "/api/health" });
    expect(plain.headers["strict-transport-security"]).toBeUndefined();
    // Behind a trusted TLS-terminating proxy (STEWARD_TRUST_PROXY=true).
    const https = await web.inject({
      method: "GET",
      url: "/api/health",
      headers: { "x-forwarded-proto": "https" },
    });
    expect(https.headers["strict-transport-security"]).toMatch(/^max-age=\d{7,}; includeSubDomains$/);
    const notFound = await web.inject({
      method: "GET",
      url: "/api/nope",
      headers: { "x-forwarded-proto": "https" },
    });
    expect(notFound.headers["strict-transport-security"]).toBeDefined();
  });
});
