// Agent fleet benchmark (issue 3): connects N simulated agents (default 10,000) over the real
// protocol to one real server process on this machine, then prints
//   - server RSS per connected agent
//   - heartbeat round trip p50/p99 (pings spread over one second per round)
//   - time to mark 1,000 killed agents DOWN in the database
// Uses the machine's PostgreSQL (a throwaway database) so the bench can read device state while
// the server runs. Loopback only; bounded in time. Usage: node bench/agents.mjs [--agents N]
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { fileURLToPath } from "node:url";
import pg from "pg";

const root = fileURLToPath(new URL("..", import.meta.url));
const { values } = parseArgs({
  options: { agents: { type: "string", default: "10000" }, kill: { type: "string", default: "1000" } },
});
const N = Number(values.agents);
const KILL = Math.min(Number(values.kill), N);
const baseUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

const fleetModule = path.join(root, "apps/agent/dist/sim/fleet.js");
if (!fs.existsSync(path.join(root, "apps/server/dist/main.js")) || !fs.existsSync(fleetModule)) {
  console.error("Build first: npx tsc -b");
  process.exit(1);
}
const { startFleet } = await import(fleetModule);

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
const rssKiB = (pid) =>
  Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);

const dbName = `steward_bench_${Date.now()}`;
const admin = new pg.Client({ connectionString: baseUrl });
await admin.connect();
await admin.query(`CREATE DATABASE ${dbName}`);
const dbUrl = new URL(baseUrl);
dbUrl.pathname = `/${dbName}`;
const port = await freePort();
const agentPort = await freePort();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "steward-bench-"));
const env = {
  ...process.env,
  DATABASE_URL: dbUrl.toString(),
  STEWARD_DATA_DIR: dataDir,
  PORT: String(port),
  HOST: "127.0.0.1",
  STEWARD_AGENT_PORT: String(agentPort),
  STEWARD_LOCAL_AGENT: "false",
  STEWARD_AGENT_SILENCE_SECONDS: "600",
  LOG_LEVEL: "warn",
};
const server = spawn(
  process.execPath,
  ["--max-old-space-size=4096", path.join(root, "apps/server/dist/main.js")],
  { env, stdio: ["ignore", "ignore", "inherit"] },
);
let fleet;
const db = new pg.Client({ connectionString: dbUrl.toString() });
try {
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (i > 300) throw new Error("server did not start");
    await sleep(100);
  }
  await db.connect();
  const token = execFileSync(
    process.execPath,
    [path.join(root, "apps/server/dist/cli.js"), "create-enrollment-token", "--organization", "Bench fleet"],
    { env },
  )
    .toString()
    .trim();
  await sleep(1000);
  const baseline = rssKiB(server.pid);

  let t = Date.now();
  fleet = await startFleet({
    serverUrl: `http://127.0.0.1:${agentPort}`,
    token,
    count: N,
    heartbeatSeconds: 3600,
    enrollConcurrency: 64,
    log: () => {},
  });
  const enrolledMs = Date.now() - t;
  t = Date.now();
  while (fleet.connectedCount() < N) {
    if (Date.now() - t > 300_000) throw new Error(`only ${fleet.connectedCount()} of ${N} connected`);
    await sleep(200);
  }
  const connectMs = Date.now() - t;
  await sleep(3000);
  const upRows = (await db.query("select count(*)::int as n from devices where status = 'UP'")).rows[0].n;
  const rss = rssKiB(server.pid);

  // Heartbeats: 5 rounds, each spreading one ping per agent over ~1 s.
  const rtts = fleet.heartbeatRtts();
  rtts.length = 0;
  const chunk = Math.ceil(N / 20);
  for (let round = 0; round < 5; round++) {
    for (let i = 0; i < N; i += chunk) {
      for (const a of fleet.agents.slice(i, i + chunk)) a.connection.ping();
      await sleep(50);
    }
    await sleep(500);
  }
  await sleep(1000);
  const sorted = [...rtts].sort((a, b) => a - b);

  // Kill 1,000 and time until the database says DOWN for all of them.
  const victims = fleet.kill(KILL);
  t = Date.now();
  let down = 0;
  while (down < victims.length) {
    down = (
      await db.query("select count(*)::int as n from devices where status = 'DOWN' and id = any($1)", [
        victims,
      ])
    ).rows[0].n;
    if (Date.now() - t > 120_000) break;
    if (down < victims.length) await sleep(20);
  }
  const downMs = Date.now() - t;

  console.log(
    `agents: ${N} (enrolled in ${(enrolledMs / 1000).toFixed(1)} s, all connected ${(connectMs / 1000).toFixed(1)} s later; UP in database: ${upRows})`,
  );
  console.log(
    `server RSS: ${(baseline / 1024).toFixed(0)} MiB idle -> ${(rss / 1024).toFixed(0)} MiB with ${N} agents = ${((rss - baseline) / N).toFixed(1)} KiB per agent`,
  );
  console.log(
    `heartbeat round trip over ${sorted.length} pings: p50 ${pct(sorted, 50)} ms, p99 ${pct(sorted, 99)} ms, max ${sorted.at(-1)} ms`,
  );
  console.log(`${victims.length} killed agents marked DOWN (${down} confirmed) in ${downMs} ms`);
} finally {
  fleet?.stop();
  server.kill("SIGTERM");
  await new Promise((r) => server.once("exit", r));
  await db.end().catch(() => {});
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.end();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
