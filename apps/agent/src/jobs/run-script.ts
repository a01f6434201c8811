import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { agent as proto } from "@steward/contracts";

const LIMIT = 1024 * 1024;

/** A run-script payload once its sealed password (if any) was opened by the agent. */
export type ScriptPayload = Omit<proto.RunScriptPayload, "account"> & {
  account?: { username: string; domain?: string; password?: string };
};

export interface ScriptRun {
  done: Promise<{
    exitCode: number | null;
    stdout: string;
    stderr: string;
    truncated: boolean;
    errorMessage: string | null;
    timedOut: boolean;
    cancelled: boolean;
  }>;
  cancel(): void;
}

function interpreter(language: proto.RunScriptPayload["language"], file: string): [string, string[]] {
  switch (language) {
    case "bash":
      return ["bash", [file]];
    case "sh":
      return ["sh", [file]];
    case "python":
      return [process.platform === "win32" ? "python" : "python3", [file]];
    case "powershell":
      return [
        process.platform === "win32" ? "powershell.exe" : "pwsh",
        ["-NoProfile", "-NonInteractive", "-ExecutionPolicy", "Bypass", "-File", file],
      ];
    case "batch":
      return ["cmd.exe", ["/d", "/c", file]];
    default: {
      const exhaustive: never = language;
      return exhaustive;
    }
  }
}

const EXTENSIONS: Record<proto.RunScriptPayload["language"], string> = {
  bash: ".sh",
  sh: ".sh",
  python: ".py",
  powershell: ".ps1",
  batch: ".cmd",
};

/** Who a script runs as, decided from the command's run-as choice before anything starts. */
export type RunIdentity =
  | { kind: "self" }
  | { kind: "posix-user"; username: string; uid: number; gid: number; home: string }
  | {
      kind: "windows-credential";
      username: string;
      domain: string | null;
      password: string;
    }
  | { kind: "refused"; message: string };

/** What the identity decision may ask of the machine (tests replace it). */
export interface IdentitySystem {
  platform: NodeJS.Platform;
  /** The agent's own uid (undefined on Windows). */
  uid: number | undefined;
  agentUser: string;
  /** uid, gid and home of a local account, or null when there is none. */
  lookupUser(name: string): { uid: number; gid: number; home: string } | null;
  /** The user at the console (the logged-in user's session), or null. */
  consoleUser(): string | null;
}

const run = (cmd: string, args: string[]): string | null => {
  try {
    return execFileSync(cmd, args, {
      encoding: "utf8",
      timeout: 5000,
      stdio: ["ignore", "pipe", "ignore"],
    }).trim();
  } catch {
    return null;
  }
};

/** The real machine: `id -u/-g` and getent (Linux) for accounts, loginctl/who or /dev/console for the console user. */
export const localSystem: IdentitySystem = {
  platform: process.platform,
  uid: process.getuid?.(),
  agentUser: (() => {
    try {
      return os.userInfo().username;
    } catch {
      return "the agent's account";
    }
  })(),
  lookupUser(name) {
    const uid = run("id", ["-u", "--", name]);
    const gid = run("id", ["-g", "--", name]);
    if (uid === null || gid === null || !/^\d+$/.test(uid) || !/^\d+$/.test(gid)) return null;
    const home = run("getent", ["passwd", name])?.split(":")[5] || "/";
    return { uid: Number(uid), gid: Number(gid), home };
  },
  consoleUser() {
    if (process.platform === "darwin") {
      try {
        const uid = fs.statSync("/dev/console").uid;
        return uid === 0 ? null : (run("id", ["-un", String(uid)]) ?? null);
      } catch {
        return null;
      }
    }
    const session = run("loginctl", ["show-seat", "seat0", "-p", "ActiveSession", "--value"]);
    const user = session ? run("loginctl", ["show-session", session, "-p", "Name", "--value"]) : null;
    if (user) return user;
    // No seat manager: the first user logged in on a local terminal or display.
    for (const line of (run("who", []) ?? "").split("\n")) {
      const [name, tty] = line.trim().split(/\s+/);
      if (name && name !== "root" && tty && /^(tty|:|console)/.test(tty)) return name;
    }
    return null;
  },
};

const SYSTEM = "System";
const LOGGED_ON_USER = "Current Logged on User";

/**
 * Decides who runs the script. "System" is the agent's own identity. A stored credential (the
 * payload's account) selects the local account by its username on Linux and macOS, and is logged
 * on with on Windows; "Current Logged on User" is the console user. Running as someone else needs
 * the agent to run as root on Linux and macOS; otherwise the job fails with a clear text and
 * never silently runs as the agent's own identity.
 */
