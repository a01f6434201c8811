// Metric history benchmark (issue 9): N simulated agents (default 2,000; --agents 10000) connect
// over the real protocol to one real server process on a throwaway PostgreSQL database and send
// metrics at the production interval of 60 s, compressed in time (each simulated minute lasts
// --minute-ms). Prints
//   - ingest rate (samples stored per second) and server CPU and RSS while ingesting
//   - chart query p95 of GET /api/devices/:id/metrics for 30 days (hourly rollups) and 24 hours
//     (5-minute rollups) of one device, with 30 days of 5-minute and a year of hourly rollups stored
//     for that device and --rollup-devices others (target < 100 ms)
// Usage: npm run bench:metrics -- [--agents N] [--minutes N] [--minute-ms MS] [--fleet-processes N]
//   [--rollup-devices N] [--queries N]
import { parseArgs } from "node:util";
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
  rssKiB,
  sleep,
  startServer,
  timeChartQueries,
  waitUntil,
} from "./fleet-harness.mjs";

const { values } = parseArgs({
  options: {
    agents: { type: "string", default: "2000" },
    minutes: { type: "string", default: "10" },
    "minute-ms": { type: "string", default: "1000" },
    "fleet-processes": { type: "string", default: "2" },
    "rollup-devices": { type: "string", default: "200" },
    queries: { type: "string", default: "200" },
    tokens: { type: "string", default: "8" },
  },
});
const N = Number(values.agents);
const MINUTES = Number(values.minutes);
const MINUTE_MS = Number(values["minute-ms"]);
const ROLLUP_DEVICES = Number(values["rollup-devices"]);
const QUERIES = Number(values.queries);
requireBuild();

