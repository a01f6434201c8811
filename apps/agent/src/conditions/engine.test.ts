import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { agent as proto } from "@steward/contracts";
import type { ConditionCheck } from "@steward/domain";
import { ConditionEngine, CONDITION_STATE_FILE } from "./engine.js";
import type { SystemProbe } from "./probe.js";

const dirs: string[] = [];
const dataDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "steward-conditions-"));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A device whose memory use and processes the test sets. */
function fakeDevice() {
  const device = {
    memoryPercent: 50,
    processes: [] as string[],
    failing: false,
    probe: {
      platform: "linux",
      memory: async () => {
        if (device.failing) throw new Error("meminfo unreadable");
        return { usedBytes: device.memoryPercent * 1024 ** 3, totalBytes: 100 * 1024 ** 3 };
      },
      processes: async () => device.processes.map((name, i) => ({ pid: 100 + i, name, memoryBytes: 1 })),
    } as unknown as SystemProbe,
  };
  return device;
}

/** An engine on a clock the test moves, its messages collected, "connected" as the test says. */
function engineFor(device: ReturnType<typeof fakeDevice>, dir = dataDir()) {
  const clock = { now: 1_700_000_000_000 };
  const sent: proto.ConditionEventsMessage[] = [];
  const logs: string[] = [];
  const link = { connected: true };
  const engine = new ConditionEngine({
    dataDir: dir,
    probe: device.probe,
    send: (m) => {
      if (!link.connected) return false;
      sent.push(m);
      return true;
    },
    runScript: async () => ({ exitCode: 0, stdout: "", errorMessage: null, timedOut: false }),
    log: (m) => logs.push(m),
    now: () => clock.now,
  });
  /** Moves the clock by the cadence and evaluates what is due. */
  const step = async (seconds = 15) => {
    clock.now += seconds * 1000;
    await engine.tick();
  };
  const events = () => sent.filter((m) => !m.snapshot).flatMap((m) => m.events);
  return { engine, sent, logs, link, clock, step, events, dir };
}

const memory = (
  over: Partial<{ value: number; resetValue: number; durationSeconds: number }> = {},
): ConditionCheck => ({
  kind: "memory",
  comparator: "GT",
  value: 90,
  durationSeconds: 0,
  ...over,
});

const applied = (key: string, check: ConditionCheck): proto.AppliedCondition => ({
  key,
  condition: {
    name: key,
    enabled: true,
    check,
    severity: "MAJOR",
    priority: "HIGH",
    healthStatus: "NEEDS_ATTENTION",
    channelIds: [],
    notifyTechnicians: false,
    automationScriptIds: [],
    createNinjaTicket: false,
    ticketRulesetId: null,
  },
});

