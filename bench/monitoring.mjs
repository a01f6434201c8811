// Monitoring benchmark (issue 9): N simulated agents (default 10,000) connect over the real
// protocol to one real server process on a throwaway PostgreSQL database. A technician's policy
// with two conditions is created and assigned through the API before they connect, so every agent
// is delivered it. Prints
//   - ingest at the production rate: every agent sends a metrics sample once a minute (spread over
//     the minute, as real agents are) and a share of them report a condition state change; server
//     CPU and RSS, samples/s and condition events/s stored; then the same compressed in time
//     (--burst-minutes minutes, each lasting --burst-minute-ms) for the capacity
//   - alert-open latency while that load runs: a sample of agents each report a TRIGGERED event,
//     and GET /api/alerts is polled until the alert is there (target p99 < 2 s)
//   - chart query p50/p95 of GET /api/devices/:id/metrics for 30 days (hourly rollups) of one
//     device, with 30 days of 5-minute and a year of hourly rollups stored for --rollup-devices
//     devices (target p95 < 100 ms), for the same device again and again and for a different
//     device each time
// The rollups are seeded straight into metric_rollups with generate_series while the server is
// stopped, in time order as the rollup job writes them (so one device's rows are spread over the
// table as in production). To keep 174 million rows within minutes the table is made UNLOGGED for
// the seed and its two indexes are dropped and built again afterwards, with the names and columns
// the migration gives them; reading an unlogged table costs the same.
// Usage: npm run bench:monitoring -- [--agents N] [--fleet-processes N] [--minutes N]
//   [--event-share F] [--burst-minutes N] [--burst-minute-ms MS] [--alert-samples N]
//   [--rollup-devices N] [--seed-connections N] [--queries N] [--skip-rollups]
import fs from "node:fs";
import path from "node:path";
import { spawn } from "node:child_process";
import { parseArgs } from "node:util";
import pg from "pg";
import {
  connectFleet,
  consoleClient,
  cpuMs,
  createEnrollmentTokens,
  enrollFleet,
  load,
  log,
  pct,
  printTable,
  requireBuild,
  root,
  rssKiB,
  sleep,
  startServer,
  timeChartQueries,
  waitUntil,
} from "./fleet-harness.mjs";

const { values } = parseArgs({
  options: {
    agents: { type: "string", default: "10000" },
    "fleet-processes": { type: "string", default: "2" },
    tokens: { type: "string", default: "8" },
    minutes: { type: "string", default: "3" },
    "event-share": { type: "string", default: "0.02" },
    "burst-minutes": { type: "string", default: "3" },
    "burst-minute-ms": { type: "string", default: "6000" },
    "burst-event-share": { type: "string", default: "0.1" },
    "alert-samples": { type: "string", default: "300" },
    "rollup-devices": { type: "string", default: "10000" },
    "seed-connections": { type: "string", default: "2" },
    queries: { type: "string", default: "200" },
    "skip-rollups": { type: "boolean", default: false },
  },
});
const N = Number(values.agents);
const MINUTES = Number(values.minutes);
const EVENT_SHARE = Number(values["event-share"]);
const BURST_MINUTES = Number(values["burst-minutes"]);
const BURST_MINUTE_MS = Number(values["burst-minute-ms"]);
const BURST_EVENT_SHARE = Number(values["burst-event-share"]);
const ALERT_SAMPLES = Math.min(Number(values["alert-samples"]), N);
const ROLLUP_DEVICES = Number(values["rollup-devices"]);
const SEED_CONNECTIONS = Number(values["seed-connections"]);
const QUERIES = Number(values.queries);
requireBuild();

/** Conditions of the bench policy: one the fleet toggles in the background, one for the latency sample. */
const LOAD_KEY = "bench-cpu";
const PROBE_KEY = "bench-disk";
const conditions = {
  [LOAD_KEY]: {
    name: "Bench CPU above 90 %",
    check: { kind: "cpu", comparator: "GT", value: 90, resetValue: 80, durationSeconds: 300 },
    severity: "MAJOR",
    priority: "MEDIUM",
  },
  [PROBE_KEY]: {
    name: "Bench disk almost full",
    check: { kind: "diskFree", unit: "PERCENT", comparator: "LT", value: 10, resetValue: 15 },
    severity: "CRITICAL",
    priority: "HIGH",
  },
};