export function decideIdentity(payload: ScriptPayload, sys: IdentitySystem = localSystem): RunIdentity {
  const runAs = payload.runAs === "" ? SYSTEM : payload.runAs;
  if (runAs === SYSTEM && !payload.account) return { kind: "self" };
  if (sys.platform === "win32") {
    if (payload.account?.password !== undefined) {
      const [domain, user] = payload.account.username.includes("\\")
        ? (payload.account.username.split("\\", 2) as [string, string])
        : [payload.account.domain ?? null, payload.account.username];
      return { kind: "windows-credential", username: user, domain, password: payload.account.password };
    }
    return {
      kind: "refused",
      message:
        runAs === LOGGED_ON_USER
          ? `Run As "${runAs}" is not available on this device: this agent cannot start scripts in a user's session on Windows`
          : `Run As "${runAs}" is not available on this device: the command carries no password for the account`,
    };
  }
  let username: string | null;
  if (payload.account) username = payload.account.username;
  else if (runAs === LOGGED_ON_USER) {
    username = sys.consoleUser();
    if (!username)
      return { kind: "refused", message: `Run As "${runAs}": no user is logged on at this device` };
  } else return { kind: "refused", message: `Run As "${runAs}" is not available on this device` };
  const account = sys.lookupUser(username);
  if (!account)
    return {
      kind: "refused",
      message: `Run As "${runAs}": there is no local account "${username}" on this device`,
    };
  if (account.uid === sys.uid) return { kind: "self" };
  if (sys.uid !== 0)
    return {
      kind: "refused",
      message: `Run As "${runAs}": the agent runs as ${sys.agentUser}, not root, so it cannot run scripts as "${username}"`,
    };
  return { kind: "posix-user", username, ...account };
}

/**
 * Windows, run as a stored credential: the script's interpreter is started by a PowerShell
 * launcher with Start-Process -Credential, the account's password given in an environment
 * variable the launcher removes at once (never on a command line), and the output read back from
 * files only that process can write. Returns the program, its arguments and the environment.
 */
export function windowsCredentialLaunch(
  identity: Extract<RunIdentity, { kind: "windows-credential" }>,
  program: string,
  args: string[],
  outDir: string,
): { program: string; args: string[]; env: Record<string, string> } {
  const launcher = [
    "$ErrorActionPreference = 'Stop'",
    "$secret = ConvertTo-SecureString $env:STEWARD_RUNAS_PASSWORD -AsPlainText -Force",
    "Remove-Item Env:STEWARD_RUNAS_PASSWORD",
    '$account = if ($env:STEWARD_RUNAS_DOMAIN) { "$env:STEWARD_RUNAS_DOMAIN\\$env:STEWARD_RUNAS_USER" } else { $env:STEWARD_RUNAS_USER }',
    "$credential = New-Object System.Management.Automation.PSCredential($account, $secret)",
    "$arguments = $env:STEWARD_RUNAS_ARGS | ConvertFrom-Json",
    "$out = Join-Path $env:STEWARD_RUNAS_OUT 'stdout.txt'; $err = Join-Path $env:STEWARD_RUNAS_OUT 'stderr.txt'",
    "$p = Start-Process -FilePath $env:STEWARD_RUNAS_PROGRAM -ArgumentList $arguments -Credential $credential -WorkingDirectory $env:STEWARD_RUNAS_OUT -NoNewWindow -Wait -PassThru -RedirectStandardOutput $out -RedirectStandardError $err",
    "if (Test-Path $out) { [Console]::Out.Write((Get-Content -Raw $out)) }",
    "if (Test-Path $err) { [Console]::Error.Write((Get-Content -Raw $err)) }",
    "exit $p.ExitCode",
  ].join("; ");
  return {
    program: "powershell.exe",
    args: ["-NoProfile", "-NonInteractive", "-ExecutionPolicy", "Bypass", "-Command", launcher],
    env: {
      STEWARD_RUNAS_USER: identity.username,
      STEWARD_RUNAS_DOMAIN: identity.domain ?? "",
      STEWARD_RUNAS_PASSWORD: identity.password,
      STEWARD_RUNAS_PROGRAM: program,
      // Each argument quoted for the Windows command line, as Start-Process joins them with spaces.
      STEWARD_RUNAS_ARGS: JSON.stringify(
        args.map((a) => `"${a.replace(/(\\*)"/g, '$1$1\\"').replace(/(\\+)$/, "$1$1")}"`),
      ),
      STEWARD_RUNAS_OUT: outDir,
    },
  };
}

