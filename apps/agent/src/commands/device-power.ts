import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { agent as proto } from "@steward/contracts";
import { agentCommand, type AgentCommandHandler } from "./registry.js";

export interface RunOutcome {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a program with its arguments (never through a shell). */
export type CommandRunner = (file: string, args: string[]) => Promise<RunOutcome>;

/** The logged-on user's answer to "restart now or postpone?". */
export type PostponeAsker = (question: {
  text: string;
  remaining: number;
}) => Promise<"postpone" | "proceed">;

export interface PowerEnvironment {
  platform: NodeJS.Platform;
  run: CommandRunner;
  /** Whether a program is on PATH (optional notifications use it). */
  has(program: string): boolean;
  /** Asks the logged-on user; without a way to ask, the action goes ahead. */
  ask: PostponeAsker;
}

export const execRunner: CommandRunner = (file, args) =>
  new Promise((resolve) => {
    execFile(file, args, { timeout: 60_000, windowsHide: true }, (err, stdout, stderr) => {
      const code = err ? (typeof err.code === "number" ? err.code : null) : 0;
      resolve({
        code,
        stdout: String(stdout),
        stderr: String(stderr || (err && code === null ? err.message : "")),
      });
    });
  });

export function onPath(program: string): boolean {
  for (const dir of (process.env.PATH ?? "").split(path.delimiter)) {
    if (!dir) continue;
    try {
      fs.accessSync(path.join(dir, program), fs.constants.X_OK);
      return true;
    } catch {
      // not in this folder
    }
  }
  return false;
}

export const defaultPowerEnvironment = (): PowerEnvironment => ({
  platform: process.platform,
  run: execRunner,
  has: onPath,
  ask: () => Promise.resolve("proceed"),
});

const verb = (action: proto.DevicePowerPayload["action"]) => (action === "REBOOT" ? "restart" : "shut down");

/** The text the logged-on user sees. */
export function noticeText(payload: proto.DevicePowerPayload, minutes: number): string {
  const when = minutes === 0 ? "now" : `in ${minutes} minute${minutes === 1 ? "" : "s"}`;
  const head = `This computer will ${verb(payload.action)} ${when}.`;
  return payload.message ? `${head} ${payload.message}` : head;
}

/**
 * The program and arguments that schedule the restart or shutdown on this OS.
 * Linux: shutdown -r|-h +N "message" (systemctl when shutdown is missing and it is now);
 * Windows: shutdown.exe /r|/s /t seconds /c "message"; macOS: shutdown -r|-h +N.
 */
export function powerCommand(
  platform: NodeJS.Platform,
  payload: proto.DevicePowerPayload,
  minutes: number,
  has: (program: string) => boolean,
): string[] {
  const reboot = payload.action === "REBOOT";
  const text = noticeText(payload, minutes);
  if (platform === "win32") {
    // shutdown.exe takes at most 512 characters of comment.
    return [
      "shutdown.exe",
      reboot ? "/r" : "/s",
      "/t",
      String(minutes * 60),
      "/c",
      text.slice(0, 512),
      "/d",
      "p:0:0",
    ];
  }
  if (platform === "darwin") return ["shutdown", reboot ? "-r" : "-h", `+${minutes}`, text];
  if (!has("shutdown") && has("systemctl") && minutes === 0)
    return ["systemctl", reboot ? "reboot" : "poweroff"];
  return ["shutdown", reboot ? "-r" : "-h", minutes === 0 ? "now" : `+${minutes}`, text];
}

/** Tells the logged-on users, where the OS has a way to (the shutdown command tells them too). */
export async function notifyUsers(env: PowerEnvironment, text: string): Promise<string[][]> {
  const ran: string[][] = [];
  const run = async (cmd: string[]) => {
    ran.push(cmd);
    await env.run(cmd[0]!, cmd.slice(1));
  };
  if (env.platform === "linux") {
    if (env.has("wall")) await run(["wall", text]);
    if (env.has("notify-send")) await run(["notify-send", "--urgency=critical", "Steward", text]);
  } else if (env.platform === "darwin") {
    const quoted = text.replace(/\\/g, "\\\\").replace(/"/g, '\\"');
    await run(["osascript", "-e", `display notification "${quoted}" with title "Steward"`]);
  } else if (env.platform === "win32") {
    await run(["msg.exe", "*", text.slice(0, 255)]);
  }
  return ran;
}

/** Restart or shutdown: tells the user, lets them postpone up to the limit, then schedules it. */
export async function performPower(
  payload: proto.DevicePowerPayload,
  env: PowerEnvironment,
  output: (line: string) => void = () => undefined,
): Promise<proto.DevicePowerResult & { exitCode: number | null; stderr: string }> {
  let minutes = payload.delayMinutes;
  let postponed = 0;
  const limit = payload.postponeLimit;
  while (postponed < limit) {
    const answer = await env.ask({ text: noticeText(payload, minutes), remaining: limit - postponed });
    if (answer !== "postpone") break;
    postponed += 1;
    minutes = Math.min(proto.MAX_POWER_DELAY_MINUTES, minutes + payload.postponeMinutes);
    output(`postponed by the user (${postponed} of ${limit}): now in ${minutes} minute(s)\n`);
  }
  await notifyUsers(env, noticeText(payload, minutes));
  const command = powerCommand(env.platform, payload, minutes, env.has);
  output(`${command.join(" ")}\n`);
  const outcome = await env.run(command[0]!, command.slice(1));
  return {
    scheduledInMinutes: minutes,
    postponed,
    command,
    exitCode: outcome.code,
    stderr: outcome.stderr,
  };
}

/** The device-power command kind, over an environment tests replace (nothing ever restarts in tests). */
export function devicePowerHandler(env: PowerEnvironment = defaultPowerEnvironment()): AgentCommandHandler {
  return agentCommand(proto.devicePowerCommand, (payload, ctx) => ({
    done: (async () => {
      let stdout = "";
      const out = (line: string) => {
        stdout += line;
        ctx.output("stdout", line);
      };
      try {
        const r = await performPower(payload, env, out);
        const ok = r.exitCode === 0;
        return {
          exitCode: r.exitCode,
          stdout,
          stderr: r.stderr,
          truncated: false,
          errorMessage: ok
            ? null
            : `Could not ${verb(payload.action)} the device: ${r.stderr.trim() || `exit code ${String(r.exitCode)}`}`,
          data: { scheduledInMinutes: r.scheduledInMinutes, postponed: r.postponed, command: r.command },
        };
      } catch (err) {
        return {
          exitCode: null,
          stdout,
          stderr: "",
          truncated: false,
          errorMessage: `Could not ${verb(payload.action)} the device: ${(err as Error).message}`,
        };
      }
    })(),
  }));
}
