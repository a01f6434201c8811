import { describe, expect, it } from "vitest";
import { agent as proto } from "@steward/contracts";
import { devicePowerHandler, performPower, powerCommand, type PowerEnvironment } from "./device-power.js";

const payload = (p: Partial<proto.DevicePowerPayload> = {}): proto.DevicePowerPayload => ({
  action: "REBOOT",
  delayMinutes: 10,
  message: "Updates installed",
  postponeLimit: 0,
  postponeMinutes: 15,
  ...p,
});

/** Records every program the agent would run; nothing is run (this machine never restarts). */
function recorder(platform: NodeJS.Platform, programs: string[], answers: ("postpone" | "proceed")[] = []) {
  const ran: string[][] = [];
  const asked: { text: string; remaining: number }[] = [];
  const env: PowerEnvironment = {
    platform,
    run: (file, args) => {
      ran.push([file, ...args]);
      return Promise.resolve({ code: 0, stdout: "", stderr: "" });
    },
    has: (p) => programs.includes(p),
    ask: (q) => {
      asked.push(q);
      return Promise.resolve(answers.shift() ?? "proceed");
    },
  };
  return { env, ran, asked };
}

describe("device power (restart and shutdown)", () => {
  it("Linux: tells the logged-on users with wall and notify-send, then shutdown -r +N with the message", async () => {
    const { env, ran } = recorder("linux", ["shutdown", "wall", "notify-send"]);
    const r = await performPower(payload(), env);
    expect(ran).toEqual([
      ["wall", "This computer will restart in 10 minutes. Updates installed"],
      [
        "notify-send",
        "--urgency=critical",
        "Steward",
        "This computer will restart in 10 minutes. Updates installed",
      ],
      ["shutdown", "-r", "+10", "This computer will restart in 10 minutes. Updates installed"],
    ]);
    expect(r).toMatchObject({ scheduledInMinutes: 10, postponed: 0, exitCode: 0 });
  });

  it("Linux: a shutdown now without the shutdown program goes through systemctl; no wall, no notify-send when missing", async () => {
    const { env, ran } = recorder("linux", ["systemctl"]);
    await performPower(payload({ action: "SHUTDOWN", delayMinutes: 0, message: undefined }), env);
    expect(ran).toEqual([["systemctl", "poweroff"]]);
    expect(powerCommand("linux", payload({ delayMinutes: 0 }), 0, (p) => p === "shutdown")).toEqual([
      "shutdown",
      "-r",
      "now",
      "This computer will restart now. Updates installed",
    ]);
  });

  it("Windows: shutdown.exe /r /t seconds /c message (at most 512 characters), msg.exe to the sessions", async () => {
    const { env, ran } = recorder("win32", []);
    await performPower(payload({ delayMinutes: 5, message: "x".repeat(500) }), env);
    expect(ran[0]![0]).toBe("msg.exe");
    const cmd = ran[1]!;
    expect(cmd.slice(0, 5)).toEqual(["shutdown.exe", "/r", "/t", "300", "/c"]);
    expect(cmd[5]!.length).toBe(512);
    expect(powerCommand("win32", payload({ action: "SHUTDOWN" }), 0, () => false)[1]).toBe("/s");
  });

  it("macOS: osascript notification (quotes escaped) and shutdown -h +N", async () => {
    const { env, ran } = recorder("darwin", []);
    await performPower(payload({ action: "SHUTDOWN", delayMinutes: 2, message: 'Say "bye"' }), env);
    expect(ran).toEqual([
      [
        "osascript",
        "-e",
        'display notification "This computer will shut down in 2 minutes. Say \\"bye\\"" with title "Steward"',
      ],
      ["shutdown", "-h", "+2", 'This computer will shut down in 2 minutes. Say "bye"'],
    ]);
  });

  it("the user postpones up to the limit and no further; each postpone adds its minutes", async () => {
    const { env, ran, asked } = recorder(
      "linux",
      ["shutdown"],
      ["postpone", "postpone", "postpone", "postpone"],
    );
    const r = await performPower(payload({ postponeLimit: 2, postponeMinutes: 30 }), env);
    expect(asked.map((a) => a.remaining)).toEqual([2, 1]);
    expect(r).toMatchObject({ postponed: 2, scheduledInMinutes: 70 });
    expect(ran.at(-1)!.slice(0, 3)).toEqual(["shutdown", "-r", "+70"]);
  });

  it("a user who chooses to go ahead is not asked again", async () => {
    const { env, asked } = recorder("linux", ["shutdown"], ["postpone", "proceed"]);
    const r = await performPower(payload({ postponeLimit: 5 }), env);
    expect(asked).toHaveLength(2);
    expect(r.postponed).toBe(1);
  });

  it("the handler reports a failing shutdown command as the job's error, with the command run in its data", async () => {
    const { env } = recorder("linux", ["shutdown"]);
    env.run = (file) =>
      Promise.resolve(
        file === "shutdown"
          ? { code: 1, stdout: "", stderr: "Failed to talk to init" }
          : { code: 0, stdout: "", stderr: "" },
      );
    const out: string[] = [];
    const run = devicePowerHandler(env).run(payload(), {
      agentId: 1,
      jobUid: "j",
      attempt: 1,
      dataDir: "/nonexistent",
      output: (_s, c) => out.push(c),
      openSecret: () => "",
      cancelJob: () => undefined,
      log: () => undefined,
    });
    const r = await run.done;
    expect(r?.errorMessage).toBe("Could not restart the device: Failed to talk to init");
    expect(r?.data).toMatchObject({
      scheduledInMinutes: 10,
      command: ["shutdown", "-r", "+10", expect.any(String)],
    });
    expect(out.join("")).toContain("shutdown -r +10");
  });
});
