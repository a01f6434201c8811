import { createPrivateKey, sign, type KeyObject } from "node:crypto";
import fs from "node:fs";
import { agent as proto } from "@steward/contracts";
import { AgentConnection } from "../connection/client.js";
import { newKeyPair } from "../identity.js";
import { AGENT_VERSION } from "../version.js";
import { prng, simulatedInventory } from "./templates.js";
import { simulatedMetricSample } from "./metrics.js";
import { verifyCommand } from "../jobs/verify.js";
import { sendWakeOnLan, type WakeTarget } from "../jobs/wake-on-lan.js";
import { simulateUpdate, type SimUpdateStats } from "./update.js";

export interface FleetOptions {
  serverUrl: string;
  token: string;
  /** More enrollment tokens, used in turn with `token` (parallel enrollments do not queue on one token). */
  moreTokens?: string[];
  count: number;
  seed?: number;
  /** Keeps identities between runs (demo fleet); without it every run enrolls new devices. */
  stateFile?: string;
  heartbeatSeconds?: number;
  /** Simulated disconnects per minute across the fleet (each reconnects after a backoff). */
  disconnectsPerMinute?: number;
  /** Simulated inventory changes per minute across the fleet (disk usage, software). */
  inventoryChangesPerMinute?: number;
  enrollConcurrency?: number;
  /** False: enroll only; connect later with connectAll() (benchmarks measure the two apart). */
  connect?: boolean;
  /** Number of this fleet's first agent (several fleet processes simulate disjoint devices). */
  indexOffset?: number;
  /** Identities enrolled before (another run of a benchmark); used before enrolling new ones. */
  identities?: FleetIdentity[];
  log?: (message: string) => void;
  /** Called when a simulated agent receives a verified command (benchmarks time delivery). */
  onCommand?: (deviceId: number, jobUid: string, receivedAt: number) => void;
  /** How long a simulated script "runs" before it reports success (ms). */
  jobDurationMs?: number;
  /** How long a simulated agent takes to restart after an update swap (ms). */
  updateRestartMs?: number;
}

interface SimAgent {
  index: number;
  deviceId: number;
  serverPublicKey?: string;
  publicKey: string;
  privateKeyPem: string;
  key?: KeyObject;
  inventory: proto.Inventory;
  connection?: AgentConnection;
  /** The effective policy the server last delivered (apply-policy), as a real agent keeps it. */
  policy?: proto.ApplyPolicyPayload;
  /** Condition keys this agent reports as triggered now (sent as the snapshot on reconnection). */
  triggered: Set<string>;
  /** The version this simulated agent runs (moves on with an accepted update). */
  version?: string;
  updating?: boolean;
}

/** A condition state change a benchmark asks simulated agents to report. */
export interface SimConditionEvent {
  key: string;
  /** TOGGLE: TRIGGERED when the agent has it reset, RESET when triggered. */
  state: "TRIGGERED" | "RESET" | "TOGGLE";
  at: number;
  value?: number;
  detail?: string;
}

/** What a simulated agent keeps between runs (its enrolled identity). */
export interface FleetIdentity {
  index: number;
  deviceId: number;
  serverPublicKey?: string;
  publicKey: string;
  privateKeyPem: string;
}
type Saved = FleetIdentity;

