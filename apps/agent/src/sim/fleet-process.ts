/**
 * A simulated fleet in its own process, driven over the Node IPC channel by a benchmark (bench/*.mjs).
 * The fleet then never shares the server's or the benchmark's event loop: what the benchmark
 * measures is the server. Started with child_process.fork(); speaks the messages below.
 *
 * Times are taken with Date.now() in this process at the moment a message arrives, so the
 * benchmark can compare them with its own Date.now() (same machine clock).
 */
import { startFleet, type Fleet, type FleetIdentity, type SimConditionEvent } from "./fleet.js";

export type FleetProcessRequest =
  | {
      type: "start";
      serverUrl: string;
      token: string;
      moreTokens?: string[];
      count: number;
      /** Index of this process's first agent (hostnames and inventories differ per process). */
      indexOffset: number;
      seed: number;
      heartbeatSeconds: number;
      jobDurationMs: number;
      enrollConcurrency: number;
      /** Identities enrolled before (reused instead of enrolling again). */
      identities?: FleetIdentity[];
    }
  /** Connects every agent (the fleet is started enrolled but not connected); answers "connecting". */
  | { type: "connect" }
  | { type: "connected" }
  /** Update counters and how many agents run `version`; answers "updates". */
  | { type: "updates"; version: string }
  /** Every connected agent sends one ping, spread evenly over `spreadMs`; answers "pinged". */
  | { type: "ping"; spreadMs: number }
  | { type: "rtts" }
  /**
   * Every connected agent sends one metrics sample taken at `at` (ms), the sends spread evenly
   * over `spreadMs`; answers "metricsSent" with the number of messages sent.
   */
  | { type: "metrics"; spreadMs: number; at: number }
  /**
   * Agents report one condition state change each: those of `deviceIds` at once (this process's
   * share of them; answers "conditionsSentTo" listing [deviceId, sentAt] of each), or else the share `fraction` of
   * every agent (the next ones in turn on each request), spread evenly over `spreadMs`. Answers
   * "conditionsSent".
   */
  | {
      type: "conditions";
      event: SimConditionEvent;
      deviceIds?: number[];
      fraction?: number;
      spreadMs: number;
    }
  /** How many conditions the agents report as triggered now; answers "triggered". */
  | { type: "triggered" }
  | { type: "kill"; count: number }
  | { type: "stop" };

export type FleetProcessReply =
  | { type: "started"; identities: FleetIdentity[]; enrollMs: number }
  | { type: "connecting" }
  | { type: "connected"; count: number }
  | {
      type: "updates";
      running: number;
      stats: { bytes: number; requests: number; installed: number; refused: number };
    }
  | { type: "pinged" }
  | { type: "rtts"; rtts: number[] }
  | { type: "metricsSent"; count: number }
  | { type: "conditionsSent"; count: number; sent: [number, number][] }
  /** The answer to a request with `deviceIds` (its own type: a fractional round may be under way meanwhile). */
  | { type: "conditionsSentTo"; count: number; sent: [number, number][] }
  | { type: "triggered"; count: number }
  | { type: "killed"; deviceIds: number[] }
  /** Commands received since the last report: [jobUid, receivedAt]. */
  | { type: "commands"; items: [string, number][] }
  | { type: "error"; message: string };

const reply = (message: FleetProcessReply) => process.send?.(message);

let fleet: Fleet | undefined;
let received: [string, number][] = [];
/** Where the next fractional round of condition events starts (rounds take the agents in turn). */
let conditionCursor = 0;
const reporter = setInterval(() => {
  if (received.length === 0) return;
  reply({ type: "commands", items: received });
  received = [];
}, 20);

