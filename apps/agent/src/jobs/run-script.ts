import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { agent as proto } from "@steward/contracts";

const LIMIT = 1024 * 1024;

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

/**
 * Runs a script from a private temp file. Parameters arrive as an argument array and as
 * STEWARD_PARAM_<NAME> environment variables — never spliced into a shell command line.
 */
export function runScript(
  payload: proto.RunScriptPayload,
  onOutput: (stream: "stdout" | "stderr", chunk: string) => void,
): ScriptRun {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "steward-job-"));
  fs.chmodSync(dir, 0o700);
  const file = path.join(dir, `script${EXTENSIONS[payload.language]}`);
  fs.writeFileSync(file, payload.body, { mode: 0o700 });
  const [command, baseArgs] = interpreter(payload.language, file);
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const p of payload.parameters) env[`STEWARD_PARAM_${p.name.toUpperCase()}`] = p.value;
  let argv = [...baseArgs, ...payload.parameters.map((p) => p.value)];
  let program = command;
  if (payload.runAs !== "System" && payload.runAs !== "") {
    // Run as another local account where the agent may (root on Linux/macOS); otherwise refuse.
    if (process.platform !== "win32" && process.getuid?.() === 0) {
      argv = ["-u", payload.runAs, "--", program, ...argv];
      program = process.platform === "linux" ? "runuser" : "sudo";
    } else {
      return {
        cancel: () => undefined,
        done: Promise.resolve({
          exitCode: null,
          stdout: "",
          stderr: "",
          truncated: false,
          errorMessage: `Run As "${payload.runAs}" is not available on this device`,
          timedOut: false,
          cancelled: false,
        }),
      };
    }
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
