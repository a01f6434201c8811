// Live updates fan-out benchmark: one real server process (the built app on a throwaway
// PostgreSQL database) holds --clients server-sent event streams on /api/live?topics=alerts, one
// per signed-in session, opened by this process over loopback. The server process then puts
// --events alert changes on its in-process bus, one after another; each stream must receive each
// notice. Prints
//   - delivery latency p50/p99 over every (event, client) pair: from the bus event to the client
//     having read the notice (both processes read the same wall clock, to a fraction of a ms)
//   - fan-out completion p50/p99: from the bus event until the last of the clients has it
//   - the server's RSS before the streams, with them open, and after the events
// Usage: node bench/live-fanout.mjs [--clients N] [--events N] [--gap-ms MS]
import http from "node:http";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fork } from "node:child_process";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import pg from "pg";
import {
  freePort,
  load,
  log,
  pct,
  printTable,
  requireBuild,
  root,
  sleep,
  waitUntil,
} from "./fleet-harness.mjs";

const now = () => performance.timeOrigin + performance.now();
const { values } = parseArgs({
  options: {
    child: { type: "boolean", default: false },
    clients: { type: "string", default: "1000" },
    events: { type: "string", default: "50" },
    "gap-ms": { type: "string", default: "100" },
  },
});

if (values.child) await runServer();
else await runBench();

/** The server side: the built app, its bus reachable over IPC. */
async function runServer() {
  const dist = (p) => path.join(root, "apps/server/dist", p);
  const { loadConfig } = await import(dist("config.js"));
  const { createDeps, createLogger, openConfiguredDatabase } = await import(dist("runtime.js"));
  const { buildServices } = await import(dist("services.js"));
  const { buildApp } = await import(dist("app.js"));
  const identity = await import(dist("platform/identity/index.js"));
  const { sha256 } = await import(dist("platform/crypto/index.js"));
  const config = loadConfig();
  const logger = createLogger(config);
  const database = await openConfiguredDatabase(config);
  const deps = createDeps(config, database, logger);
  const services = buildServices(deps);
  const app = await buildApp(deps, { logger, services, serveWeb: false });
  await app.listen({ port: Number(process.env.PORT), host: "127.0.0.1" });
  const admin = await identity.insertSystemAdmin(deps.db, {
    email: "bench@example.test",
    password: "benchmark passphrase 1",
    firstName: "Bench",
    lastName: "Mark",
  });
  const userId = admin.id;
  const policy = { idleSeconds: 3600, absoluteSeconds: 86400 };
  process.on("message", async (message) => {
    if (message.type === "sessions") {
      const tokens = [];
      for (let i = 0; i < message.count; i++) {
        const { token } = await identity.createSession(deps.db, userId, policy, {});
        await identity.markSessionMfaVerified(deps.db, sha256(token));
        tokens.push(token);
      }
      process.send({ type: "sessions", tokens });
    } else if (message.type === "stats") {
      process.send({ type: "stats", ...services.live.stats(), rss: process.memoryUsage().rss });
    } else if (message.type === "emit") {
      const at = now();
      deps.bus.emit("alertChanged", { organizationId: 1, deviceId: message.seq, alertId: message.seq });
      process.send({ type: "emitted", seq: message.seq, at });
    } else if (message.type === "stop") {
      await app.close();
      await database.close();
      process.exit(0);
    }
  });
  process.send({ type: "ready" });
}

