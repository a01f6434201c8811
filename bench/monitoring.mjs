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
// The rollups are seeded straight into metric_rollup_packs (one row per device and hour of
// 5-minute buckets, per device and day of hourly ones) while the server is stopped, period after
// period for every device, as the rollup job writes them (so one device's rows are spread over the
// table as in production). For the seed the table is UNLOGGED and its two indexes are dropped and
// built again afterwards, with the names and columns the migration gives them; reading an unlogged
// table costs the same.
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
      value: `${seed.rows.toLocaleString("en")} packed rows, table ${seed.table} (of which TOAST ${seed.toast}), indexes ${seed.indexes}; seeded in ${seed.seedS.toFixed(0)} s + indexes ${seed.indexS.toFixed(0)} s`,
      load: load(),
    });
    restarted = await restartServer(server);
    serverPid = restarted.pid;
    // The restarted server's first rollup passes (a day of raw samples, two days of hours) run
    // first; the chart queries are timed on a quiet database.
    const quiet = await waitUntil(
      async () =>
        Number(
          (
            await restarted.db.query(
              `select count(*)::int as n from pg_stat_activity
               where datname = current_database() and state = 'active' and pid <> pg_backend_pid()`,
            )
          ).rows[0].n,
        ) === 0,
      600_000,
      "first rollup passes done",
      500,
    );
    log(`database quiet ${(quiet / 1000).toFixed(0)} s after the restart`);
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
    for (const [resolution, label, device] of [
      [3600, "30-day", spread[spread.length - 1]],
      [300, "24-hour", spread[spread.length - 2]],
    ]) {
      const plan = (
        await restarted.db.query(`explain (analyze, buffers, format json) ${chartQuery(resolution)}`, [
          device,
        ])
      ).rows[0]["QUERY PLAN"][0];
      const scan = findNode(plan.Plan, (n) => n["Index Name"] !== undefined);
      rows.push({
        figure: `plan of the ${label} rollup query (a device not read before)`,
        value: `${scan?.["Node Type"] ?? "?"} on ${scan?.["Index Name"] ?? "?"}: ${scan?.["Actual Rows"] ?? "?"} packed rows, ${plan.Plan["Actual Rows"]} buckets; ${plan.Plan["Shared Hit Blocks"]} blocks from shared buffers, ${plan.Plan["Shared Read Blocks"]} read (heap, TOAST and index), ${plan["Execution Time"].toFixed(1)} ms`,
        load: load(),
      });
    }
    // The database's part of a 30-day chart: the repository's query alone, a different device each time.
    const dbTimes = [];
    for (let i = 0; i < QUERIES; i++) {
      const t = performance.now();
      await restarted.db.query(chartQuery(3600), [spread[(i + 2 * QUERIES) % spread.length]]);
      dbTimes.push(performance.now() - t);
    }
    dbTimes.sort((a, b) => a - b);
    rows.push({
      figure: "of which the database: the 30-day rollup query, a different device each time",
      value: `p50 ${pct(dbTimes, 50).toFixed(1)} ms, p95 ${pct(dbTimes, 95).toFixed(1)} ms, max ${dbTimes.at(-1).toFixed(1)} ms`,
      load: load(),
    });
    rows.push(...(await timeRollupPasses(server.env.DATABASE_URL, restarted.db)));
  }
  printTable(`Monitoring benchmark, ${N} agents (${((Date.now() - benchStart) / 1000).toFixed(0)} s)`, rows);
} finally {
  await fleet?.stop();
  if (restarted) await restarted.stop();
  await server.stop();
}

/** The repository's chart query (GET /api/devices/:id/metrics) for 30 days (3600) or 24 hours (300); $1 the device. */
function chartQuery(resolution) {
  const period = resolution === 300 ? 3600 : 86_400;
  const from =
    resolution === 300 ? "now() - interval '24 hours 5 minutes'" : "now() - interval '30 days 1 hour'";
  const series = [
    "samples",
    "cpu_min",
    "cpu_avg",
    "cpu_max",
    "memory_used_min",
    "memory_used_avg",
    "memory_used_max",
    "memory_total_max",
    "network_in_min",
    "network_in_avg",
    "network_in_max",
    "network_out_min",
    "network_out_avg",
    "network_out_max",
  ];
  return `select * from (select p.device_id, p.organization_id,
      p.period + (u.i - 1) * interval '${resolution} seconds' as bucket, ${series.map((c) => `u.${c}`).join(", ")},
      coalesce(u.disks, '[]'::jsonb) as disks
    from metric_rollup_packs p cross join lateral unnest(${series.map((c) => `p.${c}`).join(", ")},
      array(select jsonb_array_elements(p.disks))) with ordinality as u(${series.join(", ")}, disks, i)
    where p.resolution = ${resolution} and u.samples is not null and p.device_id = $1
      and p.period >= date_bin('${period} seconds', ${from}, timestamptz '1970-01-01 00:00:00+00')) r
    where r.bucket >= ${from} order by r.bucket`;
}

