import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../../app.js";
import { createTestContext, type TestContext } from "../../testing/test-app.js";

const webRoot = fileURLToPath(new URL("../../../../web", import.meta.url));
const script = fs.readFileSync(path.join(webRoot, "public", "color-scheme.js"), "utf8");
const indexHtml = fs.readFileSync(path.join(webRoot, "index.html"), "utf8");

let ctx: TestContext;
let web: FastifyInstance;
let dist: string;
beforeAll(async () => {
  ctx = await createTestContext();
  // The build copies the console's public files to the root of its output, next to index.html.
  dist = fs.mkdtempSync(path.join(os.tmpdir(), "steward-web-"));
  fs.writeFileSync(path.join(dist, "index.html"), indexHtml);
  fs.writeFileSync(path.join(dist, "color-scheme.js"), script);
  web = await buildApp({ ...ctx.deps, config: { ...ctx.deps.config, webDistDir: dist } }, { serveWeb: true });
  await web.ready();
});
afterAll(async () => {
  await web.close();
  await ctx.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe("the colour scheme script of the console page", () => {
  it("is loaded as a same-origin file before the app, not inline", () => {
    const tag = indexHtml.indexOf('<script src="/color-scheme.js"></script>');
    expect(tag).toBeGreaterThan(-1);
    expect(tag).toBeLessThan(indexHtml.indexOf('type="module"'));
    expect(indexHtml).not.toMatch(/<script>[^<]/);
  });

  it("is served to anyone without a session, as JavaScript, under the policy that allows it", async () => {
    const res = await web.inject({ method: "GET", url: "/color-scheme.js" });
    expect(res.statusCode).toBe(200);
    expect(String(res.headers["content-type"])).toMatch(/javascript/);
    expect(res.body).toBe(script);
    expect(String(res.headers["content-security-policy"])).toContain("script-src 'self'");
  });
});