/** The bench side: the database, the server process, the streams and the figures. */
async function runBench() {
  requireBuild();
  const CLIENTS = Number(values.clients);
  const EVENTS = Number(values.events);
  const GAP_MS = Number(values["gap-ms"]);
  const baseUrl =
    process.env.BENCH_DATABASE_URL ??
    process.env.DATABASE_URL ??
    "postgres://postgres@127.0.0.1:5432/postgres";
  const dbName = `steward_bench_live_${Date.now()}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  const dbUrl = new URL(baseUrl);
  dbUrl.pathname = `/${dbName}`;
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "steward-bench-live-"));
  const child = fork(fileURLToPath(import.meta.url), ["--child"], {
    env: {
      ...process.env,
      DATABASE_URL: dbUrl.toString(),
      STEWARD_DATA_DIR: dataDir,
      PORT: String(port),
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "ignore", "inherit", "ipc"],
  });
  const inbox = [];
  child.on("message", (m) => inbox.push(m));
  const receive = async (type) => {
    await waitUntil(async () => inbox.some((m) => m.type === type), 120_000, `the server's ${type}`, 5);
    return inbox.splice(
      inbox.findIndex((m) => m.type === type),
      1,
    )[0];
  };
  const ask = (message) => {
    child.send(message);
    return receive(message.type === "emit" ? "emitted" : message.type);
  };

  try {
    await receive("ready");
    const before = await ask({ type: "stats" });
    log(`server up; opening ${CLIENTS} sessions and streams`);
    const { tokens } = await ask({ type: "sessions", count: CLIENTS });
    const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
    /** Per event sequence number: the times each client read it. */
    const got = new Map();
    const requests = [];
    await Promise.all(
      tokens.map(
        (token) =>
          new Promise((resolve, reject) => {
            const req = http.get(
              {
                host: "127.0.0.1",
                port,
                path: "/api/live?topics=alerts",
                agent,
                headers: { cookie: `steward_session=${token}` },
              },
              (res) => {
                if (res.statusCode !== 200) return reject(new Error(`stream answered ${res.statusCode}`));
                res.setEncoding("utf8");
                let buffer = "";
                res.on("data", (chunk) => {
                  const at = now();
                  buffer += chunk;
                  let cut;
                  while ((cut = buffer.indexOf("\n\n")) >= 0) {
                    const event = buffer.slice(0, cut);
                    buffer = buffer.slice(cut + 2);
                    const data = event.split("\n").find((l) => l.startsWith("data: "));
                    if (!data) continue;
                    const seq = JSON.parse(data.slice(6)).alertId;
                    const list = got.get(seq) ?? [];
                    list.push(at);
                    got.set(seq, list);
                  }
                });
                resolve();
              },
            );
            req.on("error", reject);
            requests.push(req);
          }),
      ),
    );
    const open = await ask({ type: "stats" });
    if (open.streams !== CLIENTS) throw new Error(`the server holds ${open.streams} streams, not ${CLIENTS}`);
    log(`${open.streams} streams open; emitting ${EVENTS} events`);

    const deliveries = [];
    const completions = [];
    for (let seq = 1; seq <= EVENTS; seq++) {
      const { at } = await ask({ type: "emit", seq });
      await waitUntil(
        async () => (got.get(seq)?.length ?? 0) >= CLIENTS,
        30_000,
        `event ${seq} everywhere`,
        1,
      );
      const times = got.get(seq);
      for (const t of times) deliveries.push(t - at);
      completions.push(Math.max(...times) - at);
      await sleep(GAP_MS);
    }
    const after = await ask({ type: "stats" });
    deliveries.sort((a, b) => a - b);
    completions.sort((a, b) => a - b);
    const mib = (bytes) => (bytes / 1024 / 1024).toFixed(1);
    const ms = (v) => v.toFixed(2);
    printTable(
      `live fan-out: ${CLIENTS} SSE clients, ${EVENTS} bus events (loopback, one server process)`,
      [
        ["delivery latency p50 (ms)", ms(pct(deliveries, 50))],
        ["delivery latency p99 (ms)", ms(pct(deliveries, 99))],
        ["all clients reached p50 (ms)", ms(pct(completions, 50))],
        ["all clients reached p99 (ms)", ms(pct(completions, 99))],
        ["server RSS before streams (MiB)", mib(before.rss)],
        ["server RSS with streams (MiB)", mib(open.rss)],
        ["server RSS after events (MiB)", mib(after.rss)],
        ["RSS per stream (KiB)", ((open.rss - before.rss) / 1024 / CLIENTS).toFixed(1)],
      ].map(([figure, value]) => ({ figure, value, load: load() })),
    );
    for (const req of requests) req.destroy();
    agent.destroy();
    await waitUntil(
      async () => (await ask({ type: "stats" })).streams === 0,
      30_000,
      "the streams to be forgotten",
    );
    log("every stream forgotten after the clients left");
  } finally {
    child.send({ type: "stop" });
    await new Promise((r) => child.once("exit", r));
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => {});
    await admin.end().catch(() => {});
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