const refusedRun = (errorMessage: string): ScriptRun => ({
  cancel: () => undefined,
  done: Promise.resolve({
    exitCode: null,
    stdout: "",
    stderr: "",
    truncated: false,
    errorMessage,
    timedOut: false,
    cancelled: false,
  }),
});

/**
 * Runs a script from a private temp file. Parameters arrive as an argument array and as
 * STEWARD_PARAM_<NAME> environment variables — never spliced into a shell command line.
 */
export function runScript(
  payload: ScriptPayload,
  onOutput: (stream: "stdout" | "stderr", chunk: string) => void,
  sys: IdentitySystem = localSystem,
): ScriptRun {
  const identity = decideIdentity(payload, sys);
  if (identity.kind === "refused") return refusedRun(identity.message);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "steward-job-"));
  fs.chmodSync(dir, 0o700);
  const file = path.join(dir, `script${EXTENSIONS[payload.language]}`);
  fs.writeFileSync(file, payload.body, { mode: 0o700 });
  const [command, baseArgs] = interpreter(payload.language, file);
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const p of payload.parameters) env[`STEWARD_PARAM_${p.name.toUpperCase()}`] = p.value;
  let argv = [...baseArgs, ...payload.parameters.map((p) => p.value)];
  let program = command;
  let ids: { uid: number; gid: number } | undefined;
  if (identity.kind === "posix-user") {
    // The private folder and the script belong to the account; the process drops to its uid and gid.
    fs.chownSync(dir, identity.uid, identity.gid);
    fs.chownSync(file, identity.uid, identity.gid);
    ids = { uid: identity.uid, gid: identity.gid };
    Object.assign(env, { HOME: identity.home, USER: identity.username, LOGNAME: identity.username });
  } else if (identity.kind === "windows-credential") {
    const launch = windowsCredentialLaunch(identity, program, argv, dir);
    program = launch.program;
    argv = launch.args;
    Object.assign(env, launch.env);
  }

  let stdout = "";
  let stderr = "";
  let truncated = false;
  let timedOut = false;
  let cancelled = false;
  let child: ChildProcess;
  const done = new Promise<Awaited<ScriptRun["done"]>>((resolve) => {
    child = spawn(program, argv, {
      cwd: dir,
      env,
      stdio: ["ignore", "pipe", "pipe"],
      windowsHide: true,
      detached: process.platform !== "win32",
      ...ids,
    });
    const collect = (stream: "stdout" | "stderr") => (data: Buffer) => {
      const text = data.toString("utf8");
      const current = stream === "stdout" ? stdout : stderr;
      const room = LIMIT - current.length;
      const kept = room > 0 ? text.slice(0, room) : "";
      if (kept.length < text.length) truncated = true;
      if (stream === "stdout") stdout += kept;
      else stderr += kept;
      if (kept) onOutput(stream, kept);
    };
    child.stdout?.on("data", collect("stdout"));
    child.stderr?.on("data", collect("stderr"));
    const timer = setTimeout(() => {
      timedOut = true;
      kill();
    }, payload.timeoutSeconds * 1000);
    const finish = (exitCode: number | null, errorMessage: string | null) => {
      clearTimeout(timer);
      fs.rmSync(dir, { recursive: true, force: true });
      resolve({ exitCode, stdout, stderr, truncated, errorMessage, timedOut, cancelled });
    };
    child.on("error", (err) => finish(null, `Could not start ${program}: ${err.message}`));
    child.on("close", (code, signal) => {
      let message: string | null = null;
      if (timedOut) message = `The script timed out after ${payload.timeoutSeconds} seconds`;
      else if (cancelled) message = "The script was cancelled";
      else if (signal) message = `The script was stopped by signal ${signal}`;
      else if (code !== 0)
        message = stderr.trim().split("\n").slice(-5).join("\n") || `The script exited with code ${code}`;
      finish(code, message);
    });
  });
  const kill = () => {
    try {
      // The whole process group: a script's own children go too.
      if (child.pid && process.platform !== "win32") process.kill(-child.pid, "SIGKILL");
      else child.kill("SIGKILL");
    } catch {
      // already gone
    }
  };
  return {
    done,
    cancel() {
      cancelled = true;
      kill();
    },
  };
}