/** The policy class of a built-in device role (custom roles get none here). */
function classOfRole(role) {
  if (!role.roleKey) return null;
  if (role.osFamily === "MAC") return "MAC";
  const server = role.roleKey.endsWith("_SERVER");
  if (role.osFamily === "WINDOWS") return server ? "WINDOWS_SERVER" : "WINDOWS_WORKSTATION";
  if (role.osFamily === "LINUX") return server ? "LINUX_SERVER" : "LINUX_WORKSTATION";
  return null;
}

const benchStart = Date.now();
const server = await startServer({ name: "monitoring" });
let serverPid = server.pid;
let restarted;
let fleet;
const rows = [];
try {
  const client = await consoleClient(server.port);
  const tokens = await createEnrollmentTokens(server, "Bench monitoring", Number(values.tokens));

  // The technician's part: a policy per device class (child of the class's Default) holding the
  // conditions, assigned to the organization for every built-in device role.
  const organization = (await client.call("GET", "/api/organizations?pageSize=100")).items.find(
    (o) => o.name === "Bench monitoring",
  );
  const defaults = (await client.call("GET", "/api/policies")).items.filter((p) => p.isDefault);
  const assignments = (await client.call("GET", `/api/organizations/${organization.id}/policy-assignments`))
    .items;
  const policyOfClass = new Map();
  for (const role of assignments) {
    const deviceClass = classOfRole(role);
    if (!deviceClass || policyOfClass.has(deviceClass)) continue;
    const parent = defaults.find((p) => p.deviceClass === deviceClass);
    const created = await client.call("POST", "/api/policies", {
      name: `Bench monitoring ${deviceClass}`,
      deviceClass,
      parentId: parent?.id ?? null,
      items: { conditions },
    });
    policyOfClass.set(deviceClass, created.id);
  }
  await client.call("PUT", `/api/organizations/${organization.id}/policy-assignments`, {
    assignments: assignments
      .filter((r) => policyOfClass.has(classOfRole(r)))
      .map((r) => ({ roleId: r.roleId, policyId: policyOfClass.get(classOfRole(r)) })),
  });
  log(`policies with 2 conditions assigned for ${policyOfClass.size} device classes`);

  fleet = await enrollFleet(server, { tokens, count: N, processes: Number(values["fleet-processes"]) });
  log(`enrolled in ${(fleet.enrollMs / 1000).toFixed(0)} s; connecting`);
  await connectFleet(fleet, N);
  const appliedCount = async () =>
    (await server.db.query("select count(*)::int as n from device_policy_states where version is not null"))
      .rows[0].n;
  const policyWait = await waitUntil(
    async () => (await appliedCount().catch(() => N)) >= N,
    300_000,
    "every agent acknowledged its policy",
    500,
  ).catch((err) => {
    log(`${err.message}; continuing`);
    return NaN;
  });
  log(`every agent holds its policy (${(policyWait / 1000).toFixed(1)} s after connecting)`);
  await sleep(2000);

  const alertsAvailable = await client
    .call("GET", "/api/alerts?pageSize=1")
    .then(() => true)
    .catch((err) => {
      log(`GET /api/alerts is not available (${err.message.slice(0, 80)}): alert figures skipped`);
      return false;
    });
  const openAlerts = async () => (await client.call("GET", "/api/alerts?status=OPEN&pageSize=1")).total;
  const samplesStored = async () =>
    (await server.db.query("select count(*)::int as n from metric_samples")).rows[0].n;

  /**
   * One load phase: `minutes` rounds of `minuteMs`, each every agent sending one sample and the
   * share `eventShare` of them toggling the load condition, both spread over the round. Answers
   * what was sent and stored, server CPU and RSS.
   */
  async function loadPhase({ minutes, minuteMs, eventShare, during }) {
    const samplesBefore = await samplesStored();
    const cpuBefore = cpuMs(serverPid);
    const rssBefore = rssKiB(serverPid);
    let rssPeak = rssBefore;
    const rssTimer = setInterval(() => (rssPeak = Math.max(rssPeak, rssKiB(serverPid))), 500);
    const start = Date.now();
    let samples = 0;
    let events = 0;
    const background = (async () => {
      for (let m = 0; m < minutes; m++) {
        const roundStart = Date.now();
        const at = Math.floor(roundStart / 1000) * 1000;
        const [sent, toggled] = await Promise.all([
          fleet.metricsRound(minuteMs, at),
          eventShare > 0 && alertsAvailable
            ? fleet.conditionsRound({
                event: { key: LOAD_KEY, state: "TOGGLE", at, value: 95, detail: "CPU 95 %" },
                fraction: eventShare,
                spreadMs: minuteMs,
              })
            : { count: 0 },
        ]);
        samples += sent;
        events += toggled.count;
        const left = minuteMs - (Date.now() - roundStart);
        if (left > 0) await sleep(left);
      }
    })();
    const probe = await (during?.() ?? null);
    await background;
    const sentElapsed = (Date.now() - start) / 1000;
    // Drained: every sample stored, and every alert the agents hold open visible as open.
    await waitUntil(
      async () => (await samplesStored()) - samplesBefore >= samples,
      180_000,
      `all ${samples} samples stored`,
      250,
    );
    const elapsed = (Date.now() - start) / 1000;
    const cpu = (cpuMs(serverPid) - cpuBefore) / 10 / elapsed;
    clearInterval(rssTimer);
    let alertsDrainS = NaN;
    if (alertsAvailable) {
      const expected = await fleet.triggeredCount();
      await waitUntil(async () => (await openAlerts()) === expected, 180_000, `${expected} open alerts`, 250);
      alertsDrainS = (Date.now() - start) / 1000 - sentElapsed;
    }
    const stored = (await samplesStored()) - samplesBefore;
    return { samples, stored, events, elapsed, sentElapsed, alertsDrainS, cpu, rssBefore, rssPeak, probe };
  }

  /** Alert-open latency: one agent at a time reports TRIGGERED; the API is polled until it shows the alert. */
  async function alertProbe(deviceIds, paceMs) {
    const latencies = [];
    let missing = 0;
    for (const deviceId of deviceIds) {
      const t = Date.now();
      const { sent } = await fleet.conditionsRound({
        event: { key: PROBE_KEY, state: "TRIGGERED", at: Date.now(), value: 4, detail: "/ 4 % free" },
        deviceIds: [deviceId],
      });
      if (sent.length === 0) {
        missing++;
        continue;
      }
      const sentAt = sent[0][1];
      let seenAt;
      while (Date.now() - sentAt < 30_000) {
        const list = await client.call("GET", `/api/alerts?status=OPEN&deviceId=${deviceId}`);
        if (list.items.some((a) => a.condition.key === PROBE_KEY)) {
          seenAt = Date.now();
          break;
        }
        await sleep(20);
      }
      if (seenAt === undefined) missing++;
      else latencies.push(seenAt - sentAt);
      const left = paceMs - (Date.now() - t);
      if (left > 0) await sleep(left);
    }
    return { sorted: latencies.sort((a, b) => a - b), missing };
  }

  const describeLoad = (label, r, minuteMs) => {
    const drain = r.elapsed - r.sentElapsed;
    rows.push(
      {
        figure: `${label}: metrics ingest`,
        value: `${(r.stored / r.elapsed).toFixed(0)} samples/s (${r.stored} of ${r.samples} stored in ${r.elapsed.toFixed(1)} s, ${drain.toFixed(1)} s after the last was sent; offered ${((N / minuteMs) * 1000).toFixed(0)}/s)`,
        target: "all stored < 5 s after the last send",
        met: r.stored >= r.samples && drain < 5,
        load: load(),
      },
      {
        figure: `${label}: condition events`,
        value: alertsAvailable
          ? `${(r.events / r.sentElapsed).toFixed(1)} events/s (${r.events} TRIGGERED/RESET; the open alerts matched the agents' state ${r.alertsDrainS.toFixed(1)} s after the last was sent)`
          : "not measured (no alerts API)",
        load: load(),
      },
      {
        figure: `${label}: server CPU`,
        value: `${r.cpu.toFixed(0)} % of one core (average over ${r.elapsed.toFixed(0)} s)`,
        load: load(),
      },
      {
        figure: `${label}: server RSS`,
        value: `${(r.rssBefore / 1024).toFixed(0)} MiB before, ${(r.rssPeak / 1024).toFixed(0)} MiB peak`,
        load: load(),
      },
    );
  };

  // 1 + 2: production rate, with the alert-open latency sampled meanwhile.
  const probeDevices = [...fleet.deviceIds].sort(() => Math.random() - 0.5).slice(0, ALERT_SAMPLES);
  log(
    `production rate for ${MINUTES} min: ${N} agents, a sample a minute each, ${(EVENT_SHARE * 100).toFixed(0)} % toggle a condition a minute` +
      (alertsAvailable ? `; alert-open latency of ${ALERT_SAMPLES} agents meanwhile` : ""),
  );
  const production = await loadPhase({
    minutes: MINUTES,
    minuteMs: 60_000,
    eventShare: EVENT_SHARE,
    during: alertsAvailable
      ? () => alertProbe(probeDevices, Math.max(50, (MINUTES * 60_000 * 0.9) / ALERT_SAMPLES))
      : undefined,
  });
  describeLoad("production rate (60 s interval)", production, 60_000);
  if (production.probe) {
    const { sorted, missing } = production.probe;
    rows.push({
      figure: "alert open: agent event → visible in GET /api/alerts",
      value: `p50 ${pct(sorted, 50)} ms, p95 ${pct(sorted, 95)} ms, p99 ${pct(sorted, 99)} ms, max ${sorted.at(-1)} ms (${sorted.length} alerts${missing ? `, ${missing} never seen` : ""})`,
      target: "p99 < 2000 ms",
      met: missing === 0 && pct(sorted, 99) < 2000,
      load: load(),
    });
  }
  if (BURST_MINUTES > 0) {
    log(`compressed: ${BURST_MINUTES} minutes of the fleet's traffic, each in ${BURST_MINUTE_MS} ms`);
    const burst = await loadPhase({
      minutes: BURST_MINUTES,
      minuteMs: BURST_MINUTE_MS,
      eventShare: BURST_EVENT_SHARE,
    });
    describeLoad(`compressed ${(60_000 / BURST_MINUTE_MS).toFixed(0)}x`, burst, BURST_MINUTE_MS);
  }
  await fleet.stop();
  fleet = undefined;

  // 3: a year of rollups, then the chart queries.
  if (!values["skip-rollups"]) {
    const ids = (
      await server.db.query("select id from devices order by id limit $1", [ROLLUP_DEVICES])
    ).rows.map((r) => r.id);
    log(`stopping the server to seed rollups of ${ids.length} devices`);
    process.kill(serverPid, "SIGTERM");
    await waitUntil(async () => !fs.existsSync(`/proc/${serverPid}`), 60_000, "server stopped", 100);
    const seed = await seedRollups(server.env.DATABASE_URL, ids);
    rows.push({
      figure: `rollups stored: ${ids.length} devices, 30 days of 5-minute + a year of hourly`,
      value: `${seed.rows.toLocaleString("en")} rows, table ${seed.table}, indexes ${seed.indexes}; seeded in ${seed.seedS.toFixed(0)} s + indexes ${seed.indexS.toFixed(0)} s`,
      load: load(),
    });
    restarted = await restartServer(server);
    serverPid = restarted.pid;
    const device = ids[Math.floor(ids.length / 2)];
    const spread = [...ids].sort(() => Math.random() - 0.5);
    for (const [range, label, pick] of [
      ["30d", "one device, again and again", () => device],
      ["30d", "a different device each time", (i) => spread[i % spread.length]],
      ["24h", "a different device each time", (i) => spread[(i + QUERIES) % spread.length]],
    ]) {
      const { sorted, points } = await timeChartQueries(client, { range, queries: QUERIES, pick });
      rows.push({
        figure: `chart query ${range} (${points} points), ${label}`,
        value: `p50 ${pct(sorted, 50).toFixed(1)} ms, p95 ${pct(sorted, 95).toFixed(1)} ms, max ${sorted.at(-1).toFixed(1)} ms (${QUERIES} requests)`,
        target: "p95 < 100 ms",
        met: pct(sorted, 95) < 100,
        load: load(),
      });
    }
    const plan = (
      await restarted.db.query(
        `explain (analyze, buffers, format json) select * from metric_rollups where device_id = $1
           and resolution = 3600 and bucket >= now() - interval '30 days' - interval '1 hour' order by bucket`,
        [spread[spread.length - 1]],
      )
    ).rows[0]["QUERY PLAN"][0];
    rows.push({
      figure: "plan of the 30-day rollup query (a device not read before)",
      value: `${plan.Plan["Node Type"]} on ${plan.Plan["Index Name"] ?? "?"}: ${plan.Plan["Actual Rows"]} rows, ${plan.Plan["Shared Hit Blocks"]} blocks from shared buffers, ${plan.Plan["Shared Read Blocks"]} read, ${plan["Execution Time"].toFixed(1)} ms`,
      load: load(),
    });
    // The database's part of a 30-day chart: the repository's query alone, a different device each time.
    const dbTimes = [];
    for (let i = 0; i < QUERIES; i++) {
      const t = performance.now();
      await restarted.db.query(
        `select * from metric_rollups where device_id = $1 and resolution = 3600
           and bucket >= now() - interval '30 days' - interval '1 hour' order by bucket`,
        [spread[(i + 2 * QUERIES) % spread.length]],
      );
      dbTimes.push(performance.now() - t);
    }
    dbTimes.sort((a, b) => a - b);
    rows.push({
      figure: "of which the database: the 30-day rollup query, a different device each time",
      value: `p50 ${pct(dbTimes, 50).toFixed(1)} ms, p95 ${pct(dbTimes, 95).toFixed(1)} ms, max ${dbTimes.at(-1).toFixed(1)} ms`,
      load: load(),
    });
  }
  printTable(`Monitoring benchmark, ${N} agents (${((Date.now() - benchStart) / 1000).toFixed(0)} s)`, rows);
} finally {
  await fleet?.stop();
  if (restarted) await restarted.stop();
  await server.stop();
}

