import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import Fastify, { type FastifyInstance } from "fastify";
import fastifyCookie from "@fastify/cookie";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app.js";
import { createTestContext, signedInClient, type TestContext } from "../../testing/test-app.js";
import { installAccessControl, SESSION_COOKIE, type RouteAccessEntry } from "../identity/index.js";

// Every spelling of a guarded route must stop before its handler: the router may normalize a
// variant onto the route (then access control answers), or match nothing (then the not-found
// handler answers). Requests go over a raw socket so that no client library tidies the target.

const INDEX_HTML = "<!doctype html><title>Steward test console</title>";
const ERROR_KEYS = new Set(["code", "message", "messageId", "messageValues", "details", "requestId"]);
const BODY_METHODS = new Set(["POST", "PUT", "PATCH"]);

let ctx: TestContext;
let app: FastifyInstance;
let port: number;
let webDist: string;
let sent = 0;
const statuses = new Map<number, number>();

beforeAll(async () => {
  ctx = await createTestContext();
  // The console served as in production, so unmatched GETs meet the web index fallback too.
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), "steward-web-"));
  fs.writeFileSync(path.join(webDist, "index.html"), INDEX_HTML);
  fs.mkdirSync(path.join(webDist, "assets"));
  fs.writeFileSync(path.join(webDist, "assets", "app.js"), "console.log('app');");
  app = await buildApp(
    { ...ctx.deps, config: { ...ctx.deps.config, webDistDir: webDist } },
    { logger: pino({ level: process.env.TEST_LOG_LEVEL ?? "error" }), serveWeb: true },
  );
  await app.listen({ host: "127.0.0.1", port: 0 });
  port = (app.server.address() as AddressInfo).port;
});

afterAll(async () => {
  await app?.close();
  await ctx?.close();
  if (webDist) fs.rmSync(webDist, { recursive: true, force: true });
  const tally = [...statuses].sort(([a], [b]) => a - b).map(([status, n]) => `${status}×${n}`);
  process.stdout.write(`path variants: ${sent} requests sent (${tally.join(", ")})\n`);
});

interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** One HTTP/1.1 request written byte for byte to a fresh connection. */
function raw(
  method: string,
  target: string,
  headers: Record<string, string> = {},
  body = "",
): Promise<RawResponse> {
  sent += 1;
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
    const chunks: Buffer[] = [];
    socket.on("data", (c: Buffer) => chunks.push(c));
    socket.on("error", reject);
    socket.on("end", () => {
      try {
        const res = parse(Buffer.concat(chunks), method);
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        resolve(res);
      } catch (err) {
        reject(err instanceof Error ? err : new Error(String(err)));
      }
    });
    const lines = [
      `${method} ${target} HTTP/1.1`,
      "Host: localhost",
      "Connection: close",
      ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
      ...(body || BODY_METHODS.has(method)
        ? [`Content-Type: application/json`, `Content-Length: ${Buffer.byteLength(body)}`]
        : []),
    ];
    // Written, not ended: a half-closed socket makes the server abandon a streamed answer.
    socket.write(`${lines.join("\r\n")}\r\n\r\n${body}`);
    socket.setTimeout(10_000, () => socket.destroy(new Error(`no answer to ${method} ${target}`)));
  });
}

function parse(data: Buffer, method: string): RawResponse {
  const text = data.toString("latin1");
  const split = text.indexOf("\r\n\r\n");
  if (split < 0) throw new Error(`incomplete response: ${JSON.stringify(text.slice(0, 200))}`);
  const [statusLine, ...headerLines] = text.slice(0, split).split("\r\n");
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine ?? "")?.[1]);
  const headers: Record<string, string> = {};
  for (const line of headerLines) {
    const at = line.indexOf(":");
    headers[line.slice(0, at).trim().toLowerCase()] = line.slice(at + 1).trim();
  }
  let body: Buffer = Buffer.from(text.slice(split + 4), "latin1");
  if (method === "HEAD") body = Buffer.alloc(0);
  else if (headers["transfer-encoding"] === "chunked") body = dechunk(body);
  return { status, headers, body: body.toString("utf8") };
}

function dechunk(data: Buffer): Buffer {
  const out: Buffer[] = [];
  let at = 0;
  for (;;) {
    const eol = data.indexOf("\r\n", at);
    if (eol < 0) break;
    const size = parseInt(data.subarray(at, eol).toString("latin1"), 16);
    if (!size) break;
    out.push(data.subarray(eol + 2, eol + 2 + size));
    at = eol + 2 + size + 2;
  }
  return Buffer.concat(out);
}

/** The route with every `:param` (and a trailing wildcard) filled in. */
const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, "1").replace(/\*$/, "1");