/**
 * The cost of writing into the packs: the rollup job's usual passes (the repository's own code,
 * from the server's build) over the production-rate minute of samples, among the seeded year. A
 * 5-minute pass merges every device's buckets of that minute into its packed hour; an hourly pass
 * reads two packed hours of every device and merges the hours into its packed day. Each runs twice
 * (the second time everything it writes is there already, as when the job repeats a pass).
 */
async function timeRollupPasses(databaseUrl, db) {
  const { createMetricsRepository } = await import(
    path.join(root, "apps/server/dist/modules/metrics/metrics.repository.js")
  );
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  const out = [];
  try {
    const repo = createMetricsRepository(drizzle(pool));
    const { first, last, n } = (
      await db.query("select min(at) as first, max(at) as last, count(*)::int as n from metric_samples")
    ).rows[0];
    if (n === 0) return out;
    const five = 300_000;
    const hour = 3_600_000;
    const windows = [
      [
        "5-minute",
        "rollupFiveMinutes",
        Math.floor(first.getTime() / five) * five,
        Math.floor(last.getTime() / five) * five + five,
      ],
      [
        "hourly",
        "rollupHours",
        Math.floor(first.getTime() / hour) * hour - hour,
        Math.floor(last.getTime() / hour) * hour + hour,
      ],
    ];
    for (const [label, pass, from, to] of windows) {
      const times = [];
      for (let i = 0; i < 2; i++) {
        const t = performance.now();
        await repo[pass]({ from: new Date(from), to: new Date(to) });
        times.push(performance.now() - t);
      }
      out.push({
        figure: `${label === "hourly" ? "an" : "a"} ${label} rollup pass over every device (${n.toLocaleString("en")} samples of one minute)`,
        value: `${(times[0] / 1000).toFixed(1)} s, again ${(times[1] / 1000).toFixed(1)} s (window ${new Date(from).toISOString().slice(11, 16)}–${new Date(to).toISOString().slice(11, 16)} UTC)`,
        load: load(),
      });
    }
  } finally {
    await pool.end();
  }
  return out;
}

/** The first node of a plan tree that `test` accepts. */
function findNode(node, test) {
  if (test(node)) return node;
  for (const child of node.Plans ?? []) {
    const found = findNode(child, test);
    if (found) return found;
  }
  return undefined;
}

/**
 * Seeds 30 days of 5-minute and a year of hourly rollups for `ids` on `seedConnections`
 * connections, packed as the rollup job stores them: a period at a time (an hour of 5-minute
 * buckets, a day of hourly ones), every device's row of that period together, newest first.
 * Answers the rows, sizes and times.
 */