/**
 * Seeds 30 days of 5-minute and a year of hourly rollups for `ids` on `seedConnections`
 * connections, a time slice at a time: within a slice bucket after bucket, every device's row of a
 * bucket together, as the rollup job writes them. Answers the rows, sizes and times.
 */
async function seedRollups(databaseUrl, ids) {
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  const perDevice = 30 * 288 + 365 * 24;
  const estimate = ids.length * perDevice * 320;
  log(
    `seeding ${(ids.length * perDevice).toLocaleString("en")} rollup rows (about ${(estimate / 2 ** 30).toFixed(0)} GiB) on ${SEED_CONNECTIONS} connections`,
  );
  // What the bench's ingest rolled up would collide with the seeded buckets.
  await admin.query("truncate metric_rollups");
  await admin.query("alter table metric_rollups set unlogged");
  await admin.query(
    "alter table metric_rollups drop constraint metric_rollups_device_id_resolution_bucket_pk",
  );
  await admin.query("drop index metric_rollups_resolution_bucket_idx");
  const now = Date.now();
  const slices = [];
  // Newest first, so a stopped seed still leaves the recent buckets the charts read.
  for (const [resolution, days, sliceHours] of [
    [300, 30, 2],
    [3600, 365, 24],
  ]) {
    const step = resolution * 1000;
    const end = Math.floor(now / step) * step;
    const start = end - days * 86_400_000;
    for (let to = end; to > start; to -= sliceHours * 3_600_000)
      slices.push({ resolution, from: Math.max(start, to - sliceHours * 3_600_000), to });
  }
  slices.sort((a, b) => b.to - a.to);
  // One filesystem per device; the same value in every row keeps the seed cheap (a constant).
  const diskOf = (resolution) => [{ m: "/", min: 4e10, avg: 5e10, max: 6e10, t: 1e11, n: resolution / 60 }];
  const seedStart = Date.now();
  let next = 0;
  let done = 0;
  let lastLog = Date.now();
  await Promise.all(
    Array.from({ length: SEED_CONNECTIONS }, async () => {
      const c = new pg.Client({ connectionString: databaseUrl });
      await c.connect();
      try {
        while (next < slices.length) {
          const s = slices[next++];
          await c.query(
            `insert into metric_rollups (device_id, resolution, bucket, organization_id, samples, cpu_min, cpu_avg,
               cpu_max, memory_used_min, memory_used_avg, memory_used_max, memory_total_max, network_in_min,
               network_in_avg, network_in_max, network_out_min, network_out_avg, network_out_max, disks)
             select d.id, $1::smallint, b, d.organization_id, $1 / 60, 2, 10 + random() * 40, 95, 2e9,
                    3e9 + random() * 2e9, 6e9, 8e9, 0, random() * 2e5, 1e6, 0, random() * 4e4, 2e5, $5::jsonb
             from generate_series(to_timestamp($2 / 1000.0), to_timestamp($3 / 1000.0) - make_interval(secs => $1),
                                  make_interval(secs => $1)) b
             cross join lateral (select id, organization_id from devices where id = any($4)) d`,
            [s.resolution, s.from, s.to, ids, JSON.stringify(diskOf(s.resolution))],
          );
          done++;
          if (Date.now() - lastLog > 30_000) {
            lastLog = Date.now();
            log(`seeded ${done}/${slices.length} slices`);
          }
        }
      } finally {
        await c.end();
      }
    }),
  );
  const seedS = (Date.now() - seedStart) / 1000;
  log(`seeded in ${seedS.toFixed(0)} s; building the indexes`);
  const indexStart = Date.now();
  // Both indexes at once (each takes a lock the other allows); the primary key then adopts its index.
  await Promise.all(
    [
      "create unique index metric_rollups_device_id_resolution_bucket_pk on metric_rollups using btree (device_id, resolution, bucket)",
      "create index metric_rollups_resolution_bucket_idx on metric_rollups using btree (resolution, bucket)",
    ].map(async (statement) => {
      const c = new pg.Client({ connectionString: databaseUrl });
      await c.connect();
      try {
        await c.query("set maintenance_work_mem = '1GB'");
        await c.query(statement);
      } finally {
        await c.end();
      }
    }),
  );
  await admin.query(
    "alter table metric_rollups add constraint metric_rollups_device_id_resolution_bucket_pk primary key using index metric_rollups_device_id_resolution_bucket_pk",
  );
  await admin.query("analyze metric_rollups");
  const indexS = (Date.now() - indexStart) / 1000;
  const sizes = (
    await admin.query(
      `select (select count(*) from metric_rollups)::bigint as rows,
              pg_size_pretty(pg_table_size('metric_rollups')) as table,
              pg_size_pretty(pg_indexes_size('metric_rollups')) as indexes`,
    )
  ).rows[0];
  await admin.end();
  return { rows: Number(sizes.rows), table: sizes.table, indexes: sizes.indexes, seedS, indexS };
}

/** Starts the server again on the same database and ports (after the seed). */
async function restartServer(first) {
  const child = spawn(
    process.execPath,
    ["--max-old-space-size=4096", path.join(root, "apps/server/dist/main.js")],
    { env: first.env, cwd: first.dataDir, stdio: ["ignore", "ignore", "inherit"] },
  );
  const exited = new Promise((r) => child.once("exit", r));
  await waitUntil(
    async () => {
      if (child.exitCode !== null) throw new Error("the server exited at start");
      return (await fetch(`http://127.0.0.1:${first.port}/api/health`).catch(() => undefined))?.ok === true;
    },
    120_000,
    "server restarted",
    100,
  );
  const db = new pg.Client({ connectionString: first.env.DATABASE_URL });
  await db.connect();
  return {
    pid: child.pid,
    db,
    async stop() {
      await db.end().catch(() => {});
      child.kill("SIGTERM");
      await exited;
    },
  };
}
