import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { agent as proto } from "@steward/contracts";
import { MetricsCollector } from "../metrics/collector.js";
import { applyPolicyHandler, PolicyApplier, POLICY_FILE } from "./apply-policy.js";

const dirs: string[] = [];
const dataDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "steward-policy-"));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  vi.useRealTimers();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const policy = (over: Partial<proto.ApplyPolicyPayload> = {}): proto.ApplyPolicyPayload => ({
  policyId: 7,
  version: 3,
  enforced: true,
  agentSettings: { metricIntervalSeconds: 15, heartbeatSeconds: 30 },
  conditions: [],
  scripts: [],
  ...over,
});

/** A collector on fake timers whose samples are counted, not taken. */
async function countingCollector() {
  vi.useFakeTimers();
  const collector = new MetricsCollector({ intervalSeconds: 60, send: () => true });
  const sample = vi.spyOn(collector, "sample").mockResolvedValue(undefined);
  await collector.start();
  return { collector, sample };
}

function applierFor(collector: MetricsCollector, dir: string, override?: number) {
  const heartbeats: (number | undefined)[] = [];
  const applier = new PolicyApplier({
    dataDir: dir,
    targets: {
      setMetricIntervalSeconds: (s) => collector.setIntervalSeconds(s),
      setHeartbeatSeconds: (s) => heartbeats.push(s),
    },
    defaultMetricIntervalSeconds: 60,
    metricIntervalOverride: override,
  });
  return { applier, heartbeats };
}

describe("applying the policy", () => {
  it("the policy's metric interval replaces the collector's: samples come every 15 s instead of every 60 s", async () => {
    const { collector, sample } = await countingCollector();
    const { applier, heartbeats } = applierFor(collector, dataDir());
    await vi.advanceTimersByTimeAsync(59_000);
    expect(sample).toHaveBeenCalledTimes(0);

    expect(applier.apply(policy())).toEqual({ policyId: 7, version: 3, enforced: true });
    expect(collector.intervalSeconds).toBe(15);
    await vi.advanceTimersByTimeAsync(45_000);
    expect(sample).toHaveBeenCalledTimes(3);
    expect(heartbeats).toEqual([30]);
    collector.stop();
  });

  it("a policy that is not enforced goes back to the default interval and the server's heartbeat", async () => {
    const { collector, sample } = await countingCollector();
    const { applier, heartbeats } = applierFor(collector, dataDir());
    applier.apply(policy());
    applier.apply(policy({ version: 4, enforced: false, agentSettings: {} }));
    expect(collector.intervalSeconds).toBe(60);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(sample).toHaveBeenCalledTimes(0);
    expect(heartbeats).toEqual([30, undefined]);
    collector.stop();
  });

  it("keeps the applied policy in the data directory: a restarted agent applies it before it connects", async () => {
    const dir = dataDir();
    const first = await countingCollector();
    applierFor(first.collector, dir).applier.apply(policy({ agentSettings: { metricIntervalSeconds: 300 } }));
    first.collector.stop();
    expect(JSON.parse(fs.readFileSync(path.join(dir, POLICY_FILE), "utf8"))).toMatchObject({
      policyId: 7,
      version: 3,
    });

    const restarted = await countingCollector();
    const { applier } = applierFor(restarted.collector, dir);
    expect(applier.restore()).toMatchObject({ policyId: 7, version: 3 });
    expect(restarted.collector.intervalSeconds).toBe(300);
    restarted.collector.stop();
  });

  it("a corrupt or missing policy file keeps the defaults", async () => {
    const dir = dataDir();
    fs.writeFileSync(path.join(dir, POLICY_FILE), "{not json");
    const { collector } = await countingCollector();
    expect(applierFor(collector, dir).applier.restore()).toBeUndefined();
    expect(collector.intervalSeconds).toBe(60);
    collector.stop();
  });

  it("an interval set from outside (environment) wins over the policy's", async () => {
    const { collector } = await countingCollector();
    applierFor(collector, dataDir(), 1).applier.apply(policy());
    expect(collector.intervalSeconds).toBe(1);
    collector.stop();
  });

  it("the command acknowledges what it applied; a failure to keep it is reported, not thrown", async () => {
    const { collector } = await countingCollector();
    const dir = dataDir();
    const handler = applyPolicyHandler(applierFor(collector, dir).applier);
    const ctx = {} as Parameters<typeof handler.run>[1];
    const ok = await handler.run(policy(), ctx).done;
    expect(ok).toMatchObject({ errorMessage: null, data: { policyId: 7, version: 3, enforced: true } });

    const gone = path.join(dir, "gone");
    const failing = applyPolicyHandler(applierFor(collector, gone).applier);
    const failed = await failing.run(policy(), ctx).done;
    expect(failed?.errorMessage).toMatch(/could not apply its policy/);
    expect(failed?.data).toBeUndefined();
    collector.stop();
  });

  it("hands the enforced policy's conditions and scripts to the condition engine, none when not enforced, again after a restart", async () => {
    const dir = dataDir();
    const { collector } = await countingCollector();
    const handed: { version: number | null; keys: string[]; scripts: number[] }[] = [];
    const make = () =>
      new PolicyApplier({
        dataDir: dir,
        targets: {
          setMetricIntervalSeconds: (s) => collector.setIntervalSeconds(s),
          setHeartbeatSeconds: () => undefined,
          setConditions: (version, list, scripts) =>
            handed.push({ version, keys: list.map((c) => c.key), scripts: scripts.map((s) => s.id) }),
        },
        defaultMetricIntervalSeconds: 60,
      });
    const condition: proto.AppliedCondition = {
      key: "disk",
      condition: {
        name: "Low disk",
        enabled: true,
        check: { kind: "diskFree", unit: "PERCENT", comparator: "LT", value: 10, durationSeconds: 0 },
        severity: "MAJOR",
        priority: "HIGH",
        healthStatus: "NEEDS_ATTENTION",
        channelIds: [],
        notifyTechnicians: false,
        automationScriptIds: [],
        createNinjaTicket: false,
        ticketRulesetId: null,
      },
    };
    const applier = make();
    applier.apply(
      policy({
        version: 5,
        conditions: [condition],
        scripts: [{ id: 9, language: "bash", body: "exit 0", timeoutSeconds: 30 }],
      }),
    );
    expect(handed).toEqual([{ version: 5, keys: ["disk"], scripts: [9] }]);
    make().restore();
    expect(handed[1]).toEqual({ version: 5, keys: ["disk"], scripts: [9] });
    applier.apply(policy({ version: 6, enforced: false, conditions: [condition] }));
    expect(handed[2]).toEqual({ version: null, keys: [], scripts: [] });
    collector.stop();
  });
});
