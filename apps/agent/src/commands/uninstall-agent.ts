import fs from "node:fs";
import path from "node:path";
import { agent as proto } from "@steward/contracts";
import { execRunner, onPath, type CommandRunner } from "./device-power.js";
import { agentCommand, type AgentCommandHandler } from "./registry.js";

export const SYSTEMD_UNIT = "/etc/systemd/system/steward-agent.service";
export const LAUNCHD_PLIST = "/Library/LaunchDaemons/com.steward.agent.plist";
export const WINDOWS_SERVICE = "StewardAgent";

export interface UninstallPaths {
  /** The agent's data folder; absent: the one the running agent uses. */
  dataDir?: string;
  /** The folder holding the agent's program files; null when it is not a folder of its own. */
  installDir: string | null;
  /** The service definition file (systemd unit, launchd plist); Windows has none. */
  serviceFile: string | null;
}

export interface UninstallPlan {
  /** Run before the files go: the service is disabled so that nothing starts the agent again. */
  before: string[][];
  /** Files and folders removed. */
  remove: string[];
  /** Run once the result is reported: the running service is stopped (this process with it). */
  after: string[][];
}

/** What removing the agent takes on each OS. */
export function uninstallPlan(
  platform: NodeJS.Platform,
  paths: UninstallPaths,
  has: (program: string) => boolean = () => true,
): UninstallPlan {
  const folders = [paths.installDir, paths.dataDir].filter((p): p is string => typeof p === "string");
  if (platform === "win32") {
    // A running executable cannot be deleted on Windows: a detached cmd removes the folders
    // after the service has stopped.
    const rd = folders.map((f) => `rmdir /s /q "${f}"`).join(" & ");
    return {
      before: [["sc.exe", "config", WINDOWS_SERVICE, "start=", "disabled"]],
      remove: [],
      after: [
        ["cmd.exe", "/c", `timeout /t 5 /nobreak >nul & sc.exe delete ${WINDOWS_SERVICE} & ${rd}`],
        ["sc.exe", "stop", WINDOWS_SERVICE],
      ],
    };
  }
  if (platform === "darwin") {
    const plist = paths.serviceFile ?? LAUNCHD_PLIST;
    return {
      before: [],
      remove: [plist, ...folders],
      after: [["launchctl", "bootout", "system/com.steward.agent"]],
    };
  }
  const unit = paths.serviceFile ?? SYSTEMD_UNIT;
  // Only a unit that is there is disabled and stopped (an agent started by hand has none).
  const systemd = has("systemctl") && fs.existsSync(unit);
  return {
    before: systemd ? [["systemctl", "disable", "steward-agent.service"]] : [],
    remove: [unit, ...folders],
    after: systemd
      ? [
          ["systemctl", "daemon-reload"],
          ["systemctl", "stop", "--no-block", "steward-agent.service"],
        ]
      : [],
  };
}

/**
 * The agent's program folder, only when it is a folder of the agent's own: the one the
 * installer named (STEWARD_AGENT_INSTALL_DIR) or the packages' folders. A script run from a
 * source tree keeps its files.
 */
export function defaultInstallDir(platform: NodeJS.Platform = process.platform): string | null {
  if (process.env.STEWARD_AGENT_INSTALL_DIR) return path.resolve(process.env.STEWARD_AGENT_INSTALL_DIR);
  const known =
    platform === "win32"
      ? [path.join(process.env.ProgramFiles ?? "C:\\Program Files", "Steward", "Agent")]
      : platform === "darwin"
        ? ["/Library/Application Support/Steward/Agent/bin", "/usr/local/steward-agent"]
        : ["/opt/steward-agent", "/usr/lib/steward-agent"];
  return known.find((dir) => fs.existsSync(dir)) ?? null;
}

export interface UninstallEnvironment {
  platform: NodeJS.Platform;
  paths: UninstallPaths;
  run: CommandRunner;
  has(program: string): boolean;
  /** Ends the agent once its result is on its way. */
  exit(): void;
  /** How long the result has to reach the server before the service stops (ms). */
  graceMs: number;
}

export const defaultUninstallEnvironment = (): UninstallEnvironment => ({
  platform: process.platform,
  paths: {
    installDir: defaultInstallDir(),
    serviceFile:
      process.platform === "linux" ? SYSTEMD_UNIT : process.platform === "darwin" ? LAUNCHD_PLIST : null,
  },
  run: execRunner,
  has: onPath,
  exit: () => process.kill(process.pid, "SIGTERM"),
  graceMs: 2000,
});

/** Removes the agent's service and files; the service is stopped once the result is reported. */
export function uninstallAgentHandler(
  env: UninstallEnvironment = defaultUninstallEnvironment(),
): AgentCommandHandler {
  return agentCommand(proto.uninstallAgentCommand, (_payload, ctx) => ({
    done: (async () => {
      const plan = uninstallPlan(env.platform, { dataDir: ctx.dataDir, ...env.paths }, env.has);
      const problems: string[] = [];
      for (const cmd of plan.before) {
        const r = await env.run(cmd[0]!, cmd.slice(1));
        if (r.code !== 0)
          problems.push(`${cmd.join(" ")}: ${r.stderr.trim() || `exit code ${String(r.code)}`}`);
      }
      const removed: string[] = [];
      for (const target of plan.remove) {
        try {
          if (!fs.existsSync(target)) continue;
          fs.rmSync(target, { recursive: true, force: true });
          removed.push(target);
        } catch (err) {
          problems.push(`${target}: ${(err as Error).message}`);
        }
      }
      ctx.log(`uninstalling: removed ${removed.join(", ") || "nothing"}`);
      setTimeout(() => {
        void (async () => {
          for (const cmd of plan.after) await env.run(cmd[0]!, cmd.slice(1));
          env.exit();
        })();
      }, env.graceMs).unref();
      return {
        exitCode: null,
        stdout: removed.map((r) => `removed ${r}\n`).join(""),
        stderr: problems.join("\n"),
        truncated: false,
        errorMessage: null,
        data: { removed },
      };
    })(),
  }));
}
