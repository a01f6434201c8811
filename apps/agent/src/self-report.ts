import fs from "node:fs";
import path from "node:path";
import type { agent as proto } from "@steward/contracts";

declare global {
  /** Set to true by the single-executable build (a build-time constant); absent in the script build. */
  var __STEWARD_BINARY__: boolean | undefined;
}

/** Whether this agent runs as one self-contained executable (Node.js built in) rather than a script. */
export function isBinaryBuild(): boolean {
  return globalThis.__STEWARD_BINARY__ === true;
}

/** The file a service manager starts: the executable itself, or the script file run by Node.js. */
export function installPath(): string {
  if (isBinaryBuild()) return process.execPath;
  return path.resolve(process.argv[1] ?? process.execPath);
}

const MAX_ERRORS = 10;
const MAX_MESSAGE = 500;

/**
 * The agent's last errors, newest last, kept in the data folder so that the errors before a
 * crash or restart are still reported after it.
 */
export class ErrorLog {
  private readonly file: string;
  private errors: proto.AgentSelfReport["lastErrors"];

  constructor(dataDir: string) {
    this.file = path.join(dataDir, "last-errors.json");
    this.errors = [];
    try {
      const saved = JSON.parse(fs.readFileSync(this.file, "utf8")) as unknown;
      if (Array.isArray(saved))
        this.errors = saved
          .filter(
            (e): e is { at: string; message: string } =>
              typeof e === "object" &&
              e !== null &&
              typeof (e as { at?: unknown }).at === "string" &&
              typeof (e as { message?: unknown }).message === "string",
          )
          .slice(-MAX_ERRORS);
    } catch {
      // No file yet, or an unreadable one: start empty.
    }
  }

  record(message: string, at = new Date()): void {
    this.errors.push({ at: at.toISOString(), message: message.slice(0, MAX_MESSAGE) });
    this.errors = this.errors.slice(-MAX_ERRORS);
    try {
      fs.writeFileSync(this.file, JSON.stringify(this.errors), { mode: 0o600 });
    } catch {
      // The data folder is not writable: the errors stay in memory for this run.
    }
  }

  list(): proto.AgentSelfReport["lastErrors"] {
    return [...this.errors];
  }
}

/**
 * The service manager that started the agent, told by what each one puts in the environment of
 * the programs it starts: systemd an invocation id, launchd the job's name, and a Windows service
 * runs outside every logon session (no session name).
 */
export function serviceManager(
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
): NonNullable<proto.AgentSelfReport["serviceManager"]> {
  if (platform === "linux" && env.INVOCATION_ID) return "systemd";
  if (platform === "darwin" && env.XPC_SERVICE_NAME && env.XPC_SERVICE_NAME !== "0") return "launchd";
  if (platform === "win32" && !env.SESSIONNAME) return "windows";
  return "none";
}

/** What the agent tells the server about itself in each hello. */
export function selfReport(errors: ErrorLog, env: NodeJS.ProcessEnv = process.env): proto.AgentSelfReport {
  // The launcher names its install folder to the agent it starts; without one there is no self-update.
  const installDir = env.STEWARD_AGENT_INSTALL_DIR;
  return {
    platform: process.platform,
    arch: process.arch,
    installPath: installPath(),
    packaging: isBinaryBuild() ? "binary" : "script",
    lastErrors: errors.list(),
    ...(installDir ? { installDir } : {}),
    serviceManager: serviceManager(env),
  };
}