/** Spellings of `/api/...` that a careless check on the URL text would not recognize. */
function variants(url: string): string[] {
  const rest = url.slice("/api".length); // "/x/y"
  const segments = url.split("/").slice(1);
  const mixed = `/${segments.map((s, i) => (i % 2 === 0 ? s.charAt(0).toUpperCase() + s.slice(1) : s.toUpperCase())).join("/")}`;
  const lastSlash = url.lastIndexOf("/");
  const last = url.slice(lastSlash + 1);
  const encodedLast = /^[a-z]/.test(last)
    ? `${url.slice(0, lastSlash + 1)}%${last.charCodeAt(0).toString(16)}${last.slice(1)}`
    : undefined;
  return [
    `/${url}`,
    `/api/${rest}`,
    `//${url}`,
    `/%61pi${rest}`,
    `/api%2F${rest.slice(1)}`,
    `/%2Fapi${rest}`,
    `/api${rest.replace(/\//g, "%2F")}`,
    ...(encodedLast ? [encodedLast] : []),
    `/API${rest}`,
    mixed,
    `/x/..${url}`,
    `/x/%2e%2e${url}`,
    `/.${url}`,
    `/api/.${rest}`,
    `${url}/`,
    `${url}//`,
    `${url};a=b`,
    `/api;a=b${rest}`,
    `${url}%00`,
    `/api%00${rest}`,
    `${url}?`,
    `${url}#x`,
    `http://localhost${url}`,
    `http://localhost/${url}`,
    `http://evil.example${url}`,
  ];
}

interface Verdict {
  ok: boolean;
  why: string;
}

/** An answer that reveals nothing: an error in the JSON error shape, the web index, or a bare 404. */
function harmless(res: RawResponse, method: string, expectedCodes: readonly string[]): Verdict {
  if (![400, 401, 403, 404, 405].includes(res.status)) {
    // The only success allowed: the console's index page for a path that is not an API route.
    if (res.status === 200 && (method === "GET" || method === "HEAD")) {
      const html = method === "HEAD" || res.body === INDEX_HTML;
      return {
        ok: html && (res.headers["content-type"] ?? "").startsWith("text/html"),
        why: "200 other than the web index",
      };
    }
    return { ok: false, why: `status ${res.status}` };
  }
  if (method === "HEAD") return { ok: true, why: "" };
  if (res.status === 404 && res.body === "Not found") return { ok: true, why: "" };
  let json: unknown;
  try {
    json = JSON.parse(res.body);
  } catch {
    return { ok: false, why: `body is neither the error shape nor the 404 text: ${res.body.slice(0, 120)}` };
  }
  if (!json || typeof json !== "object" || Array.isArray(json))
    return { ok: false, why: "JSON body is not an error object" };
  const keys = Object.keys(json);
  const code = (json as { code?: unknown }).code;
  if (!keys.every((k) => ERROR_KEYS.has(k)) || typeof code !== "string" || !code.startsWith("E_"))
    return { ok: false, why: `not the error shape: ${res.body.slice(0, 120)}` };
  if (res.status === 401 && !expectedCodes.includes(code)) return { ok: false, why: `401 with ${code}` };
  return { ok: true, why: "" };
}