const benchStart = Date.now();
const server = await startServer({ name: "metrics" });
let fleet;
const rows = [];
try {
  const client = await consoleClient(server.port);
  const tokens = await createEnrollmentTokens(server, "Bench metrics", Number(values.tokens));
  fleet = await enrollFleet(server, { tokens, count: N, processes: Number(values["fleet-processes"]) });
  await connectFleet(fleet, N);
  await sleep(2000);

  // Ingest: every agent sends one sample per simulated minute; samples carry the simulated minute
  // (in the past, a minute apart), so each one is a new row.
  const rssBefore = rssKiB(server.pid);
  const cpuBefore = cpuMs(server.pid);
  const start = Date.now();
  const firstMinute = Math.floor(start / 60_000) * 60_000 - MINUTES * 60_000;
  let sent = 0;
  let rssPeak = rssBefore;
  log(`sending ${MINUTES} simulated minutes of metrics from ${N} agents, one minute every ${MINUTE_MS} ms`);
  for (let m = 0; m < MINUTES; m++) {
    const roundStart = Date.now();
    sent += await fleet.metricsRound(MINUTE_MS, firstMinute + m * 60_000);
    rssPeak = Math.max(rssPeak, rssKiB(server.pid));
    const left = MINUTE_MS - (Date.now() - roundStart);
    if (left > 0) await sleep(left);
  }
  const count = async () =>
    (await server.db.query("select count(*)::int as n from metric_samples")).rows[0].n;
  await waitUntil(async () => (await count()) >= sent, 120_000, `all ${sent} samples stored`, 250);
  const elapsed = (Date.now() - start) / 1000;
  const cpu = (cpuMs(server.pid) - cpuBefore) / 10 / elapsed;
  const stored = await count();
  rows.push(
    {
      figure: `ingest, ${N} agents at a 60 s interval compressed ${(60_000 / MINUTE_MS).toFixed(0)}x`,
      value: `${(stored / elapsed).toFixed(0)} samples/s (${stored} of ${sent} sent in ${elapsed.toFixed(1)} s; production rate ${(N / 60).toFixed(0)}/s)`,
      target: `>= ${Math.ceil(N / 60)}/s`,
      met: stored >= sent && stored / elapsed >= N / 60,
      load: load(),
    },
    {
      figure: "server CPU while ingesting",
      value: `${cpu.toFixed(0)} % of one core`,
      load: load(),
    },
    {
      figure: "server RSS while ingesting",
      value: `${(rssBefore / 1024).toFixed(0)} MiB before, ${(rssPeak / 1024).toFixed(0)} MiB peak`,
      load: load(),
    },
  );

  // Rollups: 30 days of 5-minute and a year of hourly buckets for one device and others.
  const ids = (
    await server.db.query("select id from devices order by id limit $1", [ROLLUP_DEVICES + 1])
  ).rows.map((r) => r.id);
  const device = ids[0];
  log(`storing 30 days of 5-minute and a year of hourly rollups for ${ids.length} devices`);
  const seedStart = Date.now();
  // Packed as the rollup job stores them: a row per device and hour of 5-minute buckets, per device
  // and day of hourly ones; buckets outside the retention or not ended yet are empty (null).
  for (const [resolution, days, period] of [
    [300, 30, 3600],
    [3600, 365, 86_400],
  ]) {
    await server.db.query(
      `insert into metric_rollup_packs (device_id, resolution, period, organization_id, samples, cpu_min, cpu_avg,
         cpu_max, memory_used_min, memory_used_avg, memory_used_max, memory_total_max, network_in_min,
         network_in_avg, network_in_max, network_out_min, network_out_avg, network_out_max, disks)
       select d.id, $1::int, p, d.organization_id, a.*
       from devices d,
            generate_series(date_bin(make_interval(secs => $4::int), now() - make_interval(days => $2::int), timestamptz 'epoch'),
                            now(), make_interval(secs => $4::int)) p,
            lateral (
              select array_agg(case when ok then $1::int / 60 end order by i),
                     array_agg(case when ok then 5::real end order by i),
                     array_agg(case when ok then (20 + random() * 30)::real end order by i),
                     array_agg(case when ok then 90::real end order by i),
                     array_agg(case when ok then 2e9::float8 end order by i),
                     array_agg(case when ok then 4e9::float8 end order by i),
                     array_agg(case when ok then 6e9::float8 end order by i),
                     array_agg(case when ok then 8e9::float8 end order by i),
                     array_agg(case when ok then 0::float8 end order by i),
                     array_agg(case when ok then 1e5::float8 end order by i),
                     array_agg(case when ok then 1e6::float8 end order by i),
                     array_agg(case when ok then 0::float8 end order by i),
                     array_agg(case when ok then 2e4::float8 end order by i),
                     array_agg(case when ok then 2e5::float8 end order by i),
                     jsonb_agg(case when ok then jsonb_build_array(
                       jsonb_build_object('m', '/', 'min', 4e10, 'avg', 5e10, 'max', 6e10, 't', 1e11, 'n', $1::int / 60),
                       jsonb_build_object('m', '/data', 'min', 1e9, 'avg', 2e9, 'max', 3e9, 't', 4e9, 'n', $1::int / 60)) end
                       order by i)
              from (select i, p + (i - 1) * make_interval(secs => $1::int) >= now() - make_interval(days => $2::int)
                                and p + i * make_interval(secs => $1::int) <= now() as ok
                    from generate_series(1, $4::int / $1::int) i) s
            ) a
       where d.id = any($3)
       on conflict do nothing`,
      [resolution, days, ids, period],
    );
  }
  await server.db.query("analyze metric_rollup_packs");
  const rollupRows = (
    await server.db.query(
      "select count(*)::int as n, coalesce(sum(array_length(array_remove(samples, null), 1)), 0)::int as buckets from metric_rollup_packs",
    )
  ).rows[0];
  log(
    `${rollupRows.buckets} rollup buckets in ${rollupRows.n} packed rows stored in ${((Date.now() - seedStart) / 1000).toFixed(1)} s`,
  );

  for (const range of ["30d", "24h", "7d"]) {
    const { sorted, points } = await timeChartQueries(client, {
      range,
      queries: QUERIES,
      pick: () => device,
    });
    rows.push({
      figure: `chart query ${range} of one device (${points} points)`,
      value: `p50 ${pct(sorted, 50).toFixed(1)} ms, p95 ${pct(sorted, 95).toFixed(1)} ms (${QUERIES} requests, ${rollupRows.buckets} rollup buckets in ${rollupRows.n} packed rows)`,
      target: "p95 < 100 ms",
      met: pct(sorted, 95) < 100,
      load: load(),
    });
  }
  printTable(`Metrics benchmark (${((Date.now() - benchStart) / 1000).toFixed(0)} s)`, rows);
} finally {
  await fleet?.stop();
  await server.stop();
}
