import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { agent as proto } from "@steward/contracts";
import type { ConditionCheck } from "@steward/domain";
import { evaluateCheck, type CheckContext } from "./checks.js";
import { ConditionEngine } from "./engine.js";
import { LinuxProbe } from "./linux.js";
import { runConditionScript } from "./platform.js";

const linux = process.platform === "linux";
const dirs: string[] = [];
const children: ChildProcess[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "steward-cond-real-"));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const c of children.splice(0)) c.kill("SIGKILL");
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const context = (over: Partial<CheckContext> = {}): CheckContext => ({
  probe: new LinuxProbe(),
  now: Date.now,
  scripts: new Map(),
  runScript: runConditionScript,
  memory: new Map(),
  key: "k",
  cpu: new Map(),
  processCpu: new Map(),
  ...over,
});

const applied = (key: string, check: ConditionCheck): proto.AppliedCondition => ({
  key,
  condition: {
    name: key,
    enabled: true,
    check,
    severity: "CRITICAL",
    priority: "HIGH",
    healthStatus: "UNHEALTHY",
    channelIds: [],
    notifyTechnicians: false,
    automationScriptIds: [],
    createNinjaTicket: false,
    ticketRulesetId: null,
  },
});

function realEngine() {
  const sent: proto.ConditionEventsMessage[] = [];
  const engine = new ConditionEngine({
    dataDir: tempDir(),
    probe: new LinuxProbe(),
    send: (m) => {
      sent.push(m);
      return true;
    },
    runScript: runConditionScript,
    // Every tick evaluates every condition.
    overrideSeconds: 0.001,
  });
  return { engine, events: () => sent.flatMap((m) => m.events) };
}

/** A copy of `sleep` under a name of its own, so no other process on the machine shares it. */
function uniqueSleep(): { name: string; start(): ChildProcess } {
  const name = `stw${Math.random().toString(36).slice(2, 10)}`;
  const file = path.join(tempDir(), name);
  fs.copyFileSync(fs.realpathSync("/bin/sleep"), file);
  fs.chmodSync(file, 0o755);
  return {
    name,
    start: () => {
      const child = spawn(file, ["300"], { stdio: "ignore" });
      children.push(child);
      return child;
    },
  };
}