describe("condition engine", () => {
  it("triggers only once the value has held for the duration, with the value and the device's words", async () => {
    const device = fakeDevice();
    const { engine, step, events } = engineFor(device);
    engine.setConditions(4, [applied("mem", memory({ durationSeconds: 60 }))]);
    device.memoryPercent = 95;
    await step(0);
    await step();
    await step();
    await step();
    expect(events()).toEqual([]);
    // A dip restarts the clock.
    device.memoryPercent = 50;
    await step();
    device.memoryPercent = 95;
    for (let i = 0; i < 4; i++) await step();
    expect(events()).toEqual([]);
    await step();
    expect(events()).toEqual([
      {
        key: "mem",
        policyVersion: 4,
        state: "TRIGGERED",
        at: expect.any(Number),
        value: 95,
        detail: "memory 95.0% used (95.0 GiB of 100.0 GiB)",
      },
    ]);
  });

  it("a triggered condition is not reported again while it holds, and resets only past the reset threshold", async () => {
    const device = fakeDevice();
    const { engine, step, events } = engineFor(device);
    engine.setConditions(1, [applied("mem", memory({ value: 90, resetValue: 80 }))]);
    device.memoryPercent = 95;
    await step();
    for (let i = 0; i < 10; i++) await step();
    expect(events().map((e) => e.state)).toEqual(["TRIGGERED"]);
    // Below the trigger but above the reset threshold: still triggered.
    device.memoryPercent = 85;
    await step();
    expect(events().map((e) => e.state)).toEqual(["TRIGGERED"]);
    device.memoryPercent = 79;
    await step();
    expect(events().map((e) => [e.state, e.value])).toEqual([
      ["TRIGGERED", 95],
      ["RESET", 79],
    ]);
    expect(engine.triggeredKeys()).toEqual([]);
  });

  it("keeps events while disconnected; on connection sends them, then the snapshot of what is triggered now", async () => {
    const device = fakeDevice();
    const { engine, step, sent, link } = engineFor(device);
    engine.setConditions(2, [
      applied("mem", memory()),
      applied("proc", { kind: "process", process: "nginx", state: "NOT_RUNNING", durationSeconds: 0 }),
    ]);
    link.connected = false;
    device.memoryPercent = 95;
    device.processes = ["nginx"];
    await step();
    device.processes = [];
    await step();
    expect(sent).toEqual([]);

    link.connected = true;
    engine.onConnected();
    expect(sent).toHaveLength(2);
    expect(sent[0]).toMatchObject({ snapshot: false });
    expect(sent[0]!.events.map((e) => [e.key, e.state])).toEqual([
      ["mem", "TRIGGERED"],
      ["proc", "TRIGGERED"],
    ]);
    expect(sent[0]!.events[1]!.detail).toBe("process nginx is not running");
    expect(sent[1]).toMatchObject({ type: "condition-events", v: 1, snapshot: true });
    expect(sent[1]!.events.map((e) => [e.key, e.state, e.policyVersion])).toEqual([
      ["mem", "TRIGGERED", 2],
      ["proc", "TRIGGERED", 2],
    ]);

    // A reconnection later repeats only the snapshot (nothing new happened).
    engine.onConnected();
    expect(sent).toHaveLength(3);
    expect(sent[2]!.snapshot).toBe(true);
    expect(sent[2]!.events).toHaveLength(2);
  });

  it("a restarted agent does not trigger again what was triggered before; the snapshot covers it, and it still resets", async () => {
    const device = fakeDevice();
    const dir = dataDir();
    const first = engineFor(device, dir);
    first.engine.setConditions(3, [applied("mem", memory())]);
    device.memoryPercent = 95;
    await first.step();
    expect(first.events().map((e) => e.state)).toEqual(["TRIGGERED"]);
    first.engine.stop();
    expect(fs.existsSync(path.join(dir, CONDITION_STATE_FILE))).toBe(true);

    const restarted = engineFor(device, dir);
    restarted.engine.setConditions(3, [applied("mem", memory())]);
    await restarted.step();
    await restarted.step();
    expect(restarted.events()).toEqual([]);
    restarted.engine.onConnected();
    expect(restarted.sent.at(-1)).toMatchObject({ snapshot: true, events: [{ key: "mem", value: 95 }] });

    device.memoryPercent = 10;
    await restarted.step();
    expect(restarted.events().map((e) => e.state)).toEqual(["RESET"]);
  });

  it("a condition removed from the policy sends no event, only a snapshot without it", async () => {
    const device = fakeDevice();
    const { engine, step, sent, events } = engineFor(device);
    engine.setConditions(1, [applied("mem", memory())]);
    device.memoryPercent = 95;
    await step();
    engine.setConditions(2, []);
    // The server is told at once by a snapshot without it.
    expect(sent.at(-1)).toMatchObject({ snapshot: true, events: [] });
    device.memoryPercent = 10;
    await step();
    expect(events().map((e) => e.state)).toEqual(["TRIGGERED"]);
    engine.onConnected();
    expect(sent.at(-1)).toMatchObject({ snapshot: true, events: [] });
  });

  it("a check that fails neither triggers nor resets, and is logged once until it works again", async () => {
    const device = fakeDevice();
    const { engine, step, events, logs } = engineFor(device);
    engine.setConditions(1, [applied("mem", memory())]);
    device.failing = true;
    await step();
    await step();
    await step();
    expect(events()).toEqual([]);
    expect(logs.filter((l) => l.includes("cannot be evaluated"))).toEqual([
      'condition "mem" cannot be evaluated: meminfo unreadable',
    ]);
    device.failing = false;
    device.memoryPercent = 95;
    await step();
    expect(events().map((e) => e.state)).toEqual(["TRIGGERED"]);
  });

  it("compound ALL triggers when every part holds and resets when one recovers; ANY when one holds and resets when none does", async () => {
    const device = fakeDevice();
    const { engine, step, events } = engineFor(device);
    const proc = { kind: "process", process: "backup", state: "RUNNING", durationSeconds: 0 } as const;
    engine.setConditions(1, [
      applied("all", { kind: "compound", mode: "ALL", parts: [memory(), proc] }),
      applied("any", { kind: "compound", mode: "ANY", parts: [memory(), proc] }),
    ]);
    device.memoryPercent = 95;
    await step();
    expect(events().map((e) => [e.key, e.state])).toEqual([["any", "TRIGGERED"]]);
    device.processes = ["backup"];
    await step();
    expect(events().map((e) => [e.key, e.state])).toEqual([
      ["any", "TRIGGERED"],
      ["all", "TRIGGERED"],
    ]);
    expect(events()[1]!.detail).toBe(
      "memory 95.0% used (95.0 GiB of 100.0 GiB); process backup is running (pid 100)",
    );
    device.memoryPercent = 10;
    await step();
    expect(
      events()
        .map((e) => [e.key, e.state])
        .slice(2),
    ).toEqual([["all", "RESET"]]);
    device.processes = [];
    await step();
    expect(
      events()
        .map((e) => [e.key, e.state])
        .slice(3),
    ).toEqual([["any", "RESET"]]);
  });

  it("while disconnected the backlog is bounded: the oldest events go first", async () => {
    const device = fakeDevice();
    const { engine, step, link, sent, clock } = engineFor(device);
    const start = clock.now;
    engine.setConditions(1, [applied("mem", memory())]);
    link.connected = false;
    for (let i = 0; i < 1200; i++) {
      device.memoryPercent = i % 2 === 0 ? 95 : 10;
      await step();
    }
    link.connected = true;
    engine.onConnected();
    const backlog = sent.filter((m) => !m.snapshot).flatMap((m) => m.events);
    expect(backlog).toHaveLength(1000);
    expect(sent.every((m) => m.events.length <= proto.MAX_CONDITION_EVENTS_PER_MESSAGE)).toBe(true);
    // The newest 1000 of 1200 survive, oldest first.
    expect(backlog[0]!.at).toBe(start + 201 * 15_000);
    expect(backlog.at(-1)!.at).toBe(start + 1200 * 15_000);
  });
});