async function handle(request: FleetProcessRequest) {
  switch (request.type) {
    case "start": {
      const started = Date.now();
      fleet = await startFleet({
        serverUrl: request.serverUrl,
        token: request.token,
        ...(request.moreTokens ? { moreTokens: request.moreTokens } : {}),
        count: request.count,
        indexOffset: request.indexOffset,
        seed: request.seed,
        heartbeatSeconds: request.heartbeatSeconds,
        jobDurationMs: request.jobDurationMs,
        enrollConcurrency: request.enrollConcurrency,
        ...(request.identities ? { identities: request.identities } : {}),
        connect: false,
        onCommand: (_deviceId, jobUid, at) => received.push([jobUid, at]),
      });
      reply({ type: "started", identities: fleet.identities(), enrollMs: Date.now() - started });
      break;
    }
    case "connect":
      reply({ type: "connecting" });
      await fleet?.connectAll();
      break;
    case "connected":
      reply({ type: "connected", count: fleet?.connectedCount() ?? 0 });
      break;
    case "ping": {
      const agents = fleet?.agents ?? [];
      const slices = 20;
      const chunk = Math.max(1, Math.ceil(agents.length / slices));
      for (let i = 0; i < agents.length; i += chunk) {
        for (const a of agents.slice(i, i + chunk)) a.connection?.ping();
        await new Promise((r) => setTimeout(r, request.spreadMs / slices));
      }
      reply({ type: "pinged" });
      break;
    }
    case "metrics": {
      const total = fleet?.agents.length ?? 0;
      const slices = 20;
      const chunk = Math.max(1, Math.ceil(total / slices));
      let count = 0;
      for (let i = 0; i < total; i += chunk) {
        count += fleet?.sendMetrics(i, i + chunk, request.at) ?? 0;
        await new Promise((r) => setTimeout(r, request.spreadMs / slices));
      }
      reply({ type: "metricsSent", count });
      break;
    }
    case "conditions": {
      if (!fleet) {
        reply({ type: request.deviceIds ? "conditionsSentTo" : "conditionsSent", count: 0, sent: [] });
        break;
      }
      if (request.deviceIds) {
        const sent = fleet.sendConditionEvents({ deviceIds: new Set(request.deviceIds) }, request.event);
        reply({ type: "conditionsSentTo", count: sent.length, sent });
        break;
      }
      const total = fleet.agents.length;
      const share = Math.min(total, Math.round(total * (request.fraction ?? 1)));
      const slices = 20;
      const chunk = Math.max(1, Math.ceil(share / slices));
      let count = 0;
      for (let done = 0; done < share; done += chunk) {
        const n = Math.min(chunk, share - done);
        // Wraps around the end of the list.
        const from = conditionCursor % total;
        const to = Math.min(total, from + n);
        count += fleet.sendConditionEvents({ from, to }, request.event).length;
        if (from + n > total)
          count += fleet.sendConditionEvents({ from: 0, to: from + n - total }, request.event).length;
        conditionCursor = (from + n) % total;
        await new Promise((r) => setTimeout(r, request.spreadMs / slices));
      }
      reply({ type: "conditionsSent", count, sent: [] });
      break;
    }
    case "triggered":
      reply({ type: "triggered", count: fleet?.triggeredCount() ?? 0 });
      break;
    case "updates":
      reply({
        type: "updates",
        running: fleet?.runningVersion(request.version) ?? 0,
        stats: fleet?.updateStats() ?? { bytes: 0, requests: 0, installed: 0, refused: 0 },
      });
      break;
    case "rtts": {
      const rtts = fleet?.heartbeatRtts() ?? [];
      reply({ type: "rtts", rtts: [...rtts] });
      rtts.length = 0;
      break;
    }
    case "kill":
      reply({ type: "killed", deviceIds: fleet?.kill(request.count) ?? [] });
      break;
    case "stop":
      clearInterval(reporter);
      fleet?.stop();
      process.disconnect?.();
      setTimeout(() => process.exit(0), 200).unref();
      break;
  }
}

process.on("message", (request: FleetProcessRequest) => {
  handle(request).catch((err: unknown) =>
    reply({ type: "error", message: err instanceof Error ? err.message : String(err) }),
  );
});
// The benchmark went away: so does the fleet.
process.on("disconnect", () => {
  fleet?.stop();
  setTimeout(() => process.exit(0), 200).unref();
});