async function enrollOne(options: FleetOptions, index: number, seed: number): Promise<SimAgent> {
  const keys = newKeyPair();
  const inventory = simulatedInventory(index, seed, AGENT_VERSION);
  const tokens = [options.token, ...(options.moreTokens ?? [])];
  const body: proto.EnrollRequest = {
    token: tokens[index % tokens.length]!,
    publicKey: keys.publicKey,
    inventory,
    simulated: true,
  };
  const res = await fetch(`${options.serverUrl}/agent/v1/enroll`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { deviceId?: number; message?: string; serverPublicKey?: string };
  if (!res.ok || !json.deviceId) throw new Error(`enrollment refused (${res.status}): ${json.message ?? ""}`);
  return {
    index,
    deviceId: json.deviceId,
    ...keys,
    inventory,
    triggered: new Set(),
    ...(json.serverPublicKey ? { serverPublicKey: json.serverPublicKey } : {}),
  };
}

/**
 * N simulated agents in one process over the real protocol (enroll, signed challenge,
 * heartbeats, inventory), with optional churn. Used by benchmarks, load tests and the demo fleet.
 */
export async function startFleet(options: FleetOptions) {
  const seed = options.seed ?? 1;
  const log = options.log ?? (() => undefined);
  const rand = prng(seed ^ 0x5eed);
  const agents: SimAgent[] = [];
  const saved: Saved[] =
    options.identities ??
    (options.stateFile && fs.existsSync(options.stateFile)
      ? (JSON.parse(fs.readFileSync(options.stateFile, "utf8")) as Saved[])
      : []);
  for (const s of saved.slice(0, options.count))
    agents.push({ ...s, inventory: simulatedInventory(s.index, seed, AGENT_VERSION), triggered: new Set() });

  const offset = options.indexOffset ?? 0;
  const missing = Array.from(
    { length: Math.max(0, options.count - agents.length) },
    (_, i) => offset + agents.length + i,
  );
  // Bounded parallelism: a fixed number of enrollments in flight, each slot takes the next index.
  const concurrency = Math.max(1, options.enrollConcurrency ?? 32);
  const started = Date.now();
  let next = 0;
  let enrolled = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, missing.length) }, async () => {
      while (next < missing.length) {
        const index = missing[next++]!;
        agents.push(await enrollOne(options, index, seed));
        if (++enrolled % 1000 === 0) log(`enrolled ${agents.length}/${options.count}`);
      }
    }),
  );
  agents.sort((a, b) => a.index - b.index);
  if (missing.length > 0) log(`enrolled ${missing.length} simulated devices in ${Date.now() - started} ms`);
  if (options.stateFile) {
    const state: Saved[] = agents.map(({ index, deviceId, publicKey, privateKeyPem, serverPublicKey }) => ({
      index,
      deviceId,
      publicKey,
      privateKeyPem,
      ...(serverPublicKey ? { serverPublicKey } : {}),
    }));
    fs.writeFileSync(options.stateFile, JSON.stringify(state), { mode: 0o600 });
  }

  const rtts: number[] = [];
  let connected = 0;
  const updateStats: SimUpdateStats = { bytes: 0, requests: 0, installed: 0, refused: 0 };
  for (const a of agents) {
    a.key = createPrivateKey(a.privateKeyPem);
    let sentFull = false;
    a.connection = new AgentConnection({
      serverUrl: options.serverUrl,
      deviceId: a.deviceId,
      // Read at each hello: after a simulated update the agent says its new version.
      get agentVersion() {
        return a.version ?? AGENT_VERSION;
      },
      sign: (payload) => sign(null, Buffer.from(payload), a.key!).toString("base64"),
      ...(options.heartbeatSeconds ? { heartbeatSeconds: options.heartbeatSeconds } : {}),
      random: rand,
      onWelcome: ({ wantFullInventory }) => {
        if (wantFullInventory && !sentFull) {
          sentFull = a.connection!.send({ type: "inventory", mode: "full", inventory: a.inventory });
        }
        // Like the real agent: once it evaluates conditions, every connection starts with the
        // conditions triggered now, so the server can reset what recovered meanwhile.
        if (a.policy?.version) {
          a.connection!.send({
            type: "condition-events",
            v: proto.CONDITION_EVENTS_VERSION,
            sentAt: Date.now(),
            snapshot: true,
            events: [...a.triggered].map((key) => ({
              key,
              policyVersion: a.policy!.version!,
              state: "TRIGGERED" as const,
              at: Date.now(),
              detail: "simulated",
            })),
          });
        }
      },
      onCommand: (message) => {
        const receivedAt = Date.now();
        const env = message.envelope;
        if (
          !a.serverPublicKey ||
          verifyCommand(env, message.signature, {
            serverPublicKey: a.serverPublicKey,
            agentId: a.deviceId,
            now: Date.now(),
            seen: () => false,
          })
        ) {
          a.connection?.send({ type: "command-refused", jobUid: env.jobUid, reason: "signature" });
          return;
        }
        options.onCommand?.(a.deviceId, env.jobUid, receivedAt);
        if (env.kind === "apply-policy") {
          // Kept and acknowledged as the real agent does (the server then stops resending it).
          const parsed = proto.applyPolicyPayload.safeParse(env.payload);
          if (!parsed.success) {
            a.connection?.send({ type: "command-refused", jobUid: env.jobUid, reason: "invalid" });
            return;
          }
          a.policy = parsed.data;
          const { policyId, version, enforced } = parsed.data;
          a.connection?.send({
            type: "job-result",
            jobUid: env.jobUid,
            attempt: env.attempt,
            outcome: "SUCCESS",
            exitCode: null,
            stdout: "",
            stderr: "",
            truncated: false,
            errorMessage: null,
            kind: env.kind,
            data: { policyId, version, enforced },
          });
          return;
        }
        if (env.kind === "wake-on-lan") {
          // Real packets (to STEWARD_AGENT_WOL_ADDRESS when set): the relay path is exercised end to end.
          void sendWakeOnLan((env.payload as { targets?: WakeTarget[] }).targets ?? []).catch(
            () => undefined,
          );
          return;
        }
        if (env.kind !== "run-script") return;
        a.connection?.send({ type: "job-started", jobUid: env.jobUid, attempt: env.attempt });
        setTimeout(() => {
          a.connection?.send({
            type: "job-result",
            jobUid: env.jobUid,
            attempt: env.attempt,
            outcome: "SUCCESS",
            exitCode: 0,
            stdout: `simulated run on ${a.inventory.hostname}\n`,
            stderr: "",
            truncated: false,
            errorMessage: null,
          });
        }, options.jobDurationMs ?? 50);
      },
      onPong: (rtt) => {
        if (rtts.length < 1_000_000) rtts.push(rtt);
      },
      onUpdateOffer: (offer) => {
        if (a.updating) return;
        a.updating = true;
        void simulateUpdate(
          {
            serverUrl: options.serverUrl,
            serverPublicKey: a.serverPublicKey,
            runningVersion: a.version ?? AGENT_VERSION,
            send: (m) => a.connection?.send(m) ?? false,
            stats: updateStats,
          },
          offer,
        ).then((ok) => {
          if (!ok) {
            a.updating = false;
            return;
          }
          // Restart as the new version: the hello after reconnecting carries it.
          a.connection?.stop();
          a.version = offer.version;
          setTimeout(() => {
            a.updating = false;
            a.connection?.start();
          }, options.updateRestartMs ?? 200);
        });
      },
      onStateChange: (state) => {
        if (state === "connected") connected++;
        else if (state === "disconnected" || state === "stopped") connected = Math.max(0, connected - 1);
      },
    });
  }
  // Stagger connects a little so the server sees a realistic arrival, not one burst.
  const connectAll = async () => {
    for (let i = 0; i < agents.length; i++) {
      agents[i]!.connection!.start();
      if (i % 200 === 199) await new Promise((r) => setTimeout(r, 20));
    }
  };
  if (options.connect !== false) await connectAll();

  const timers: NodeJS.Timeout[] = [];
  const every = (perMinute: number | undefined, action: () => void) => {
    if (!perMinute || perMinute <= 0) return;
    timers.push(setInterval(action, Math.max(10, 60_000 / perMinute)));
  };
  every(options.disconnectsPerMinute, () => {
    const a = agents[Math.floor(rand() * agents.length)];
    if (!a?.connection) return;
    a.connection.stop();
    setTimeout(() => a.connection?.start(), 1000 + rand() * 5000);
  });
  every(options.inventoryChangesPerMinute, () => {
    const a = agents[Math.floor(rand() * agents.length)];
    const volume = a?.inventory.volumes[0];
    if (!a || !volume) return;
    volume.freeBytes = Math.max(0, Math.floor(volume.freeBytes * (0.9 + rand() * 0.2)));
    a.connection?.send({ type: "inventory", mode: "delta", changes: { volumes: a.inventory.volumes } });
  });

  return {
    agents,
    /** Connects every agent (when started with `connect: false`). */
    connectAll,
    /** The enrolled identities (to reuse in another run against the same database). */
    identities: (): FleetIdentity[] =>
      agents.map(({ index, deviceId, publicKey, privateKeyPem, serverPublicKey }) => ({
        index,
        deviceId,
        publicKey,
        privateKeyPem,
        ...(serverPublicKey ? { serverPublicKey } : {}),
      })),
    connectedCount: () => agents.filter((a) => a.connection?.connected).length,
    /** Bytes and requests the simulated updates took, updates installed and refused. */
    updateStats: () => ({ ...updateStats }),
    /** How many agents run `version` now. */
    runningVersion: (version: string) =>
      agents.filter((a) => (a.version ?? AGENT_VERSION) === version).length,
    heartbeatRtts: () => rtts,
    /**
     * Every connected agent sends one metrics message holding one sample taken at `at` (a
     * benchmark compresses the agents' minute into less time); the number of messages sent.
     */
    sendMetrics: (from: number, to: number, at: number) => {
      let sent = 0;
      for (const a of agents.slice(from, to)) {
        const sample = simulatedMetricSample(a.inventory, rand, at);
        if (a.connection?.send({ type: "metrics", v: 1, sentAt: Date.now(), samples: [sample] })) sent++;
      }
      return sent;
    },
    /**
     * Agents `from`..`to` (or those of `deviceIds`) report one condition state change each, under
     * the policy version the server delivered to them (an agent that has none yet, or whose
     * delivered conditions lack the key, sends nothing). Answers [deviceId, sentAt] per message sent.
     */
    sendConditionEvents: (
      select: { from: number; to: number } | { deviceIds: ReadonlySet<number> },
      event: SimConditionEvent,
    ): [number, number][] => {
      const sent: [number, number][] = [];
      const chosen =
        "deviceIds" in select
          ? agents.filter((a) => select.deviceIds.has(a.deviceId))
          : agents.slice(select.from, select.to);
      for (const a of chosen) {
        const version = a.policy?.version;
        if (!version) continue;
        const delivered = a.policy!.conditions;
        if (delivered.length > 0 && !delivered.some((c) => c.key === event.key)) continue;
        const state =
          event.state === "TOGGLE" ? (a.triggered.has(event.key) ? "RESET" : "TRIGGERED") : event.state;
        const sentAt = Date.now();
        const ok = a.connection?.send({
          type: "condition-events",
          v: proto.CONDITION_EVENTS_VERSION,
          sentAt,
          snapshot: false,
          events: [
            {
              key: event.key,
              policyVersion: version,
              state,
              at: event.at,
              ...(event.value === undefined ? {} : { value: event.value }),
              detail: event.detail ?? "simulated",
            },
          ],
        });
        if (!ok) continue;
        if (state === "TRIGGERED") a.triggered.add(event.key);
        else a.triggered.delete(event.key);
        sent.push([a.deviceId, sentAt]);
      }
      return sent;
    },
    /** How many conditions the agents report as triggered now, summed over the fleet. */
    triggeredCount: () => agents.reduce((n, a) => n + a.triggered.size, 0),
    /** Sends one ping from every connected agent now (benchmarks measure round trips). */
    pingAll: () => {
      for (const a of agents) a.connection?.ping();
    },
    kill: (count: number) => {
      const victims = agents.filter((a) => a.connection?.connected).slice(0, count);
      for (const v of victims) v.connection?.stop();
      return victims.map((v) => v.deviceId);
    },
    stop() {
      for (const t of timers) clearInterval(t);
      for (const a of agents) a.connection?.stop();
    },
    get connectedEvents() {
      return connected;
    },
  };
}

export type Fleet = Awaited<ReturnType<typeof startFleet>>;
