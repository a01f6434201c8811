import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agent as proto, type DeviceMetrics } from "@steward/contracts";
import {
  agentCli,
  ensureAgentBundle,
  startAgentProcess,
  tempDir,
  waitFor,
} from "../../testing/agent-harness.js";
import { startAgentSocketSide, type AgentSocketSide } from "../../testing/agent-socket.js";
import { createTestContext, signedInClient, type TestContext } from "../../testing/test-app.js";
import { metricSamples } from "./metrics.tables.js";

let ctx: TestContext;
let agents: AgentSocketSide;

beforeAll(async () => {
  ctx = await createTestContext();
  agents = await startAgentSocketSide(ctx, "metrics");
  await ensureAgentBundle();
}, 120_000);
afterAll(async () => {
  await agents.close();
  await ctx.close();
});

const sample = (at: number, overrides: Record<string, unknown> = {}) => ({
  at,
  cpuPercent: 12.5,
  memory: { usedBytes: 2_000_000_000, totalBytes: 8_000_000_000 },
  disks: [{ mount: "/", usedBytes: 40e9, totalBytes: 100e9 }],
  network: { inBytesPerSecond: 1200, outBytesPerSecond: 300 },
  ...overrides,
});
const metrics = (samples: unknown[], extra: Record<string, unknown> = {}) =>
  JSON.stringify({ type: "metrics", v: 1, sentAt: Date.now(), samples, ...extra });

const stored = async (deviceId: number) => {
  await ctx.services.metrics.flush();
  return ctx.deps.db.select().from(metricSamples).where(eq(metricSamples.deviceId, deviceId));
};

describe("metrics from agents", () => {
  it("stores the samples of a connected device under its organization", async () => {
    const agent = await agents.connect();
    const now = Date.now();
    agent.ws.send(metrics([sample(now - 120_000), sample(now - 60_000, { cpuPercent: 50 })]));
    let rows: Awaited<ReturnType<typeof stored>> = [];
    for (let i = 0; i < 50 && rows.length < 2; i++) {
      await new Promise((r) => setTimeout(r, 50));
      rows = await stored(agent.deviceId);
    }
    expect(rows.map((r) => r.cpuPercent).sort()).toEqual([12.5, 50]);
    expect(rows[0]!.organizationId).toBe(agents.org.organizationId);
    expect(rows[0]!.disks).toEqual([{ m: "/", u: 40e9, t: 100e9 }]);
    expect(rows[0]!.memoryTotalBytes).toBe(8e9);
  });

  const refused: [string, () => string][] = [
    ["a CPU share above 100 %", () => metrics([sample(Date.now(), { cpuPercent: 140 })])],
    ["a negative size", () => metrics([sample(Date.now(), { memory: { usedBytes: -1, totalBytes: 10 } })])],
    ["an unknown version", () => metrics([sample(Date.now())], { v: 2 })],
    ["no samples", () => metrics([])],
    [
      "more samples than a message may hold",
      () =>
        metrics(
          Array.from({ length: proto.MAX_METRIC_SAMPLES_PER_MESSAGE + 1 }, (_, i) =>
            sample(Date.now() - i * 1000),
          ),
        ),
    ],
    [
      "more filesystems than a sample may hold",
      () =>
        metrics([
          sample(Date.now(), {
            disks: Array.from({ length: proto.MAX_METRIC_DISKS + 1 }, (_, i) => ({
              mount: `/m${i}`,
              usedBytes: 1,
              totalBytes: 2,
            })),
          }),
        ]),
    ],
    [
      "a rate that is not a number",
      () => metrics([sample(Date.now(), { network: { inBytesPerSecond: "9" } })]),
    ],
  ];
  it.each(refused)("refuses %s: the connection is closed and nothing is stored", async (_, body) => {
    const agent = await agents.connect();
    agent.ws.send(body());
    expect(await agent.closed).toBe(proto.agentCloseCodes.protocol);
    expect(await stored(agent.deviceId)).toEqual([]);
  });

  it("refuses a message larger than the protocol allows", async () => {
    const agent = await agents.connect();
    agent.ws.send(metrics([sample(Date.now(), { padding: "x".repeat(proto.AGENT_MAX_MESSAGE_BYTES) })]));
    expect(await agent.closed).toBe(1009);
    expect(await stored(agent.deviceId)).toEqual([]);
  });
});

describe("the real agent", () => {
  it("samples this machine and its samples reach the device's chart", async () => {
    const { side, url, org } = agents;
    const { token } = await side.enrollment.createToken({
      ...org,
      name: "metrics agent",
      expiresInHours: 1,
      maxUses: 1,
      createdByUserId: 1,
    });
    const dataDir = tempDir();
    const enrolled = await agentCli(["enroll", "--server", url, "--token", token, "--data-dir", dataDir]);
    expect(enrolled.code, enrolled.stderr).toBe(0);
    const deviceId = Number(/Enrolled as device (\d+)/.exec(enrolled.stdout)?.[1]);
    const agentProcess = startAgentProcess(dataDir, { STEWARD_AGENT_METRIC_SECONDS: "1" });
    try {
      const rows = await waitFor(
        "two samples stored",
        async () => {
          const r = await stored(deviceId);
          return r.length >= 2 && r;
        },
        30_000,
      );
      expect(rows.every((r) => r.cpuPercent >= 0 && r.cpuPercent <= 100)).toBe(true);
      expect(rows.every((r) => r.memoryTotalBytes > 0)).toBe(true);
      // The filesystems come from the inventory the agent reported.
      await waitFor("a sample with the root filesystem", async () =>
        (await stored(deviceId)).some((r) => r.disks.some((d) => d.m === "/")),
      );
      const admin = (await signedInClient(ctx, { admin: true })).client;
      const chart = (await admin.get(`/api/devices/${deviceId}/metrics?range=1h`)).json<DeviceMetrics>();
      expect(chart.times.length).toBeGreaterThanOrEqual(2);
      expect(chart.disks.map((d) => d.mount)).toContain("/");
    } finally {
      agentProcess.kill("SIGTERM");
    }
  }, 60_000);
});