async function seedRollups(databaseUrl, ids) {
  const admin = new pg.Client({ connectionString: databaseUrl });
  // A failed seed drops the database: the error that caused it is the one to report.
  admin.on("error", () => {});
  await admin.connect();
  const perDevice = 30 * 24 + 1 + 365 + 1;
  log(
    `seeding ${(ids.length * perDevice).toLocaleString("en")} packed rollup rows (${(ids.length * (30 * 288 + 365 * 24)).toLocaleString("en")} buckets) on ${SEED_CONNECTIONS} connections`,
  );
  // What the bench's ingest rolled up would collide with the seeded periods.
  await admin.query("truncate metric_rollup_packs, metric_rollups");
  await admin.query("alter table metric_rollup_packs set unlogged");
  await admin.query(
    "alter table metric_rollup_packs drop constraint metric_rollup_packs_device_id_resolution_period_pk",
  );
  await admin.query("drop index metric_rollup_packs_resolution_period_idx");
  const now = Date.now();
  const periods = [];
  for (const [resolution, periodMs, count] of [
    [300, 3_600_000, 30 * 24],
    [3600, 86_400_000, 365],
  ]) {
    // The newest period is the one still filling (now's); the oldest ends past the retention.
    const newest = Math.floor(now / periodMs) * periodMs;
    for (let k = 0; k <= count; k++) periods.push({ resolution, start: newest - k * periodMs, periodMs });
  }
  periods.sort((a, b) => b.start + b.periodMs - (a.start + a.periodMs));
  // The series come from a pool of random arrays (a different one per device and period), so the
  // seed stays cheap while every row holds values that compress no better than real ones.
  const POOL = 997;
  const seedStart = Date.now();
  let next = 0;
  let done = 0;
  let lastLog = Date.now();
  await Promise.all(
    Array.from({ length: SEED_CONNECTIONS }, async () => {
      const c = new pg.Client({ connectionString: databaseUrl });
      c.on("error", () => {});
      await c.connect();
      try {
        // Values as a real device's vary: min <= avg <= max per bucket, two filesystems. Arrays
        // of random numbers hardly compress, so the rows have the size real ones have.
        const arr = (expr, type) =>
          `array(select (${expr} + 0 * k)::${type} from generate_series(1, r.n)) as`;
        await c.query(`create temp table pool as
          select r.resolution, k,
                 ${arr("random() * 10", "real")} cpu_min, ${arr("10 + random() * 40", "real")} cpu_avg,
                 ${arr("50 + random() * 50", "real")} cpu_max,
                 ${arr("2e9 + random() * 1e9", "float8")} mu_min, ${arr("3e9 + random() * 2e9", "float8")} mu_avg,
                 ${arr("5e9 + random() * 3e9", "float8")} mu_max,
                 ${arr("random() * 1e4", "float8")} ni_min, ${arr("random() * 2e5", "float8")} ni_avg,
                 ${arr("2e5 + random() * 1e6", "float8")} ni_max,
                 ${arr("random() * 1e3", "float8")} no_min, ${arr("random() * 4e4", "float8")} no_avg,
                 ${arr("4e4 + random() * 2e5", "float8")} no_max,
                 (select jsonb_agg(jsonb_build_array(
                    jsonb_build_object('m', '/', 'min', 4e10 + random() * 1e9, 'avg', 4.1e10 + random() * 1e9,
                                       'max', 4.2e10 + random() * 1e9, 't', 1e11, 'n', r.resolution / 60 + 0 * i),
                    jsonb_build_object('m', '/data', 'min', 1e11 + random() * 1e10, 'avg', 1.1e11 + random() * 1e10,
                                       'max', 1.2e11 + random() * 1e10, 't', 4e11, 'n', r.resolution / 60 + 0 * i)))
                  from generate_series(1, r.n) i where k >= 0) as disks
          from (values (300, 12), (3600, 24)) r(resolution, n) cross join generate_series(0, ${POOL - 1}) k`);
        await c.query("create index on pool (resolution, k)");
        while (next < periods.length) {
          const s = periods[next++];
          const n = s.periodMs / 1000 / s.resolution;
          // The newest period holds only the buckets that have ended; the later ones are empty (null).
          const ended = Math.min(n, Math.floor((now - s.start) / 1000 / s.resolution));
          const fill = (v) => Array.from({ length: n }, (_, i) => (i < ended ? v : null));
          await c.query(
            `insert into metric_rollup_packs (device_id, resolution, period, organization_id, samples, cpu_min,
               cpu_avg, cpu_max, memory_used_min, memory_used_avg, memory_used_max, memory_total_max,
               network_in_min, network_in_avg, network_in_max, network_out_min, network_out_avg,
               network_out_max, disks)
             select d.id, $1::smallint, to_timestamp($2::float8 / 1000), d.organization_id, $4::int[],
                    pool.cpu_min, pool.cpu_avg, pool.cpu_max, pool.mu_min, pool.mu_avg, pool.mu_max, $5::float8[],
                    pool.ni_min, pool.ni_avg, pool.ni_max, pool.no_min, pool.no_avg, pool.no_max, pool.disks
             from devices d
             join pool on pool.resolution = $1 and pool.k = (d.id * 31 + $2::bigint / $6::bigint) % ${POOL}
             where d.id = any($3)`,
            [s.resolution, s.start, ids, fill(s.resolution / 60), fill(8e9), s.periodMs],
          );
          done++;
          if (Date.now() - lastLog > 30_000) {
            lastLog = Date.now();
            log(`seeded ${done}/${periods.length} periods`);
          }
        }
      } catch (err) {
        log(`seeding failed: ${err.message}`);
        throw err;
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
      "create unique index metric_rollup_packs_device_id_resolution_period_pk on metric_rollup_packs using btree (device_id, resolution, period)",
      "create index metric_rollup_packs_resolution_period_idx on metric_rollup_packs using btree (resolution, period)",
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
    "alter table metric_rollup_packs add constraint metric_rollup_packs_device_id_resolution_period_pk primary key using index metric_rollup_packs_device_id_resolution_period_pk",
  );
  await admin.query("analyze metric_rollup_packs");
  const indexS = (Date.now() - indexStart) / 1000;
  const sizes = (
    await admin.query(
      `select (select count(*) from metric_rollup_packs)::bigint as rows,
              pg_size_pretty(pg_table_size('metric_rollup_packs')) as table,
              pg_size_pretty(pg_total_relation_size(reltoastrelid)) as toast,
              pg_size_pretty(pg_indexes_size('metric_rollup_packs')) as indexes
       from pg_class where oid = 'metric_rollup_packs'::regclass`,
    )
  ).rows[0];
  await admin.end();
  return {
    rows: Number(sizes.rows),
    table: sizes.table,
    toast: sizes.toast,
    indexes: sizes.indexes,
    seedS,
    indexS,
  };
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
