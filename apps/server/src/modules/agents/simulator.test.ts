import { spawn } from "node:child_process";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../testing/test-app.js";
import {
  agentBundle,
  createOrganization,
  ensureAgentBundle,
  startAgentSide,
  waitFor,
} from "../../testing/agent-harness.js";
import { deviceActivities, devices } from "../devices/devices.tables.js";
import type { AgentSide } from "./index.js";

let ctx: TestContext;
let side: AgentSide;
let url: string;
let closeSide: () => Promise<void>;

beforeAll(async () => {
  ctx = await createTestContext({ agentHeartbeatSeconds: 1, agentSilenceSeconds: 2 });
  ({ side, url, close: closeSide } = await startAgentSide(ctx));
  await ensureAgentBundle();
}, 120_000);
afterAll(async () => {
  await closeSide();
  await ctx.close();
});

function simulate(args: string[]) {
  const child = spawn(process.execPath, [agentBundle, "simulate", "--server", url, ...args], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout.on("data", (d: Buffer) => (out += d.toString()));
  child.stderr.on("data", (d: Buffer) => (out += d.toString()));
  return Object.assign(child, { output: () => out });
}

const countUp = async (organizationId: number) =>
  (
    await ctx.deps.db
      .select({ n: sql<number>`count(*)::int` })
      .from(devices)
      .where(and(eq(devices.organizationId, organizationId), eq(devices.status, "UP")))
  )[0]!.n;

describe("agent simulator", () => {
  it("runs N agents over the real protocol with varied Windows, macOS and Linux inventory, marked simulated", async () => {
    const org = await createOrganization(ctx);
    const { token } = await side.enrollment.createToken({
      ...org,
      name: "sim",
      expiresInHours: 1,
      maxUses: null,
      createdByUserId: 1,
    });
    const fleet = simulate(["--token", token, "--count", "40"]);
    try {
      await waitFor(
        "40 simulated devices UP",
        async () => (await countUp(org.organizationId)) === 40,
        30_000,
      );
      const rows = await ctx.deps.db
        .select()
        .from(devices)
        .where(eq(devices.organizationId, org.organizationId));
      expect(rows.every((r) => r.simulated)).toBe(true);
      const families = new Set(rows.map((r) => r.osFamily));
      expect(families).toEqual(new Set(["WINDOWS", "MAC", "LINUX"]));
      expect(new Set(rows.map((r) => r.hostname)).size).toBe(40);
      expect(rows.some((r) => (r.minFreeDiskPercent ?? 100) < 10) || rows.some((r) => r.pendingReboot)).toBe(
        true,
      );
    } finally {
      fleet.kill("SIGKILL");
    }
    await waitFor(
      "all DOWN after the simulator dies",
      async () => (await countUp(org.organizationId)) === 0,
      10_000,
    );
  }, 60_000);

  it("marks a device DOWN after the configured silence and UP again when it reconnects", async () => {
    const org = await createOrganization(ctx);
    const { token } = await side.enrollment.createToken({
      ...org,
      name: "quiet",
      expiresInHours: 1,
      maxUses: null,
      createdByUserId: 1,
    });
    // Heartbeats every 100 s against a 2 s silence limit: the server must give up on it.
    const fleet = simulate(["--token", token, "--count", "1", "--heartbeat", "100"]);
    try {
      await waitFor("device UP", async () => (await countUp(org.organizationId)) === 1, 20_000);
      const [row] = await ctx.deps.db
        .select()
        .from(devices)
        .where(eq(devices.organizationId, org.organizationId));
      await waitFor(
        "went-down-silent activity",
        async () =>
          (
            await ctx.deps.db
              .select()
              .from(deviceActivities)
              .where(and(eq(deviceActivities.deviceId, row!.id), eq(deviceActivities.type, "WENT_DOWN")))
          ).find((a) => (a.data as { reason?: string }).reason === "silent"),
        15_000,
      );
      // The agent reconnects on its own (backoff) and is UP again.
      await waitFor("device UP again", async () => (await countUp(org.organizationId)) === 1, 20_000);
    } finally {
      fleet.kill("SIGKILL");
    }
  }, 60_000);
});
