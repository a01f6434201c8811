// Agent fleet benchmark (issue 3): connects N simulated agents (default 10,000) over the real
// protocol to one real server process on this machine, and prints
//   - server RSS per connected agent (target ≤ 20 KiB)
//   - heartbeat round trip p50/p99, measured by the agents (the protocol's ping/pong, as the real
//     agent does): at the production rate (every agent once per heartbeat interval, 20 s) and under
//     stress (every agent once per second); target p99 < 100 ms
//   - time to mark 1,000 killed agents DOWN in the database
// The server runs as its own process on a throwaway PostgreSQL database; the fleet runs in
// separate processes (apps/agent/dist/sim/fleet-process.js), so the figures are the server's.
// Usage: npm run bench:agents -- [--agents N] [--kill N] [--fleet-processes N]
//   [--heartbeat-seconds S] [--stress-rounds N] [--tokens N] [--cpu-prof]
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import {
  connectFleet,
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
} from "./fleet-harness.mjs";

const { values } = parseArgs({
  options: {
    agents: { type: "string", default: "10000" },
    kill: { type: "string", default: "1000" },
    "fleet-processes": { type: "string", default: "2" },
    "heartbeat-seconds": { type: "string", default: "20" },
    "stress-rounds": { type: "string", default: "5" },
    tokens: { type: "string", default: "8" },
    "cpu-prof": { type: "boolean", default: false },
  },
});
const N = Number(values.agents);
const KILL = Math.min(Number(values.kill), N);
const TOKENS = Number(values.tokens);
const HEARTBEAT_S = Number(values["heartbeat-seconds"]);
const STRESS_ROUNDS = Number(values["stress-rounds"]);
requireBuild();

const profileDir = path.join(os.tmpdir(), "steward-bench-profiles");
if (values["cpu-prof"]) log(`server CPU profile goes to ${profileDir}`);
const benchStart = Date.now();
const server = await startServer({
  name: "agents",
  serverArgs: values["cpu-prof"] ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : [],
});
let fleet;
const rows = [];
try {
  // Several tokens (created with the CLI, as an administrator would): enrollments spread over them.
  const tokens = await createEnrollmentTokens(server, "Bench fleet", TOKENS);
  fleet = await enrollFleet(server, { tokens, count: N, processes: Number(values["fleet-processes"]) });
  log(`enrolled in ${(fleet.enrollMs / 1000).toFixed(1)} s; connecting`);
  // Baseline: the server with every device enrolled and none connected.
  await sleep(2000);
  const baseline = rssKiB(server.pid);
  const connectMs = await connectFleet(fleet, N);
  await sleep(3000);
  const upRows = (await server.db.query("select count(*)::int as n from devices where status = 'UP'")).rows[0]
    .n;
  const rss = rssKiB(server.pid);
  const perAgent = (rss - baseline) / N;
  rows.push(
    {
      figure: "agents connected (UP in database)",
      value: `${N} (${upRows}); enrolled in ${(fleet.enrollMs / 1000).toFixed(1)} s, connected ${(connectMs / 1000).toFixed(1)} s later`,
      load: load(),
    },
    {
      figure: "server RSS per connected agent",
      value: `${perAgent.toFixed(1)} KiB (${(baseline / 1024).toFixed(0)} MiB enrolled, none connected -> ${(rss / 1024).toFixed(0)} MiB)`,
      target: "<= 20 KiB",
      met: perAgent <= 20,
      load: load(),
    },
  );

  // Heartbeats at the production rate: every agent pings once over one heartbeat interval.
  log(`heartbeats at the production rate (${N} pings over ${HEARTBEAT_S} s)`);
  await fleet.rtts();
  await fleet.pingRound(HEARTBEAT_S * 1000);
  await sleep(1000);
  const prod = (await fleet.rtts()).sort((a, b) => a - b);
  rows.push({
    figure: `heartbeat RTT, ${Math.round(N / HEARTBEAT_S)} pings/s (every ${HEARTBEAT_S} s)`,
    value: `p50 ${pct(prod, 50)} ms, p99 ${pct(prod, 99)} ms, max ${prod.at(-1)} ms (${prod.length} pongs)`,
    target: "p99 < 100 ms",
    met: prod.length >= N * 0.999 && pct(prod, 99) < 100,
    load: load(),
  });

  // Stress: every agent pings once per second, several rounds.
  log(`heartbeats under stress (${STRESS_ROUNDS} rounds of ${N} pings over 1 s)`);
  for (let round = 0; round < STRESS_ROUNDS; round++) await fleet.pingRound(1000);
  await sleep(1000);
  const stress = (await fleet.rtts()).sort((a, b) => a - b);
  rows.push({
    figure: `heartbeat RTT, stress ${N} pings/s`,
    value: `p50 ${pct(stress, 50)} ms, p99 ${pct(stress, 99)} ms, max ${stress.at(-1)} ms (${stress.length} pongs)`,
    target: "(p99 < 100 ms)",
    met: stress.length >= N * STRESS_ROUNDS * 0.999 && pct(stress, 99) < 100,
    load: load(),
  });

  // Kill some agents and time until the database says DOWN for all of them.
  log(`killing ${KILL} agents`);
  const victims = await fleet.kill(KILL);
  const t = Date.now();
  let down = 0;
  while (down < victims.length && Date.now() - t < 120_000) {
    down = (
      await server.db.query("select count(*)::int as n from devices where status = 'DOWN' and id = any($1)", [
        victims,
      ])
    ).rows[0].n;
    if (down < victims.length) await sleep(20);
  }
  const downMs = Date.now() - t;
  rows.push({
    figure: `${victims.length} killed agents marked DOWN`,
    value: `${downMs} ms (${down} confirmed)`,
    target: "all DOWN",
    met: down === victims.length,
    load: load(),
  });
} finally {
  await fleet?.stop();
  await server.stop();
}
printTable(
  `Agent fleet benchmark: ${N} simulated agents in separate processes, one server process, PostgreSQL (${((Date.now() - benchStart) / 1000).toFixed(0)} s)`,
  rows,
);
