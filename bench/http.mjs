// HTTP benchmark (`npm run bench`): starts the real built server on a free loopback port with a
// throwaway data folder (embedded PGlite), signs in through the real API with TOTP, seeds 1,000
// organizations, then measures requests/s and p99 latency with autocannon for:
//   - GET /api/health
//   - GET /api/organizations?pageSize=50 (authenticated)
//   - GET /api/auth/session (signed in: the per-request session and permission lookup alone)
// Loopback only, bounded: BENCH_SECONDS (default 10) per scenario, BENCH_CONNECTIONS (default 10).
// BENCH_DATABASE_URL=postgres://… runs the server on that (empty, throwaway) PostgreSQL database instead.
// The load generator shares the machine's cores with the server: compare figures from the same machine.
import { spawn, execFile } from "node:child_process";
import { createHmac } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import autocannon from "autocannon";
import { build, ensureInstalled, log, main as step, root } from "../scripts/prepare.mjs";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const ORGANIZATIONS = 1000;
const EMAIL = "bench-admin@example.test";
const PASSWORD = "bench password for steward";

// --- RFC 6238 TOTP (SHA-1, 30 s, 6 digits), computed here from the enrollment secret ---------
function base32Decode(text) {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = 0;
  let value = 0;
  const out = [];
  for (const ch of text.replace(/[\s=]/g, "").toUpperCase()) {
    const index = alphabet.indexOf(ch);
    if (index < 0) throw new Error(`invalid base32 character "${ch}"`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

function totp(secret, unixSeconds = Date.now() / 1000) {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(unixSeconds / 30)));
  const mac = createHmac("sha1", base32Decode(secret)).update(counter).digest();
  const offset = mac[mac.length - 1] & 0x0f;
  const code = (mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return String(code).padStart(6, "0");
}

// --- a tiny cookie-keeping API client ---------------------------------------------------------
function createClient(baseUrl) {
  const state = { cookie: undefined, csrfToken: undefined };
  async function call(method, url, body) {
    const headers = { accept: "application/json" };
    if (state.cookie) headers.cookie = `steward_session=${state.cookie}`;
    if (state.csrfToken) headers["x-csrf-token"] = state.csrfToken;
    if (body !== undefined) headers["content-type"] = "application/json";
    const res = await fetch(`${baseUrl}${url}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const line of res.headers.getSetCookie()) {
      const match = /^steward_session=([^;]*)/.exec(line);
      if (match) state.cookie = match[1] || undefined;
    }
    const text = await res.text();
    const json = text ? JSON.parse(text) : undefined;
    const csrf = json?.csrfToken ?? json?.session?.csrfToken;
    if (typeof csrf === "string") state.csrfToken = csrf;
    if (!res.ok) throw new Error(`${method} ${url} answered ${res.status}: ${text.slice(0, 300)}`);
    return json;
  }
  return { state, get: (url) => call("GET", url), post: (url, body = {}) => call("POST", url, body) };
}

// --- the server under test --------------------------------------------------------------------
function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(baseUrl, server, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`);
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error("the server did not answer /api/health in time");
}

function measure(title, options) {
  return new Promise((resolve, reject) => {
    autocannon({ duration: SECONDS, connections: CONNECTIONS, ...options }, (error, result) => {
      if (error) return reject(error);
      const bad = result.non2xx + result.errors + result.timeouts;
      resolve({
        title,
        requestsPerSecond: Math.round(result.requests.average),
        p50: result.latency.p50,
        p99: result.latency.p99,
        total: result.requests.total,
        bad,
      });
    });
  });
}

async function seedOrganizations(client, count) {
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const n = ++next;
      await client.post("/api/organizations", { name: `Bench Organization ${String(n).padStart(4, "0")}` });
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
}

async function main() {
  await step(async () => {
    await ensureInstalled();
    await build({ web: false, projects: ["apps/server"] });
  });

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "steward-bench-"));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env = {
    ...process.env,
    STEWARD_DATA_DIR: dataDir,
    PORT: String(port),
    HOST: "127.0.0.1",
    // Agents are not measured here: their listener takes any free port, and no local agent runs.
    STEWARD_AGENT_PORT: "0",
    STEWARD_LOCAL_AGENT: "false",
    STEWARD_PUBLIC_URL: baseUrl,
    LOG_LEVEL: "warn",
  };
  delete env.DATABASE_URL;
  if (process.env.BENCH_DATABASE_URL) env.DATABASE_URL = process.env.BENCH_DATABASE_URL;
  delete env.STEWARD_ADMIN_EMAIL;
  delete env.STEWARD_ADMIN_PASSWORD;
  delete env.STEWARD_DEMO_FLEET;
  const serverDist = path.join(root, "apps/server/dist");

  let server;
  try {
    log("creating the administrator with the CLI...");
    await promisify(execFile)(
      process.execPath,
      [path.join(serverDist, "cli.js"), "create-admin", "--email", EMAIL, "--password", PASSWORD],
      { env, cwd: root },
    );

    log(`starting the server on ${baseUrl} (data: ${dataDir})...`);
    server = spawn(process.execPath, [path.join(serverDist, "main.js")], {
      env,
      cwd: root,
      stdio: ["ignore", "ignore", "inherit"],
    });
    await waitForHealth(baseUrl, server);

    log("signing in with TOTP enrollment...");
    const client = createClient(baseUrl);
    const login = await client.post("/api/auth/login", { email: EMAIL, password: PASSWORD });
    if (login.state !== "mfa-enrollment")
      throw new Error(`expected MFA enrollment after login, got "${login.state}"`);
    const { secret } = await client.post("/api/auth/mfa/totp/enroll");
    const confirmed = await client.post("/api/auth/mfa/totp/confirm", { code: totp(secret) });
    if (confirmed.session?.state !== "authenticated")
      throw new Error("TOTP confirmation did not authenticate the session");

    log(`seeding ${ORGANIZATIONS} organizations...`);
    const seedStart = Date.now();
    await seedOrganizations(client, ORGANIZATIONS);
    const seeded = await client.get("/api/organizations?pageSize=50");
    if (seeded.total < ORGANIZATIONS)
      throw new Error(`expected ${ORGANIZATIONS} organizations, the list says ${seeded.total}`);
    log(
      `seeded in ${((Date.now() - seedStart) / 1000).toFixed(1)} s; measuring ${SECONDS} s per scenario, ${CONNECTIONS} connections`,
    );

    const results = [];
    results.push(await measure("GET /api/health", { url: `${baseUrl}/api/health` }));
    results.push(
      await measure(`GET /api/organizations?pageSize=50 (signed in, ${seeded.total} organizations)`, {
        url: `${baseUrl}/api/organizations?pageSize=50`,
        headers: { cookie: `steward_session=${client.state.cookie}` },
      }),
    );
    results.push(
      await measure("GET /api/auth/session (signed in)", {
        url: `${baseUrl}/api/auth/session`,
        headers: { cookie: `steward_session=${client.state.cookie}` },
      }),
    );

    console.log("");
    console.log(
      `Steward HTTP benchmark: ${os.cpus().length} cores, Node ${process.version}, ${env.DATABASE_URL ? "PostgreSQL" : "embedded PGlite"}`,
    );
    for (const r of results) {
      const warn = r.bad > 0 ? `  (${r.bad} errors/non-2xx!)` : "";
      console.log(
        `${r.title}: ${r.requestsPerSecond} requests/s, p99 ${r.p99} ms (p50 ${r.p50} ms, ${r.total} requests)${warn}`,
      );
    }
    if (results.some((r) => r.bad > 0)) process.exitCode = 1;
  } finally {
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server.once("exit", resolve));
      server.kill("SIGTERM");
      await exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