const waitUntil = async (what: () => Promise<boolean>) => {
  for (let i = 0; i < 100; i++) {
    if (await what()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("timed out");
};

describe.runIf(linux)("conditions on this Linux machine", () => {
  it("a process condition: running, then killed → TRIGGERED with its detail; started again → RESET", async () => {
    const sleeper = uniqueSleep();
    const child = sleeper.start();
    const probe = new LinuxProbe();
    await waitUntil(async () => (await probe.processes()).some((p) => p.name === sleeper.name));
    const { engine, events } = realEngine();
    engine.setConditions(5, [
      applied("proc", { kind: "process", process: sleeper.name, state: "NOT_RUNNING", durationSeconds: 1 }),
    ]);
    await engine.tick();
    expect(events()).toEqual([]);

    child.kill("SIGKILL");
    await new Promise((r) => child.once("exit", r));
    await engine.tick();
    // It must hold for a second before it counts.
    expect(events()).toEqual([]);
    await new Promise((r) => setTimeout(r, 1100));
    await engine.tick();
    expect(events()).toMatchObject([
      { key: "proc", policyVersion: 5, state: "TRIGGERED", detail: `process ${sleeper.name} is not running` },
    ]);
    await engine.tick();
    expect(events()).toHaveLength(1);

    sleeper.start();
    await waitUntil(async () => (await probe.processes()).some((p) => p.name === sleeper.name));
    await engine.tick();
    expect(events().map((e) => e.state)).toEqual(["TRIGGERED", "RESET"]);
    expect(events()[1]!.detail).toMatch(new RegExp(`^process ${sleeper.name} is running \\(pid \\d+\\)$`));
  });

  it("free space of a temporary directory's filesystem, against thresholds set from its actual free space", async () => {
    const dir = tempDir();
    const s = fs.statfsSync(dir);
    const freePercent = (s.bavail / s.blocks) * 100;
    const freeBytes = s.bavail * s.bsize;
    const below = await evaluateCheck(
      {
        kind: "diskFree",
        mount: dir,
        unit: "PERCENT",
        comparator: "LT",
        value: freePercent + 5,
        resetValue: freePercent + 10,
        durationSeconds: 0,
      },
      context(),
    );
    expect(below).toMatchObject({ triggered: true, recovered: false });
    expect(below!.value).toBeCloseTo(freePercent, 0);
    expect(below!.detail).toMatch(
      new RegExp(`^${dir}: \\d+\\.\\d% free \\(\\d+(\\.\\d)? [KMGT]iB of \\d+(\\.\\d)? [KMGT]iB\\)$`),
    );

    const bytes = await evaluateCheck(
      {
        kind: "diskFree",
        mount: dir,
        unit: "BYTES",
        comparator: "LT",
        value: Math.max(1, freeBytes / 2),
        durationSeconds: 0,
      },
      context(),
    );
    expect(bytes).toMatchObject({ triggered: false, recovered: true });
    expect(Math.abs(bytes!.value! - freeBytes)).toBeLessThan(freeBytes * 0.05 + 64 * 1024 * 1024);

    const usage = await evaluateCheck(
      { kind: "diskUsage", mount: dir, comparator: "GT", value: 100 - freePercent - 5, durationSeconds: 0 },
      context(),
    );
    expect(usage).toMatchObject({ triggered: true });
    expect(usage!.detail).toMatch(/% used \(/);

    await expect(
      evaluateCheck(
        {
          kind: "diskFree",
          mount: path.join(dir, "nope"),
          unit: "PERCENT",
          comparator: "LT",
          value: 5,
          durationSeconds: 0,
        },
        context(),
      ),
    ).rejects.toThrow(/cannot be read: ENOENT/);
  });

  it("CPU, memory, network and uptime read from /proc", async () => {
    const ctx = context();
    const cpu = { kind: "cpu", comparator: "GT", value: 101, durationSeconds: 0 } as const;
    expect(await evaluateCheck(cpu, ctx)).toBeUndefined();
    await new Promise((r) => setTimeout(r, 100));
    const second = await evaluateCheck(cpu, ctx);
    expect(second!.value).toBeGreaterThanOrEqual(0);
    expect(second!.value).toBeLessThanOrEqual(100);
    expect(second!.triggered).toBe(false);

    const mem = await evaluateCheck({ kind: "memory", comparator: "GT", value: 0, durationSeconds: 0 }, ctx);
    expect(mem).toMatchObject({ triggered: true });
    expect(mem!.detail).toMatch(/^memory \d+\.\d% used \(/);

    const net = {
      kind: "network",
      direction: "TOTAL",
      comparator: "GT",
      value: 1e15,
      durationSeconds: 0,
    } as const;
    await evaluateCheck(net, ctx);
    await new Promise((r) => setTimeout(r, 1100));
    const rate = await evaluateCheck(net, ctx);
    expect(rate).toMatchObject({ triggered: false });
    expect(rate!.detail).toMatch(/^network .+\/s received and sent$/);

    const up = await evaluateCheck({ kind: "uptime", days: 3650 }, ctx);
    expect(up).toMatchObject({ triggered: false });
    expect(up!.value).toBeCloseTo(os.uptime() / 86_400, 1);
  });

  it("a process's memory and CPU, summed over the processes of its name; not running reads as 0", async () => {
    const sleeper = uniqueSleep();
    sleeper.start();
    const probe = new LinuxProbe();
    await waitUntil(async () => (await probe.processes()).some((p) => p.name === sleeper.name));
    const ctx = context();
    const memory = await evaluateCheck(
      {
        kind: "processResource",
        process: sleeper.name,
        resource: "MEMORY_BYTES",
        comparator: "GT",
        value: 1024,
        durationSeconds: 0,
      },
      ctx,
    );
    expect(memory).toMatchObject({ triggered: true });
    expect(memory!.detail).toMatch(new RegExp(`^process ${sleeper.name} uses .+iB of memory$`));
    const cpuCheck = {
      kind: "processResource",
      process: sleeper.name,
      resource: "CPU_PERCENT",
      comparator: "GT",
      value: 50,
      durationSeconds: 0,
    } as const;
    expect(await evaluateCheck(cpuCheck, ctx)).toBeUndefined();
    await new Promise((r) => setTimeout(r, 200));
    expect(await evaluateCheck(cpuCheck, ctx)).toMatchObject({ triggered: false, value: 0 });
    expect(await evaluateCheck({ ...cpuCheck, process: "stw-never-started" }, ctx)).toMatchObject({
      triggered: false,
      value: 0,
      detail: "process stw-never-started is not running",
    });
  });

  it("a file that exists, does not, or changed size", async () => {
    const dir = tempDir();
    const file = path.join(dir, "watched.log");
    const ctx = context();
    expect(await evaluateCheck({ kind: "file", path: file, state: "NOT_EXISTS" }, ctx)).toMatchObject({
      triggered: true,
      detail: `${file} does not exist`,
    });
    fs.writeFileSync(file, "a");
    expect(await evaluateCheck({ kind: "file", path: file, state: "EXISTS" }, ctx)).toMatchObject({
      triggered: true,
    });
    const size = { kind: "file", path: file, state: "SIZE_CHANGED" } as const;
    expect(await evaluateCheck(size, ctx)).toBeUndefined();
    expect(await evaluateCheck(size, ctx)).toMatchObject({ triggered: false });
    fs.appendFileSync(file, "more");
    expect(await evaluateCheck(size, ctx)).toMatchObject({
      triggered: true,
      detail: `${file} changed size from 1 B to 5 B`,
    });
    // A folder's size is what its files hold.
    expect(await evaluateCheck({ ...size, path: dir }, { ...ctx, key: "dir" })).toBeUndefined();
    fs.writeFileSync(path.join(dir, "other"), "xyz");
    expect(await evaluateCheck({ ...size, path: dir }, { ...ctx, key: "dir" })).toMatchObject({
      triggered: true,
      value: 8,
    });
  });

  it("a script's exit code or output, run from the delivered script", async () => {
    const scripts = new Map([
      [
        7,
        { id: 7, language: "bash" as const, body: "echo 'queue length: 42'\nexit 3\n", timeoutSeconds: 30 },
      ],
    ]);
    const ctx = context({ scripts });
    expect(
      await evaluateCheck(
        {
          kind: "scriptResult",
          scriptId: 7,
          intervalMinutes: 5,
          match: { on: "EXIT_CODE", comparator: "NE", exitCode: 0 },
        },
        ctx,
      ),
    ).toMatchObject({ triggered: true, value: 3, detail: "script 7 exited with 3" });
    expect(
      await evaluateCheck(
        {
          kind: "scriptResult",
          scriptId: 7,
          intervalMinutes: 5,
          match: { on: "OUTPUT", pattern: "queue length: \\d{2}" },
        },
        ctx,
      ),
    ).toMatchObject({ triggered: true, detail: "script 7 output: queue length: 42" });
    await expect(
      evaluateCheck(
        {
          kind: "scriptResult",
          scriptId: 8,
          intervalMinutes: 5,
          match: { on: "EXIT_CODE", comparator: "EQ", exitCode: 0 },
        },
        ctx,
      ),
    ).rejects.toThrow(/script 8 was not delivered/);
  });

  it("installed software from dpkg (or rpm); a pending restart from /run/reboot-required", async () => {
    const ctx = context();
    const hasDpkg = fs.existsSync("/usr/bin/dpkg-query");
    if (hasDpkg) {
      const bash = await evaluateCheck({ kind: "software", software: "bash", state: "INSTALLED" }, ctx);
      expect(bash).toMatchObject({ triggered: true });
      expect(bash!.detail).toMatch(/^bash \S+ is installed$/);
    }
    expect(
      await evaluateCheck({ kind: "software", software: "stw-no-such-package", state: "NOT_INSTALLED" }, ctx),
    ).toMatchObject({ triggered: true, detail: "stw-no-such-package is not installed" });
    const pending = fs.existsSync("/run/reboot-required") || fs.existsSync("/var/run/reboot-required");
    expect(await evaluateCheck({ kind: "pendingReboot" }, ctx)).toMatchObject({ triggered: pending });
  });

  it("without ClamAV the antivirus check is not available (never triggered); a missing tool is an error, not a trigger", async () => {
    const ctx = context();
    if (!fs.existsSync("/var/lib/clamav"))
      await expect(evaluateCheck({ kind: "antivirus", state: "DISABLED" }, ctx)).rejects.toThrow(
        /no antivirus/,
      );
    const probe = new LinuxProbe();
    const service = probe.service("stw-no-such-unit").then(
      (state) => ({ state }),
      (err: Error) => ({ error: err.message }),
    );
    const outcome = await service;
    // With systemd a unknown unit is missing; without it (a container) systemctl cannot answer.
    if ("state" in outcome) expect(outcome.state).toBe("MISSING");
    else expect(outcome.error).toMatch(/systemctl (failed|is not available)/);
  });
});
