import { generateKeyPairSync, sign } from "node:crypto";
import WebSocket from "ws";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agent as proto, type AlertListResponse } from "@steward/contracts";
import { createOrganization, startAgentSide, waitFor } from "../../testing/agent-harness.js";
import { makeInventory } from "../../testing/device-fixtures.js";
import {
  createTestContext,
  signedInClient,
  type TestClient,
  type TestContext,
} from "../../testing/test-app.js";
import type { AgentSide } from "../agents/index.js";
import { cpuCondition, policyWith } from "./alerts.fixtures.js";

let ctx: TestContext;
let admin: TestClient;
let side: AgentSide;
let url: string;
let closeSide: () => Promise<void>;
let org: { organizationId: number; locationId: number };
const sockets: WebSocket[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  admin = (await signedInClient(ctx, { admin: true })).client;
  ({ side, url, close: closeSide } = await startAgentSide(ctx));
  org = await createOrganization(ctx);
});
afterAll(async () => {
  for (const ws of sockets) ws.terminate();
  await closeSide();
  await ctx.close();
});

const rawKey = (key: { export(o: { format: "der"; type: "spki" }): Buffer }) => {
  const spki = key.export({ format: "der", type: "spki" });
  return spki.subarray(spki.length - 32).toString("base64");
};

/** An enrolled Windows workstation speaking the protocol over a real socket, up to the welcome. */
async function connectedAgent() {
  const { token } = await side.enrollment.createToken({
    ...org,
    name: "alerts",
    expiresInHours: 1,
    maxUses: 1,
    createdByUserId: 1,
  });
  const identity = generateKeyPairSync("ed25519");
  const res = await fetch(`${url}/agent/v1/enroll`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ token, publicKey: rawKey(identity.publicKey), inventory: makeInventory() }),
  });
  const { deviceId } = (await res.json()) as proto.EnrollResponse;
  const ws = new WebSocket(`${url.replace("http:", "ws:")}/agent/v1/ws`);
  sockets.push(ws);
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
            agentVersion: "test",
            protocol: proto.AGENT_PROTOCOL_VERSION,
          }),
        );
      }
      if (message.type === "welcome") resolve();
    });
  });
  return { deviceId, ws };
}

const events = (list: Record<string, unknown>[], extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    type: "condition-events",
    v: proto.CONDITION_EVENTS_VERSION,
    sentAt: Date.now(),
    events: list,
    ...extra,
  });

describe("condition events over the agent socket", () => {
  it("opens the alert an agent reports, visible in GET /api/alerts within two seconds, and resets it", async () => {
    const policyId = await policyWith(admin, { cpu: cpuCondition() });
    const { deviceId, ws } = await connectedAgent();
    expect((await admin.put(`/api/devices/${deviceId}/policy-override`, { policyId })).statusCode).toBe(200);
    const list = async () =>
      (
        await admin.get("/api/alerts", { query: { deviceId: String(deviceId), status: "OPEN" } })
      ).json<AlertListResponse>();
    const sentAt = Date.now();
    ws.send(
      events([
        { key: "cpu", policyVersion: 1, state: "TRIGGERED", at: Date.now(), value: 97, detail: "CPU 97%" },
      ]),
    );
    const open = await waitFor("the alert", async () => (await list()).items[0], 2_000);
    expect(Date.now() - sentAt).toBeLessThan(2_000);
    expect(open).toMatchObject({ value: 97, detail: "CPU 97%", condition: { key: "cpu" } });
    ws.send(events([{ key: "cpu", policyVersion: 1, state: "RESET", at: Date.now(), detail: "CPU 40%" }]));
    await waitFor("the reset", async () => (await list()).items.length === 0, 2_000);
  });

  it("refuses a message that breaks the contract (an unknown version, a bad key): the socket closes, no alert", async () => {
    const policyId = await policyWith(admin, { cpu: cpuCondition() });
    const event = { key: "cpu", policyVersion: 1, state: "TRIGGERED", at: Date.now(), value: 97, detail: "" };
    for (const bad of [events([event], { v: 99 }), events([{ ...event, key: "bad key!" }])]) {
      const { deviceId, ws } = await connectedAgent();
      await admin.put(`/api/devices/${deviceId}/policy-override`, { policyId });
      const closed = new Promise<number>((resolve) => ws.on("close", (code) => resolve(code)));
      ws.send(bad);
      expect(await closed).toBe(proto.agentCloseCodes.protocol);
      const body = (
        await admin.get("/api/alerts", { query: { deviceId: String(deviceId) } })
      ).json<AlertListResponse>();
      expect(body.items).toEqual([]);
    }
  });
});
