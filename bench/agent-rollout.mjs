// Agent rollout benchmark: N simulated agents (default 10,000) on one real server process take an
// update through a rollout in two rings (a test group, then the rest), at most --max-concurrent
// updating at once (default 500). Every simulated agent checks the signed metadata and downloads
// the artifact in full, as the real agent does. Prints
//   - time until every agent reports the new version (from the rollout's creation)
//   - the most devices updating at once seen by polling the rollout (must stay ≤ the maximum)
//   - server CPU time and its share of the wall time during the rollout
//   - bytes the server sent per agent (metadata and artifact) and requests per agent
// Usage: npm run bench:agent-rollout -- [--agents N] [--max-concurrent N] [--test-ring N]
//   [--artifact-kib N] [--fleet-processes N] [--tokens N]
// --artifact-kib: size of the published build (default: the real agent bundle, apps/agent/dist).
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import {
  connectFleet,
  consoleClient,
  cpuMs,
  createEnrollmentTokens,
  enrollFleet,
  load,
  log,
  printTable,
  requireBuild,
  root,
  sleep,
  startServer,
} from "./fleet-harness.mjs";

const { values } = parseArgs({
  options: {
    agents: { type: "string", default: "10000" },
    "max-concurrent": { type: "string", default: "500" },
    "test-ring": { type: "string", default: "100" },
    "artifact-kib": { type: "string" },
    "fleet-processes": { type: "string", default: "2" },
    tokens: { type: "string", default: "8" },
  },
});
const N = Number(values.agents);
const MAX = Number(values["max-concurrent"]);
const TEST_RING = Math.min(Number(values["test-ring"]), N);
const VERSION = "99.0.0";
requireBuild();

const artifact = values["artifact-kib"]
  ? Buffer.alloc(Number(values["artifact-kib"]) * 1024, 7)
  : fs.readFileSync(path.join(root, "apps/agent/dist/steward-agent.mjs"));

const server = await startServer({ name: "rollout", env: { STEWARD_AGENT_ROLLOUT_TICK_MS: "500" } });
let fleet;
try {
  const tokens = await createEnrollmentTokens(server, "Bench rollout", Number(values.tokens));
  fleet = await enrollFleet(server, { tokens, count: N, processes: Number(values["fleet-processes"]) });
  log(`enrolled in ${(fleet.enrollMs / 1000).toFixed(1)} s; connecting`);
  await connectFleet(fleet, N);
  const api = await consoleClient(server.port);
  await api.call("POST", "/api/agent-releases", {
    version: VERSION,
    platform: "linux",
    arch: "x64",
    kind: "bundle",
    artifactBase64: artifact.toString("base64"),
  });
  log(`published ${VERSION} (${(artifact.length / 1024).toFixed(0)} KiB); rolling out`);
  const before = await fleet.updates(VERSION);
  const cpuBefore = cpuMs(server.pid);
  const started = Date.now();
  const rollout = await api.call("POST", "/api/agent-rollouts", {
    version: VERSION,
    rings: [
      { kind: "devices", deviceIds: fleet.deviceIds.slice(0, TEST_RING) },
      { kind: "percent", percent: 100 },
    ],
    maxConcurrent: MAX,
    healthSeconds: 300,
  });
  let maxUpdating = 0;
  let ringOrderKept = true;
  let last = 0;
  for (;;) {
    const r = await api.call("GET", `/api/agent-rollouts/${rollout.id}`);
    const [one, two] = r.ringProgress;
    maxUpdating = Math.max(maxUpdating, one.updating + two.updating);
    if (two.updating + two.installed > 0 && one.installed + one.failed + one.rolledBack < one.total)
      ringOrderKept = false;
    const u = await fleet.updates(VERSION);
    if (u.running - last >= Math.max(1, Math.floor(N / 10))) {
      log(`${u.running} of ${N} on ${VERSION}`);
      last = u.running;
    }
    if (u.running >= N && r.state === "COMPLETED") break;
    if (Date.now() - started > 1_800_000)
      throw new Error(`rollout not done after 30 min (${u.running} of ${N})`);
    await sleep(250);
  }
  const wallMs = Date.now() - started;
  const cpu = cpuMs(server.pid) - cpuBefore;
  const after = await fleet.updates(VERSION);
  const bytes = after.bytes - before.bytes;
  printTable(`Rollout of ${VERSION} to ${N} simulated agents (two rings, at most ${MAX} at once)`, [
    { figure: "agents", value: N },
    { figure: "artifact size", value: `${(artifact.length / 1024).toFixed(0)} KiB` },
    {
      figure: "time until all report the new version",
      value: `${(wallMs / 1000).toFixed(1)} s`,
      load: load(),
    },
    {
      figure: "most updating at once (polled)",
      value: maxUpdating,
      target: `≤ ${MAX}`,
      met: maxUpdating <= MAX,
    },
    {
      figure: "test ring done before the second ring started",
      value: ringOrderKept ? "yes" : "no",
      met: ringOrderKept,
    },
    {
      figure: "server CPU during the rollout",
      value: `${(cpu / 1000).toFixed(1)} s (${((cpu / wallMs) * 100).toFixed(0)} % of one core)`,
    },
    {
      figure: "bytes served per agent (metadata + full artifact)",
      value: `${(bytes / N / 1024).toFixed(1)} KiB`,
    },
    { figure: "requests per agent", value: ((after.requests - before.requests) / N).toFixed(2) },
    {
      figure: "updates refused",
      value: after.refused - before.refused,
      target: "0",
      met: after.refused === before.refused,
    },
  ]);
} finally {
  await fleet?.stop();
  await server.stop();
}
