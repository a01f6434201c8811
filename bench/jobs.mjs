// Job engine benchmark (issue 4), against one real server process with N simulated agents
// online (default 10,000) over the real protocol. Prints:
//   - submit → agent receives the signed command, p50/p99 (single-device jobs, fleet online)
//   - fan-out of one script to every agent: time until all dispatched, all completed; lost jobs
//   - job-status poll throughput (GET /api/webapp/job/{jobUid})
// Uses a throwaway database on the machine's PostgreSQL. Loopback only; bounded in time.
// Usage: node bench/jobs.mjs [--agents N]
import { spawn } from "node:child_process";
import { createHmac } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import pg from "pg";

const root = fileURLToPath(new URL("..", import.meta.url));
const { values } = parseArgs({
  options: { agents: { type: "string", default: "10000" }, singles: { type: "string", default: "200" } },
});
const N = Number(values.agents);
const SINGLES = Number(values.singles);
const baseUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const { startFleet } = await import(path.join(root, "apps/agent/dist/sim/fleet.js"));

const freePort = () =>
  new Promise((resolve) => {
    const s = net.createServer();
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

function totp(secret) {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = 0;
  let value = 0;
  const bytes = [];
  for (const ch of secret.replace(/=+$/, "")) {
    value = (value << 5) | alphabet.indexOf(ch);
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  const msg = Buffer.alloc(8);
  msg.writeBigUInt64BE(BigInt(Math.floor(Date.now() / 30000)));
  const mac = createHmac("sha1", Buffer.from(bytes)).update(msg).digest();
  const o = mac[mac.length - 1] & 15;
  return String(
    (((mac[o] & 127) << 24) | (mac[o + 1] << 16) | (mac[o + 2] << 8) | mac[o + 3]) % 1e6,
  ).padStart(6, "0");
}

const session = { cookie: "", csrf: "" };
async function api(port, method, url, body) {
  const res = await fetch(`http://127.0.0.1:${port}${url}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      cookie: session.cookie,
      "x-csrf-token": session.csrf,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const set = res.headers.get("set-cookie");
  if (set) session.cookie = set.split(";")[0];
  const json = await res.json().catch(() => ({}));
  const s = json.session ?? json;
  if (typeof s.csrfToken === "string") session.csrf = s.csrfToken;
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(json).slice(0, 300)}`);
  return json;
}

const dbName = `steward_bench_jobs_${Date.now()}`;
const admin = new pg.Client({ connectionString: baseUrl });
await admin.connect();
await admin.query(`CREATE DATABASE ${dbName}`);
const dbUrl = new URL(baseUrl);
dbUrl.pathname = `/${dbName}`;
const port = await freePort();
const agentPort = await freePort();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "steward-bench-jobs-"));
const server = spawn(
  process.execPath,
  ["--max-old-space-size=4096", path.join(root, "apps/server/dist/main.js")],
  {
    env: {
      ...process.env,
      DATABASE_URL: dbUrl.toString(),
      STEWARD_DATA_DIR: dataDir,
      PORT: String(port),
      HOST: "127.0.0.1",
      STEWARD_AGENT_PORT: String(agentPort),
      STEWARD_LOCAL_AGENT: "false",
      STEWARD_AGENT_SILENCE_SECONDS: "600",
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "ignore", "inherit"],
  },
);
let fleet;
try {
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) break;
    } catch {
      // starting
    }
    if (i > 300) throw new Error("server did not start");
    await sleep(100);
  }
  await api(port, "POST", "/api/setup", {
    email: "bench@example.test",
    password: "benchmark passphrase 1",
    firstName: "Bench",
    lastName: "Mark",
  });
  const { secret } = await api(port, "POST", "/api/auth/mfa/totp/enroll");
  await api(port, "POST", "/api/auth/mfa/totp/confirm", { code: totp(secret) });
  const org = await api(port, "POST", "/api/organizations", { name: "Bench jobs" });
  const token = await api(port, "POST", `/api/organizations/${org.id}/enrollment-tokens`, {
    locationId: org.locations[0].id,
  });

  const received = new Map();
  fleet = await startFleet({
    serverUrl: `http://127.0.0.1:${agentPort}`,
    token: token.secret,
    count: N,
    heartbeatSeconds: 3600,
    enrollConcurrency: 64,
    jobDurationMs: 20,
    onCommand: (_deviceId, jobUid, at) => received.set(jobUid, at),
  });
  const t0 = Date.now();
  while (fleet.connectedCount() < N) {
    if (Date.now() - t0 > 300_000) throw new Error(`only ${fleet.connectedCount()} connected`);
    await sleep(200);
  }
  const ids = fleet.agents.map((a) => a.deviceId);
  const script = { script: { name: "bench", language: "bash", body: "echo hi" } };

  // 1. Single-device submits with the fleet online.
  const latencies = [];
  for (let i = 0; i < SINGLES; i++) {
    const nodeId = ids[(i * 7919) % ids.length];
    const started = Date.now();
    const res = await api(port, "POST", "/api/webapp/submit/job", {
      nodes: [{ nodeId, jobs: [{ jobType: "ACTION", content: script }] }],
    });
    const uid = res.jobs[0].jobUid;
    while (!received.has(uid)) {
      if (Date.now() - started > 10_000) break;
      await sleep(1);
    }
    latencies.push((received.get(uid) ?? Date.now()) - started);
  }
  latencies.sort((a, b) => a - b);

  // 2. Fan-out of one script to every agent.
  received.clear();
  const fanStart = Date.now();
  const res = await api(port, "POST", "/api/webapp/submit/job", {
    nodes: ids.map((nodeId) => ({ nodeId, jobs: [{ jobType: "ACTION", content: script }] })),
  });
  const acceptedMs = Date.now() - fanStart;
  const uids = new Set(res.jobs.map((j) => j.jobUid));
  while ([...uids].some((u) => !received.has(u)) && Date.now() - fanStart < 120_000) await sleep(20);
  const dispatchedMs = Math.max(...[...uids].map((u) => received.get(u) ?? Date.now())) - fanStart;
  const db = new pg.Client({ connectionString: dbUrl.toString() });
  await db.connect();
  let completed = 0;
  while (Date.now() - fanStart < 180_000) {
    completed = (
      await db.query(
        "select count(*)::int as n from jobs where job_uid = any($1) and job_status = 'COMPLETED'",
        [[...uids]],
      )
    ).rows[0].n;
    if (completed === uids.size) break;
    await sleep(100);
  }
  const completedMs = Date.now() - fanStart;
  const lost = uids.size - completed;
  await db.end();

  // 3. Poll throughput.
  const pollUid = [...uids][0];
  const poll = await autocannon({
    url: `http://127.0.0.1:${port}/api/webapp/job/${pollUid}`,
    headers: { cookie: session.cookie },
    connections: 20,
    duration: 10,
  });

  console.log(`agents online: ${N}`);
  console.log(
    `submit -> agent receives the command (${latencies.length} single-device jobs): p50 ${pct(latencies, 50)} ms, p99 ${pct(latencies, 99)} ms`,
  );
  console.log(
    `fan-out to ${uids.size} agents: submit answered in ${acceptedMs} ms, all dispatched in ${dispatchedMs} ms, all completed in ${completedMs} ms, lost ${lost}`,
  );
  console.log(
    `job-status poll: ${Math.round(poll.requests.average)} req/s, p99 ${poll.latency.p99} ms (${poll.non2xx} non-2xx)`,
  );
} finally {
  fleet?.stop();
  server.kill("SIGTERM");
  await new Promise((r) => server.once("exit", r));
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.end();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
