import { generateKeyPairSync, sign } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import pino from "pino";
import WebSocket from "ws";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agent as proto } from "@steward/contracts";
import { createOrganization } from "../../testing/agent-harness.js";
import { rawPublicKey } from "../../testing/agent-socket.js";
import { makeInventory } from "../../testing/device-fixtures.js";
import { createTestContext, type TestContext } from "../../testing/test-app.js";
import { createAgentGateway, type AgentGateway } from "./gateway.js";

const BOUND = 1024 * 1024;
let ctx: TestContext;
let gateway: AgentGateway;
let server: http.Server;
let url: string;
const logLines: string[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  gateway = createAgentGateway({
    devices: ctx.services.devices,
    logger: pino({ level: "warn" }, { write: (line: string) => void logLines.push(line) }),
    heartbeatSeconds: 30,
    silenceSeconds: 120,
    maxQueuedBytes: BOUND,
  });
  server = http.createServer();
  server.on("upgrade", (request, socket, head) =>
    gateway.wss.handleUpgrade(request, socket, head, (ws) => gateway.accept(ws, request, "127.0.0.1")),
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await gateway.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await ctx.close();
});

/** Enrolls a device and connects it over a real socket up to the welcome. */
async function connectedAgent() {
  const identity = generateKeyPairSync("ed25519");
  const org = await createOrganization(ctx);
  const device = await ctx.services.devices.enroll({
    ...org,
    publicKey: rawPublicKey(identity.publicKey),
    approvalStatus: "APPROVED",
    inventory: makeInventory(),
    publicIp: null,
    enrollmentTokenId: null,
    simulated: false,
  });
  const ws = new WebSocket(url);
  const closed = new Promise<void>((resolve) => ws.on("close", () => resolve()));
  await new Promise<void>((resolve) => {
    ws.on("message", (data) => {
      const message = JSON.parse(data.toString()) as proto.ServerToAgent;
      if (message.type === "challenge")
        ws.send(
          JSON.stringify({
            type: "hello",
            deviceId: device.id,
            signature: sign(
              null,
              Buffer.from(proto.challengePayload(device.id, message.nonce)),
              identity.privateKey,
            ).toString("base64"),
            agentVersion: "test",
            protocol: proto.AGENT_PROTOCOL_VERSION,
          }),
        );
      if (message.type === "welcome") resolve();
    });
  });
  return { deviceId: device.id, ws, closed };
}

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe("an agent that does not read", () => {
  it("is dropped once what waits for its socket passes the bound, which the queue never exceeds; it can reconnect", async () => {
    const agent = await connectedAgent();
    expect(gateway.isOnline(agent.deviceId)).toBe(true);
    // The agent stops reading: what the server sends waits in the kernel's buffers, then in the server's.
    agent.ws.pause();
    const pad = "x".repeat(64 * 1024);
    let sent = 0;
    let most = 0;
    let dropped = false;
    // 40 MiB in all: far past what loopback's kernel buffers hold.
    for (let i = 0; i < 640; i += 1) {
      const ok = gateway.sendTo(agent.deviceId, {
        type: "pong",
        seq: i,
        sentAt: Date.now(),
        pad,
      } as unknown as proto.ServerToAgent);
      most = Math.max(most, gateway.queuedBytes(agent.deviceId));
      if (!ok) {
        dropped = true;
        break;
      }
      sent += 1;
      await turn();
    }
    expect(dropped).toBe(true);
    expect(sent).toBeGreaterThan(0);
    expect(most).toBeLessThanOrEqual(BOUND);
    agent.ws.resume();
    await agent.closed;
    await expect.poll(() => gateway.isOnline(agent.deviceId)).toBe(false);
    expect(
      logLines.some((l) => l.includes("is not reading") && l.includes(`"deviceId":${agent.deviceId}`)),
    ).toBe(true);

    // A reading agent gets everything: the bound only drops those that stop reading.
    const reader = await connectedAgent();
    let received = 0;
    reader.ws.on("message", () => (received += 1));
    for (let i = 0; i < 32; i += 1) {
      expect(
        gateway.sendTo(reader.deviceId, {
          type: "pong",
          seq: i,
          sentAt: Date.now(),
          pad,
        } as unknown as proto.ServerToAgent),
      ).toBe(true);
      await turn();
    }
    await expect.poll(() => received, { timeout: 10_000 }).toBe(32);
    expect(gateway.isOnline(reader.deviceId)).toBe(true);
    reader.ws.terminate();
  }, 60_000);
});
