import fs from "node:fs";
import path from "node:path";
import { agent as contracts, type agent as proto } from "@steward/contracts";
import { AgentConnection } from "./connection/client.js";
import { signWith, withEncryptionKey, type AgentState } from "./identity.js";
import { changedSections, collectInventory } from "./inventory/collect.js";
import { AGENT_VERSION } from "./version.js";
import { ErrorLog, selfReport } from "./self-report.js";
import { JobManager } from "./jobs/manager.js";
import { MetricsCollector } from "./metrics/collector.js";
import { PolicyApplier, applyPolicyHandler, defaultAgentCommands } from "./commands/index.js";
import { ConditionEngine, probeFor, runConditionScript } from "./conditions/index.js";
import { createUpdater } from "./update/agent-updater.js";

const INVENTORY_SECONDS = Number(process.env.STEWARD_AGENT_INVENTORY_SECONDS ?? 900);
// The sampling interval is an agent setting of the device's policy; until the agent receives its
// policy it samples at the default. The environment variable (tests, troubleshooting) wins over both.
const METRIC_SECONDS_OVERRIDE = Number(process.env.STEWARD_AGENT_METRIC_SECONDS);
const METRIC_OVERRIDE = METRIC_SECONDS_OVERRIDE > 0 ? METRIC_SECONDS_OVERRIDE : undefined;
// Conditions are evaluated at a cadence suited to each check; this variable (tests,
// troubleshooting) evaluates every one of them at the same, usually shorter, interval.
const CONDITION_SECONDS_OVERRIDE = Number(process.env.STEWARD_AGENT_CONDITION_SECONDS);
const CONDITION_OVERRIDE = CONDITION_SECONDS_OVERRIDE > 0 ? CONDITION_SECONDS_OVERRIDE : undefined;

