import { generateKeyPairSync, sign } from "node:crypto";
import WebSocket from "ws";
import { agent as proto } from "@steward/contracts";
import type { AgentSide } from "../modules/agents/index.js";
import { createOrganization, startAgentSide } from "./agent-harness.js";
import { makeInventory } from "./device-fixtures.js";
import type { TestContext } from "./test-app.js";

/** A device enrolled and connected over a real socket, past the welcome. */
export interface SocketAgent {
  deviceId: number;
  ws: WebSocket;
  /** Resolves with the close code when the server (or the test) closes the socket. */
  closed: Promise<number>;
}

/** A listening agent side with an organization to enroll into, handing out connected agents. */
export interface AgentSocketSide {
  side: AgentSide;
  url: string;
  org: { organizationId: number; locationId: number };
  /**
   * Enrolls a new device with a one-use token and connects it, up to the welcome; the hello says
   * agent version "test" (the inventory 1.0.0) and no self-report unless given.
   */
  connect(hello?: { agentVersion?: string; self?: proto.AgentSelfReport }): Promise<SocketAgent>;
  /** Terminates every socket handed out, then closes the listener. */
  close(): Promise<void>;
}

/** The agent's public key as it sends it: the raw 32 bytes of the ed25519 key, base64. */
export const rawPublicKey = (key: { export(o: { format: "der"; type: "spki" }): Buffer }) => {
  const spki = key.export({ format: "der", type: "spki" });
  return spki.subarray(spki.length - 32).toString("base64");
};

/**
 * Starts the agent side on a free port and creates an organization; `connect` enrolls a device
 * (enrollment tokens named `tokenName`) and speaks the protocol over a real socket, up to the welcome.
 */
export async function startAgentSocketSide(ctx: TestContext, tokenName: string): Promise<AgentSocketSide> {
  const { side, url, close } = await startAgentSide(ctx);
  const org = await createOrganization(ctx);
  const sockets: WebSocket[] = [];

  async function connect(
    hello: { agentVersion?: string; self?: proto.AgentSelfReport } = {},
  ): Promise<SocketAgent> {
    const { token } = await side.enrollment.createToken({
      ...org,
      name: tokenName,
      expiresInHours: 1,
      maxUses: 1,
      createdByUserId: 1,
    });
    const identity = generateKeyPairSync("ed25519");
    const res = await fetch(`${url}/agent/v1/enroll`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        token,
        publicKey: rawPublicKey(identity.publicKey),
        // The inventory names the version the hello says, as a real agent's does.
        inventory: makeInventory(hello.agentVersion ? { agentVersion: hello.agentVersion } : {}),
      }),
    });
    const { deviceId } = (await res.json()) as proto.EnrollResponse;
    const ws = new WebSocket(`${url.replace("http:", "ws:")}/agent/v1/ws`);
    sockets.push(ws);
    const closed = new Promise<number>((resolve) => ws.on("close", (code) => resolve(code)));
    await new Promise<void>((resolve) => {
      ws.on("message", (data) => {
        const message = JSON.parse(data.toString()) as proto.ServerToAgent;
        if (message.type === "challenge") {
          const signature = sign(
            null,
            Buffer.from(proto.challengePayload(deviceId, message.nonce)),
            identity.privateKey,
          ).toString("base64");
          ws.send(
            JSON.stringify({
              type: "hello",
              deviceId,
              signature,
              agentVersion: hello.agentVersion ?? "test",
              protocol: proto.AGENT_PROTOCOL_VERSION,
              ...(hello.self ? { self: hello.self } : {}),
            }),
          );
        }
        if (message.type === "welcome") resolve();
      });
    });
    return { deviceId, ws, closed };
  }

  return {
    side,
    url,
    org,
    connect,
    async close() {
      for (const ws of sockets) ws.terminate();
      await close();
    },
  };
}
