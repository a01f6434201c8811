import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { WebSocketServer } from "ws";
import { agent as proto } from "@steward/contracts";
import { AgentConnection } from "./client.js";

const servers: WebSocketServer[] = [];
const connections: AgentConnection[] = [];
afterEach(async () => {
  for (const c of connections.splice(0)) c.stop();
  for (const s of servers.splice(0)) await new Promise((r) => s.close(r));
});

/** A server that welcomes every hello with this heartbeat. */
async function server(heartbeatSeconds: number): Promise<string> {
  const wss = new WebSocketServer({ port: 0, host: "127.0.0.1" });
  servers.push(wss);
  await new Promise<void>((r) => wss.once("listening", () => r()));
  wss.on("connection", (ws) => {
    ws.send(JSON.stringify({ type: "challenge", nonce: "bm9uY2U=", serverTime: Date.now() }));
    ws.on("message", (data) => {
      const m = JSON.parse(data.toString()) as { type: string };
      if (m.type === "hello")
        ws.send(
          JSON.stringify({
            type: "welcome",
            deviceId: 1,
            heartbeatSeconds,
            approval: "APPROVED",
            wantFullInventory: false,
          } satisfies Extract<proto.ServerToAgent, { type: "welcome" }>),
        );
    });
  });
  return `http://127.0.0.1:${(wss.address() as AddressInfo).port}`;
}

async function connected(serverUrl: string): Promise<AgentConnection> {
  let welcomed: () => void = () => undefined;
  const done = new Promise<void>((r) => (welcomed = r));
  const c = new AgentConnection({
    serverUrl,
    deviceId: 1,
    agentVersion: "test",
    sign: () => "c2ln",
    onWelcome: () => welcomed(),
  });
  connections.push(c);
  c.start();
  await done;
  return c;
}

describe("the policy's heartbeat", () => {
  it("a faster heartbeat than the server's is taken; a slower one is held to the server's", async () => {
    const c = await connected(await server(60));
    expect(c.heartbeatSeconds).toBe(60);
    c.setPolicyHeartbeatSeconds(30);
    expect(c.heartbeatSeconds).toBe(30);
    c.setPolicyHeartbeatSeconds(600);
    expect(c.heartbeatSeconds).toBe(60);
    c.setPolicyHeartbeatSeconds(undefined);
    expect(c.heartbeatSeconds).toBe(60);
  });

  it("a policy applied before the connection (restored at start) holds from the first welcome", async () => {
    const url = await server(45);
    let welcomed: () => void = () => undefined;
    const done = new Promise<void>((r) => (welcomed = r));
    const c = new AgentConnection({
      serverUrl: url,
      deviceId: 1,
      agentVersion: "test",
      sign: () => "c2ln",
      onWelcome: () => welcomed(),
    });
    connections.push(c);
    c.setPolicyHeartbeatSeconds(15);
    expect(c.heartbeatSeconds).toBeUndefined();
    c.start();
    await done;
    expect(c.heartbeatSeconds).toBe(15);
  });
});