/** The agent's main loop: stay connected, report inventory changes, until SIGTERM. */
export async function runAgent(enrolled: AgentState, dataDir: string): Promise<void> {
  const state = withEncryptionKey(dataDir, enrolled);
  const inventoryFile = path.join(dataDir, "inventory.json");
  const statusFile = path.join(dataDir, "status.json");
  const log = (msg: string) => process.stdout.write(`${new Date().toISOString()} ${msg}\n`);
  const errors = new ErrorLog(dataDir);
  /** An error worth showing in the console: logged, and kept for the next hello. */
  const fail = (msg: string) => {
    log(msg);
    errors.record(msg);
  };
  const lastSent = (): proto.Inventory | undefined => {
    try {
      return JSON.parse(fs.readFileSync(inventoryFile, "utf8")) as proto.Inventory;
    } catch {
      return undefined;
    }
  };
  const remember = (inv: proto.Inventory) =>
    fs.writeFileSync(inventoryFile, JSON.stringify(inv), { mode: 0o600 });

  let wantFull = true;
  const report = async () => {
    if (!connection.connected) return;
    const current = await collectInventory();
    metrics.setMounts(current.volumes.map((v) => v.mount));
    const previous = lastSent();
    if (wantFull || !previous) {
      if (connection.send({ type: "inventory", mode: "full", inventory: current })) {
        wantFull = false;
        remember(current);
      }
      return;
    }
    const changes = changedSections(previous, current);
    if (Object.keys(changes).length === 0) return;
    if (connection.send({ type: "inventory", mode: "delta", changes })) {
      remember(current);
      log(`reported changes: ${Object.keys(changes).join(", ")}`);
    }
  };

  const metrics = new MetricsCollector({
    intervalSeconds: METRIC_OVERRIDE ?? contracts.DEFAULT_METRIC_INTERVAL_SECONDS,
    send: (message) => connection.send(message),
    log,
  });
  metrics.setMounts(lastSent()?.volumes.map((v) => v.mount) ?? []);
  const conditions = new ConditionEngine({
    dataDir,
    probe: probeFor(),
    send: (message) => connection.send(message),
    runScript: runConditionScript,
    overrideSeconds: CONDITION_OVERRIDE,
    log,
  });
  // The policy last applied is applied again at once; the server sends a newer one on connect.
  const policy = new PolicyApplier({
    dataDir,
    targets: {
      setMetricIntervalSeconds: (seconds) => metrics.setIntervalSeconds(seconds),
      setHeartbeatSeconds: (seconds) => connection.setPolicyHeartbeatSeconds(seconds),
      setConditions: (version, list, scripts) => conditions.setConditions(version, list, scripts),
    },
    defaultMetricIntervalSeconds: contracts.DEFAULT_METRIC_INTERVAL_SECONDS,
    metricIntervalOverride: METRIC_OVERRIDE,
    log,
  });

  let finish: () => void = () => undefined;
  const jobs = new JobManager({
    dataDir,
    agentId: state.deviceId,
    serverPublicKey: state.serverPublicKey,
    encryption: { privateKeyPem: state.encryptionPrivateKeyPem, publicKey: state.encryptionPublicKey },
    send: (message) => connection.send(message),
    log,
    commands: defaultAgentCommands().register(applyPolicyHandler(policy)),
  });
  // Self-update works when the launcher started this agent from an install folder of versions.
  const updater = createUpdater({
    installDir: process.env.STEWARD_AGENT_INSTALL_DIR || undefined,
    context: {
      serverUrl: state.serverUrl,
      caFile: state.caFile,
      dataDir,
      serverPublicKey: state.serverPublicKey,
      runningVersion: AGENT_VERSION,
      platform: process.platform,
      arch: process.arch,
    },
    send: (message) => connection.send(message),
    log,
    restart: (code) => {
      connection.stop();
      process.exit(code);
    },
  });
  const connection = new AgentConnection({
    serverUrl: state.serverUrl,
    deviceId: state.deviceId,
    agentVersion: AGENT_VERSION,
    sign: (payload) => signWith(state.privateKeyPem, payload),
    encryptionPublicKey: state.encryptionPublicKey,
    selfReport: () => selfReport(errors),
    ...(state.caFile ? { caFile: state.caFile } : {}),
    onWelcome: ({ wantFullInventory, approval }) => {
      wantFull = wantFullInventory;
      log(`connected as device ${state.deviceId} (${approval.toLowerCase()})`);
      jobs.onConnected();
      // Samples kept while the server was unreachable go out first.
      metrics.flush();
      conditions.onConnected();
      updater.onWelcome();
      void report().catch((err: unknown) => fail(`inventory failed: ${(err as Error).message}`));
    },
    onCommand: (message) => jobs.handleCommand(message),
    onJobAck: (jobUid, attempt) => jobs.onAck(jobUid, attempt),
    onUpdateOffer: (offer) => void updater.onOffer(offer),
    onStateChange: (s, detail) => {
      fs.writeFileSync(statusFile, JSON.stringify({ state: s, detail, at: new Date().toISOString() }));
      if (s !== "connected" && detail) fail(`${s}: ${detail}`);
      else if (s !== "connected") log(s);
      if (s === "stopped" && detail) {
        process.exitCode = 4;
        finish();
      }
    },
  });
  policy.restore();
  connection.start();
  void metrics.start().catch((err: unknown) => fail(`metrics failed: ${(err as Error).message}`));
  conditions.start();
  const timer = setInterval(
    () => void report().catch((err: unknown) => fail(`inventory failed: ${(err as Error).message}`)),
    INVENTORY_SECONDS * 1000,
  );

  await new Promise<void>((resolve) => {
    const stop = () => {
      clearInterval(timer);
      metrics.stop();
      conditions.stop();
      jobs.stopAll();
      connection.stop();
      resolve();
    };
    finish = () => {
      clearInterval(timer);
      metrics.stop();
      conditions.stop();
      resolve();
    };
    process.once("SIGTERM", stop);
    process.once("SIGINT", stop);
  });
}
