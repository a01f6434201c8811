#!/usr/bin/env node
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { agent as proto } from "@steward/contracts";
import { AGENT_VERSION } from "./version.js";
import {
  defaultDataDir,
  loadState,
  newEncryptionKeyPair,
  newKeyPair,
  saveState,
  stateFile,
} from "./identity.js";
import { postJson } from "./connection/http.js";
import { checkServerKey, normalizeFingerprint } from "./server-key.js";
import { collectInventory } from "./inventory/collect.js";
import { runAgent } from "./run.js";
import { Launcher } from "./update/launcher.js";
import { seedInstall } from "./update/layout.js";
import { startFleet } from "./sim/fleet.js";
import { launchdPlist, systemdUnit, windowsServiceScript } from "./service/definitions.js";
import { installPath, isBinaryBuild } from "./self-report.js";

const USAGE = `steward-agent ${AGENT_VERSION}

Usage:
  steward-agent enroll --server URL --token TOKEN [--server-key-fingerprint SHA256] [--ca FILE] [--data-dir DIR]
      --server-key-fingerprint: SHA-256 (hex or base64url) of the server's command-signing key, as
      printed in the install command; an enrollment answer with another key is refused.
      --ca: a CA certificate (PEM) to trust for an https server, besides Node's own CAs.
  steward-agent run [--data-dir DIR]
  steward-agent install-service [--data-dir DIR] [--install-dir DIR] [--print]
      The service starts "launch --install-dir DIR" (default: the folder of this program), so
      the version an update installed is the one that starts after a reboot.
  steward-agent status [--data-dir DIR]
  steward-agent simulate --server URL --token TOKEN --count N [--state-file FILE] [--seed N]
      [--heartbeat SECONDS] [--churn-disconnects PER_MIN] [--churn-inventory PER_MIN]
      Runs N simulated agents (marked as simulated in the console) over the real protocol.
  steward-agent launch --install-dir DIR [--data-dir DIR]
      Runs the agent of DIR/current (seeding DIR with this build the first time) and restores the
      previous version when an update does not reconnect and pass its health check in time.
  steward-agent version`;

function die(message: string, code = 1): never {
  process.stderr.write(`${message}\n`);
  process.exit(code);
}

interface EnrollOptions {
  serverUrl: string;
  token: string;
  dataDir: string;
  fingerprint?: string | undefined;
  caFile?: string | undefined;
}

async function enroll({ serverUrl, token, dataDir, fingerprint, caFile }: EnrollOptions): Promise<void> {
  if (fingerprint !== undefined && !normalizeFingerprint(fingerprint))
    die("The --server-key-fingerprint value is not a SHA-256 in hex or base64url.", 2);
  const existing = loadState(dataDir);
  if (existing) {
    // Running the install command again keeps the identity, so the service steps after it still run.
    if (existing.serverUrl.replace(/\/+$/, "") === serverUrl.replace(/\/+$/, "")) {
      process.stdout.write(
        `Already enrolled as device ${existing.deviceId} with ${existing.serverUrl}; keeping it.\n`,
      );
      return;
    }
    die(
      `Already enrolled with ${existing.serverUrl} (${stateFile(dataDir)}). Remove that file to enroll with another server.`,
    );
  }
  const keys = newKeyPair();
  const encryption = newEncryptionKeyPair();
  const inventory = await collectInventory();
  const body: proto.EnrollRequest = {
    token,
    publicKey: keys.publicKey,
    encryptionPublicKey: encryption.encryptionPublicKey,
    inventory,
  };
  const url = `${serverUrl.replace(/\/+$/, "")}/agent/v1/enroll`;
  const ca = caFile ? path.resolve(caFile) : undefined;
  let res: Awaited<ReturnType<typeof postJson>>;
  try {
    res = await postJson(url, body, ca);
  } catch (err) {
    die(`Cannot reach ${url}: ${(err as Error).message}`);
  }
  const { json } = res;
  if (res.status < 200 || res.status >= 300)
    die(`Enrollment refused (${res.status}): ${String(json.message ?? "no answer")}`);
  const answer = proto.enrollResponse.parse(json);
  const mismatch = checkServerKey(answer.serverPublicKey, fingerprint);
  if (mismatch) die(mismatch);
  if (fingerprint === undefined)
    process.stderr.write(
      "No --server-key-fingerprint given: the server's command key was trusted as received. Install commands from the console carry it.\n",
    );
  saveState(dataDir, {
    deviceId: answer.deviceId,
    serverUrl,
    privateKeyPem: keys.privateKeyPem,
    publicKey: keys.publicKey,
    serverPublicKey: answer.serverPublicKey,
    ...encryption,
    ...(ca ? { caFile: ca } : {}),
    enrolledAt: new Date().toISOString(),
  });
  fs.writeFileSync(path.join(dataDir, "inventory.json"), JSON.stringify(inventory), { mode: 0o600 });
  const pending = answer.approval === "PENDING" ? " It waits for approval in the console." : "";
  process.stdout.write(`Enrolled as device ${answer.deviceId}.${pending}\n`);
}