function guardedRoutes(table: RouteAccessEntry[], skip: (r: RouteAccessEntry) => boolean) {
  const seen = new Set<string>();
  return table.filter((r) => {
    if (r.access === "public" || skip(r)) return false;
    const key = `${r.method} ${concrete(r.url)}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

async function sweep(
  routes: RouteAccessEntry[],
  headers: Record<string, string>,
  expectedCodes: readonly string[],
): Promise<string[]> {
  const failures: string[] = [];
  const check = async (method: string, target: string) => {
    const body = BODY_METHODS.has(method) ? "{}" : "";
    const res = await raw(method, target, headers, body);
    const verdict = harmless(res, method, expectedCodes);
    if (!verdict.ok) failures.push(`${method} ${target} → ${res.status}: ${verdict.why}`);
  };
  for (const route of routes) {
    const url = concrete(route.url);
    // The plain spelling: access control answers before the handler.
    const plain = await raw(route.method, url, headers, BODY_METHODS.has(route.method) ? "{}" : "");
    const plainCode = (() => {
      try {
        return (JSON.parse(plain.body) as { code?: string }).code;
      } catch {
        return undefined;
      }
    })();
    if (plain.status !== 401 || !expectedCodes.includes(plainCode ?? ""))
      failures.push(`${route.method} ${url} → ${plain.status} ${plainCode ?? plain.body.slice(0, 80)}`);
    for (const target of variants(url)) await check(route.method, target);
    await check("HEAD", url);
    await check("OPTIONS", url);
  }
  return failures;
}

describe("spellings of guarded routes never reach a handler", () => {
  it("without a session: 401 or an empty answer for every variant", async () => {
    const routes = guardedRoutes(app.routeAccessTable, () => false);
    expect(routes.length).toBeGreaterThan(50);
    const failures = await sweep(routes, {}, ["E_UNAUTHENTICATED"]);
    expect(failures).toEqual([]);
  }, 240_000);

  it("with a password-only session (no MFA yet): only the MFA, sign-out and session routes answer", async () => {
    const { client } = await signedInClient(ctx, { admin: true, mfaVerified: false });
    const headers = { cookie: `${SESSION_COOKIE}=${client.cookie}`, "x-csrf-token": client.csrfToken ?? "" };
    const open = app.routeAccessTable
      .filter((r) => r.access === "mfa-pending")
      .map((r) => `${r.method} ${r.url}`);
    // The routes a half-signed-in session may use: enrolling or checking the second factor, leaving,
    // and listing its own factors to pick one.
    expect(open.length).toBeGreaterThan(0);
    for (const route of open)
      expect(route).toMatch(/^(POST \/api\/auth\/(logout|mfa\/)|GET \/api\/auth\/mfa\/factors$)/);
    const routes = guardedRoutes(app.routeAccessTable, (r) => r.access === "mfa-pending");
    const failures = await sweep(routes, headers, ["E_MFA_REQUIRED"]);
    expect(failures).toEqual([]);
  }, 240_000);

  it("reads an absolute-form request target like the plain path", async () => {
    const res = await raw("GET", "http://localhost/api/technicians");
    expect(res.status).toBe(401);
    expect(JSON.parse(res.body)).toMatchObject({ code: "E_UNAUTHENTICATED" });
    // …and the console's own public route still answers through it.
    const health = await raw("GET", "http://localhost/api/health");
    expect(health.status).toBe(200);
  });
});

describe("the built console", () => {
  it("boots with its static files (they declare themselves public) and serves them without a session", async () => {
    const script = await raw("GET", "/assets/app.js");
    expect(script.status).toBe(200);
    expect(script.body).toBe("console.log('app');");
    const page = await raw("GET", "/organizations/1");
    expect(page.status).toBe(200);
    expect(page.body).toBe(INDEX_HTML);
  });
});

describe("the answer check", () => {
  const json = (status: number, body: unknown): RawResponse => ({
    status,
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  it("passes error answers and the web index", () => {
    const error = { code: "E_UNAUTHENTICATED", message: "Sign in", requestId: "r" };
    expect(harmless(json(401, error), "GET", ["E_UNAUTHENTICATED"]).ok).toBe(true);
    expect(harmless(json(404, { ...error, code: "E_NOT_FOUND" }), "POST", []).ok).toBe(true);
    const index = { status: 200, headers: { "content-type": "text/html" }, body: INDEX_HTML };
    expect(harmless(index, "GET", []).ok).toBe(true);
  });
  it("fails anything that may carry data or came from a handler", () => {
    expect(harmless(json(200, [{ id: 1, name: "Acme" }]), "GET", []).ok).toBe(false);
    expect(harmless({ status: 204, headers: {}, body: "" }, "DELETE", []).ok).toBe(false);
    expect(harmless(json(200, { code: "E_X", message: "m", requestId: "r" }), "POST", []).ok).toBe(false);
    expect(harmless(json(403, { code: "E_FORBIDDEN", message: "m", items: [1] }), "GET", []).ok).toBe(false);
    expect(
      harmless(json(401, { code: "E_MFA_REQUIRED", message: "m" }), "GET", ["E_UNAUTHENTICATED"]).ok,
    ).toBe(false);
    const html = { status: 200, headers: { "content-type": "text/html" }, body: "<p>Acme</p>" };
    expect(harmless(html, "GET", []).ok).toBe(false);
  });
});

describe("undeclared routes", () => {
  it("a route without config.access makes app.ready() fail", async () => {
    const bare = Fastify({ logger: false });
    await bare.register(fastifyCookie);
    installAccessControl(bare, { db: ctx.deps.db, policy: { idleSeconds: 60, absoluteSeconds: 600 } });
    bare.get("/api/declared", { config: { access: "authenticated" } }, () => ({ ok: true }));
    bare.get("/api/forgotten", () => ({ secret: true }));
    await expect(bare.ready()).rejects.toThrow(/without an access declaration: GET \/api\/forgotten/);
    await bare.close().catch(() => {});
  });

  it("the same app with every route declared starts", async () => {
    const bare = Fastify({ logger: false });
    await bare.register(fastifyCookie);
    installAccessControl(bare, { db: ctx.deps.db, policy: { idleSeconds: 60, absoluteSeconds: 600 } });
    bare.get("/api/declared", { config: { access: "authenticated" } }, () => ({ ok: true }));
    await bare.ready();
    const res = await bare.inject({ method: "GET", url: "/api/declared" });
    expect(res.statusCode).toBe(401);
    await bare.close();
  });
});
