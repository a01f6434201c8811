import { spawn } from "node:child_process";
import dgram from "node:dgram";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, signedInClient, TestClient, type TestContext } from "../../testing/test-app.js";
import {
  agentBundle,
  createOrganization,
  ensureAgentBundle,
  startAgentSide,
  waitFor,
} from "../../testing/agent-harness.js";
import { deviceInventories, devices } from "../devices/devices.tables.js";
import type { AgentSide } from "../agents/index.js";

let ctx: TestContext;
let side: AgentSide;
let url: string;
let closeSide: () => Promise<void>;
let listener: dgram.Socket;
const packets: Buffer[] = [];

beforeAll(async () => {
  ctx = await createTestContext({ agentHeartbeatSeconds: 1, agentSilenceSeconds: 5 });
  ({ side, url, close: closeSide } = await startAgentSide(ctx));
  await ensureAgentBundle();
  listener = dgram.createSocket("udp4");
  listener.on("message", (msg) => packets.push(msg));
  await new Promise<void>((r) => listener.bind(0, "127.0.0.1", r));
}, 120_000);
afterAll(async () => {
  listener.close();
  await closeSide();
  await ctx.close();
});

describe("GET /api/node/{id}/wakeup", () => {
  it("has an online agent of the same organization and subnet send the exact 102-byte magic packet", async () => {
    const org = await createOrganization(ctx);
    const { token } = await side.enrollment.createToken({
      ...org,
      name: "wol",
      expiresInHours: 1,
      maxUses: null,
      createdByUserId: 1,
    });
    // Two simulated agents on one subnet; the UDP listener on loopback stands in for the broadcast address.
    const fleet = spawn(
      process.execPath,
      [agentBundle, "simulate", "--server", url, "--token", token, "--count", "2"],
      {
        env: { ...process.env, STEWARD_AGENT_WOL_ADDRESS: `127.0.0.1:${listener.address().port}` },
        stdio: "ignore",
      },
    );
    try {
      const rows = await waitFor("two devices UP", async () => {
        const r = await ctx.deps.db
          .select()
          .from(devices)
          .where(eq(devices.organizationId, org.organizationId));
        return r.length === 2 && r.every((d) => d.status === "UP") ? r : undefined;
      });
      const [target] = rows.sort((a, b) => a.id - b.id);
      const [inv] = await ctx.deps.db
        .select()
        .from(deviceInventories)
        .where(eq(deviceInventories.deviceId, target!.id));
      const mac = (inv!.inventory as { network: { mac: string }[] }).network[0]!.mac;
      const { client } = await signedInClient(ctx, { permissions: ["jobs.run"] });
      const res = await client.get(`/api/node/${target!.id}/wakeup`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ resultCode: "SUCCESS", relayNodeId: rows[1]!.id });
      const packet = await waitFor("magic packet", async () => packets[0]);
      expect(packet.length).toBe(102);
      expect(packet.subarray(0, 6).toString("hex")).toBe("ffffffffffff");
      expect(packet.subarray(6).toString("hex")).toBe(mac.replace(/:/g, "").repeat(16));
    } finally {
      fleet.kill("SIGKILL");
    }
  }, 60_000);

  it("answers 500 NO_USABLE_MAC_ADRESSES when no agent can wake the device", async () => {
    const { client } = await signedInClient(ctx, { permissions: ["jobs.run"] });
    const [anyDevice] = await ctx.deps.db.select().from(devices).limit(1);
    await waitFor(
      "devices DOWN",
      async () => (await ctx.deps.db.select().from(devices)).every((d) => d.status === "DOWN"),
      15_000,
    );
    const res = await client.get(`/api/node/${anyDevice!.id}/wakeup`);
    expect(res.statusCode).toBe(500);
    expect(res.json()).toMatchObject({
      resultCode: "NO_USABLE_MAC_ADRESSES",
      message: "No devices are online that can wake up the device",
    });
    expect((await client.get("/api/node/999999/wakeup")).json().code).toBe("E_DEVICE_NOT_FOUND");
    expect((await new TestClient(ctx.app).get(`/api/node/${anyDevice!.id}/wakeup`)).statusCode).toBe(401);
    const reader = (await signedInClient(ctx, { permissions: ["devices.read"] })).client;
    expect((await reader.get(`/api/node/${anyDevice!.id}/wakeup`)).statusCode).toBe(403);
  }, 60_000);
});