async function main() {
  const [command = "help", ...rest] = process.argv.slice(2);
  const { values } = parseArgs({
    args: rest,
    options: {
      server: { type: "string" },
      token: { type: "string" },
      "server-key-fingerprint": { type: "string" },
      ca: { type: "string" },
      "data-dir": { type: "string" },
      print: { type: "boolean" },
      count: { type: "string" },
      "state-file": { type: "string" },
      seed: { type: "string" },
      heartbeat: { type: "string" },
      "churn-disconnects": { type: "string" },
      "churn-inventory": { type: "string" },
      "install-dir": { type: "string" },
    },
    strict: true,
  });
  const dataDir = values["data-dir"] ? path.resolve(values["data-dir"]) : defaultDataDir();
  switch (command) {
    case "enroll":
      if (!values.server || !values.token) die(USAGE, 2);
      await enroll({
        serverUrl: values.server,
        token: values.token,
        dataDir,
        fingerprint: values["server-key-fingerprint"],
        caFile: values.ca,
      });
      break;
    case "run": {
      const state = loadState(dataDir);
      if (!state) die(`Not enrolled: run "steward-agent enroll --server URL --token TOKEN" first.`);
      await runAgent(state, dataDir);
      break;
    }
    case "status": {
      const state = loadState(dataDir);
      if (!state) {
        process.stdout.write(`Not enrolled (data folder ${dataDir}).\n`);
        process.exitCode = 3;
        break;
      }
      const status = path.join(dataDir, "status.json");
      const live = fs.existsSync(status)
        ? (JSON.parse(fs.readFileSync(status, "utf8")) as Record<string, unknown>)
        : {};
      process.stdout.write(
        `Device ${state.deviceId} enrolled ${state.enrolledAt} with ${state.serverUrl}\n` +
          `Connection: ${String(live.state ?? "unknown")}${live.at ? ` (since ${String(live.at)})` : ""}\n`,
      );
      break;
    }
    case "install-service": {
      // The self-contained executable is the program itself; a script needs Node.js to run it.
      // The service runs the launcher over the install folder (the program's own by default).
      const installDir = path.resolve(values["install-dir"] ?? path.dirname(installPath()));
      const spec = isBinaryBuild()
        ? { nodePath: process.execPath, dataDir, installDir }
        : { nodePath: process.execPath, agentPath: installPath(), dataDir, installDir };
      if (process.platform === "linux") {
        const unit = systemdUnit(spec);
        if (values.print) process.stdout.write(unit);
        else {
          fs.writeFileSync("/etc/systemd/system/steward-agent.service", unit, { mode: 0o644 });
          process.stdout.write(
            "Wrote /etc/systemd/system/steward-agent.service. Start it with: systemctl daemon-reload && systemctl enable --now steward-agent\n",
          );
        }
      } else if (process.platform === "darwin") {
        const plist = launchdPlist(spec);
        if (values.print) process.stdout.write(plist);
        else {
          fs.writeFileSync("/Library/LaunchDaemons/com.steward.agent.plist", plist, { mode: 0o644 });
          process.stdout.write(
            "Wrote /Library/LaunchDaemons/com.steward.agent.plist. Load it with: launchctl load -w /Library/LaunchDaemons/com.steward.agent.plist\n",
          );
        }
      } else if (process.platform === "win32") {
        const script = windowsServiceScript(spec);
        if (values.print) process.stdout.write(script);
        else {
          const file = path.join(dataDir, "install-service.ps1");
          fs.mkdirSync(dataDir, { recursive: true });
          fs.writeFileSync(file, script);
          process.stdout.write(`Wrote ${file}. Run it in an elevated PowerShell.\n`);
        }
      } else die(`No service definition for ${process.platform}.`);
      break;
    }
    case "simulate": {
      if (!values.server || !values.token || !values.count) die(USAGE, 2);
      const num = (v: string | undefined) => (v === undefined ? undefined : Number(v));
      const fleet = await startFleet({
        serverUrl: values.server.replace(/\/+$/, ""),
        token: values.token,
        count: Number(values.count),
        ...(values["state-file"] ? { stateFile: path.resolve(values["state-file"]) } : {}),
        ...(values.seed ? { seed: Number(values.seed) } : {}),
        ...(values.heartbeat ? { heartbeatSeconds: Number(values.heartbeat) } : {}),
        ...(num(values["churn-disconnects"])
          ? { disconnectsPerMinute: num(values["churn-disconnects"]) }
          : {}),
        ...(num(values["churn-inventory"])
          ? { inventoryChangesPerMinute: num(values["churn-inventory"]) }
          : {}),
        log: (m) => process.stdout.write(`${m}\n`),
      });
      process.stdout.write(`simulating ${fleet.agents.length} agents\n`);
      await new Promise<void>((resolve) => {
        process.once("SIGTERM", resolve);
        process.once("SIGINT", resolve);
      });
      fleet.stop();
      break;
    }
    case "launch": {
      if (!values["install-dir"]) die(USAGE, 2);
      const installDir = path.resolve(values["install-dir"]);
      seedInstall(installDir, AGENT_VERSION, installPath(), isBinaryBuild() ? "binary" : "bundle");
      const launcher = new Launcher({ installDir, args: ["run", "--data-dir", dataDir] });
      process.once("SIGTERM", () => launcher.stop());
      process.once("SIGINT", () => launcher.stop());
      await launcher.run();
      break;
    }
    case "version":
      process.stdout.write(`${AGENT_VERSION}\n`);
      break;
    default:
      process.stdout.write(`${USAGE}\n`);
      if (command !== "help" && command !== "--help") process.exitCode = 2;
  }
}

main().catch((err: unknown) => die(err instanceof Error ? err.message : String(err)));
