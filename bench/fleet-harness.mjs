// Shared parts of the fleet benchmarks (bench/agents.mjs, bench/jobs.mjs): one real server process
// on a throwaway PostgreSQL database, and the simulated fleet in separate processes
// (apps/agent/dist/sim/fleet-process.js, the agent's simulator driven over IPC), so that neither
// the fleet nor the benchmark shares the server's event loop.
import { execFile, fork, spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import pg from "pg";

export const root = fileURLToPath(new URL("..", import.meta.url));
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
export const pct = (sorted, p) =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
export const rssKiB = (pid) =>
  Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);
/** CPU time (user + system) a process has used so far, ms (Linux clock ticks of 10 ms). */
export const cpuMs = (pid) => {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
};
/** The machine's load when a figure was taken (the machine may be shared). */
export const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");

const serverMain = path.join(root, "apps/server/dist/main.js");
const fleetMain = path.join(root, "apps/agent/dist/sim/fleet-process.js");

export function requireBuild() {
  for (const file of [serverMain, fleetMain, path.join(root, "apps/server/dist/cli.js")]) {
    if (!fs.existsSync(file)) {
      console.error(`Missing ${path.relative(root, file)}. Build first: npx tsc -b`);
      process.exit(1);
    }
  }
}

export const freePort = () =>
  new Promise((resolve) => {
    const s = net.createServer();
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

export function log(message) {
  process.stderr.write(`[bench ${new Date().toISOString().slice(11, 19)} load ${load()}] ${message}\n`);
}

/**
 * A throwaway database on the machine's PostgreSQL (BENCH_DATABASE_URL or DATABASE_URL, else
 * postgres://postgres@127.0.0.1:5432/postgres) and one server process on it.
 * Extra `serverArgs` go to node (e.g. --cpu-prof).
 */
export async function startServer({ name, env: extraEnv = {}, serverArgs = [] }) {
  const baseUrl =
    process.env.BENCH_DATABASE_URL ??
    process.env.STEWARD_DATABASE_URL ??
    process.env.DATABASE_URL ??
    "postgres://postgres@127.0.0.1:5432/postgres";
  const dbName = `steward_bench_${name}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  const dbUrl = new URL(baseUrl);
  dbUrl.pathname = `/${dbName}`;
  const port = await freePort();
  const agentPort = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `steward-bench-${name}-`));
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
    ...extraEnv,
  };
  const child = spawn(process.execPath, ["--max-old-space-size=4096", ...serverArgs, serverMain], {
    env,
    cwd: dataDir,
    stdio: ["ignore", "ignore", "inherit"],
  });
  const exited = new Promise((r) => child.once("exit", r));
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null) throw new Error("the server exited at start");
    if (i > 600) throw new Error("server did not start");
    await sleep(100);
  }
  const db = new pg.Client({ connectionString: dbUrl.toString() });
  await db.connect();
  return {
    pid: child.pid,
    env,
    port,
    agentPort,
    dataDir,
    db,
    agentUrl: `http://127.0.0.1:${agentPort}`,
    async stop() {
      child.kill("SIGTERM");
      await exited;
      await db.end().catch(() => {});
      await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => {});
      await admin.end().catch(() => {});
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * `count` simulated agents spread over `processes` fleet processes. Each process enrolls its share
 * with bounded parallelism (the server's enrollment checks run for every device); connect() then
 * connects them all.
 * Enrollments use the `tokens` in turn: each token's use count is one row that every enrollment
 * with it locks, so one token alone makes enrollments queue.
 */
export async function startFleet({
  serverUrl,
  tokens,
  count,
  processes = 2,
  heartbeatSeconds = 3600,
  jobDurationMs = 20,
  enrollConcurrency = 16,
  onCommands = () => {},
}) {
  const shares = Array.from(
    { length: processes },
    (_, i) => Math.floor((count * (i + 1)) / processes) - Math.floor((count * i) / processes),
  ).filter((n) => n > 0);
  const workers = shares.map(() =>
    fork(fleetMain, [], { stdio: ["ignore", "inherit", "inherit", "ipc"], serialization: "advanced" }),
  );
  const waiters = workers.map(() => new Map());
  workers.forEach((w, i) => {
    w.on("message", (m) => {
      if (m.type === "commands") {
        onCommands(m.items);
        return;
      }
      if (m.type === "error") {
        for (const q of waiters[i].values())
          for (const { reject } of q.splice(0)) reject(new Error(m.message));
        return;
      }
      waiters[i].get(m.type)?.shift()?.resolve(m);
    });
    w.on("exit", (code) => {
      for (const q of waiters[i].values())
        for (const { reject } of q.splice(0)) reject(new Error(`fleet process exited (${code})`));
    });
  });
  const ask = (i, request, answer) =>
    new Promise((resolve, reject) => {
      const q = waiters[i].get(answer) ?? [];
      waiters[i].set(answer, q);
      q.push({ resolve, reject });
      workers[i].send(request);
    });
  const all = (request, answer) => Promise.all(workers.map((_, i) => ask(i, request, answer)));

  let offset = 0;
  const started = await Promise.all(
    shares.map((n, i) => {
      const request = {
        type: "start",
        serverUrl,
        token: tokens[0],
        moreTokens: tokens.slice(1),
        count: n,
        indexOffset: offset,
        seed: 1 + i,
        heartbeatSeconds,
        jobDurationMs,
        enrollConcurrency,
      };
      offset += n;
      return ask(i, request, "started");
    }),
  );
  const identities = started.flatMap((s) => s.identities);
  return {
    deviceIds: identities.map((s) => s.deviceId),
    enrollMs: Math.max(...started.map((s) => s.enrollMs)),
    processes: workers.length,
    /** Starts connecting every agent (enrollment only happened so far). */
    async connect() {
      await all({ type: "connect" }, "connecting");
    },
    pids: workers.map((w) => w.pid),
    async connectedCount() {
      return (await all({ type: "connected" }, "connected")).reduce((n, r) => n + r.count, 0);
    },
    /** Every agent sends one ping (the protocol's ping/pong), spread over `spreadMs`. */
    async pingRound(spreadMs) {
      await all({ type: "ping", spreadMs }, "pinged");
    },
    /** Every agent sends one metrics sample taken at `at` (ms), spread over `spreadMs`; messages sent. */
    async metricsRound(spreadMs, at) {
      return (await all({ type: "metrics", spreadMs, at }, "metricsSent")).reduce((n, r) => n + r.count, 0);
    },
    /**
     * Agents report one condition state change (`event`: key, state TRIGGERED/RESET/TOGGLE, at,
     * value): those of `deviceIds` at once, or the share `fraction` of every agent spread over
     * `spreadMs`. Answers the messages sent and, for `deviceIds`, [deviceId, sentAt] of each.
     */
    async conditionsRound({ event, deviceIds, fraction, spreadMs = 0 }) {
      // Targeted requests answer with their own type: a spread round may be under way meanwhile.
      const answers = await all(
        { type: "conditions", event, deviceIds, fraction, spreadMs },
        deviceIds ? "conditionsSentTo" : "conditionsSent",
      );
      return { count: answers.reduce((n, r) => n + r.count, 0), sent: answers.flatMap((r) => r.sent) };
    },
    /** How many agents run `version`, and the update counters (bytes, requests, installed, refused). */
    async updates(version) {
      const answers = await all({ type: "updates", version }, "updates");
      const sum = (k) => answers.reduce((n, r) => n + r.stats[k], 0);
      return {
        running: answers.reduce((n, r) => n + r.running, 0),
        bytes: sum("bytes"),
        requests: sum("requests"),
        installed: sum("installed"),
        refused: sum("refused"),
      };
    },
    /** How many conditions the agents report as triggered now. */
    async triggeredCount() {
      return (await all({ type: "triggered" }, "triggered")).reduce((n, r) => n + r.count, 0);
    },
    /** Round trips measured by the agents since the last call. */
    async rtts() {
      return (await all({ type: "rtts" }, "rtts")).flatMap((r) => r.rtts);
    },
    /** Stops `count` connected agents (spread over the processes); their device ids. */
    async kill(n) {
      const per = shares.map(
        (_, i) => Math.floor((n * (i + 1)) / shares.length) - Math.floor((n * i) / shares.length),
      );
      const answers = await Promise.all(per.map((k, i) => ask(i, { type: "kill", count: k }, "killed")));
      return answers.flatMap((a) => a.deviceIds);
    },
    rssKiB: () => workers.reduce((n, w) => n + rssKiB(w.pid), 0),
    async stop() {
      await Promise.all(
        workers.map(
          (w) =>
            new Promise((resolve) => {
              if (w.exitCode !== null) return resolve();
              w.once("exit", resolve);
              try {
                w.send({ type: "stop" });
              } catch {
                w.kill();
              }
              setTimeout(() => w.kill("SIGKILL"), 5000).unref();
            }),
        ),
      );
    },
  };
}

/**
 * `count` enrollment tokens for the organization, created with the server's CLI as an administrator
 * would: the first call creates the organization, the others (in parallel) find it.
 */
export async function createEnrollmentTokens(server, organization, count) {
  const createToken = async () =>
    (
      await promisify(execFile)(
        process.execPath,
        [
          path.join(root, "apps/server/dist/cli.js"),
          "create-enrollment-token",
          "--organization",
          organization,
        ],
        { env: server.env },
      )
    ).stdout.trim();
  const tokens = [await createToken()];
  tokens.push(...(await Promise.all(Array.from({ length: count - 1 }, createToken))));
  return tokens;
}

/** Enrolls `count` simulated agents with the server's agent URL (see startFleet), not yet connected. */
export async function enrollFleet(server, { tokens, count, processes }) {
  log(`enrolling ${count} simulated agents`);
  return startFleet({ serverUrl: server.agentUrl, tokens, count, processes });
}

/** Connects the whole fleet and waits until all `count` agents are; answers the milliseconds waited. */
export async function connectFleet(fleet, count) {
  await fleet.connect();
  return waitUntil(
    async () => (await fleet.connectedCount()) >= count,
    300_000,
    `all ${count} agents connected`,
    200,
  );
}

/**
 * Times `queries` chart requests GET /api/devices/:id/metrics?range=`range`, the device of the
 * i-th request being `pick(i)`; answers the sorted times (ms) and the points of the last chart.
 */
export async function timeChartQueries(client, { range, queries, pick }) {
  const times = [];
  let points = 0;
  for (let i = 0; i < queries; i++) {
    const t = performance.now();
    const body = await client.call("GET", `/api/devices/${pick(i)}/metrics?range=${range}`);
    times.push(performance.now() - t);
    points = body.times.length;
  }
  return { sorted: times.sort((a, b) => a - b), points };
}

/** Waits until `check()` is true (polling), or throws after `timeoutMs`. */
export async function waitUntil(check, timeoutMs, what, everyMs = 100) {
  const t = Date.now();
  while (!(await check())) {
    if (Date.now() - t > timeoutMs) throw new Error(`timed out: ${what}`);
    await sleep(everyMs);
  }
  return Date.now() - t;
}

/** Prints the figures as a table: figure, value, target, met/missed, load when measured. */
export function printTable(title, rows) {
  const header = ["figure", "value", "target", "", "load (1/5/15 min)"];
  const cells = rows.map((r) => [
    r.figure,
    r.value,
    r.target ?? "",
    r.met === undefined ? "" : r.met ? "MET" : "MISSED",
    r.load ?? "",
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => String(c[i]).length)));
  const line = (c) => `| ${c.map((v, i) => String(v).padEnd(widths[i])).join(" | ")} |`;
  console.log(`\n${title}`);
  console.log(line(header));
  console.log(`|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`);
  for (const c of cells) console.log(line(c));
}

/** The current TOTP code (RFC 6238, SHA-1, 6 digits, 30 s) of a base32 secret. */
export function totpCode(secret) {
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
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(Date.now() / 30000)));
  const mac = crypto.createHmac("sha1", Buffer.from(bytes)).update(counter).digest();
  const o = mac[mac.length - 1] & 15;
  const code = ((mac[o] & 127) << 24) | (mac[o + 1] << 16) | (mac[o + 2] << 8) | mac[o + 3];
  return String(code % 1e6).padStart(6, "0");
}

/**
 * A console client of a fresh server: sets up the first administrator, enrolls TOTP and keeps
 * the session cookie and CSRF token. `call(method, url, body)` answers the parsed JSON.
 */
export async function consoleClient(port) {
  const session = { cookie: "", csrf: "" };
  const call = async (method, url, body) => {
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
  };
  await call("POST", "/api/setup", {
    email: "bench@example.test",
    password: "benchmark passphrase 1",
    firstName: "Bench",
    lastName: "Mark",
  });
  const { secret } = await call("POST", "/api/auth/mfa/totp/enroll");
  await call("POST", "/api/auth/mfa/totp/confirm", { code: totpCode(secret) });
  return { call };
}
