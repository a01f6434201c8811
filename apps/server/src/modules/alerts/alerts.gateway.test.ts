import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agent as proto, type AlertListResponse } from "@steward/contracts";
import { waitFor } from "../../testing/agent-harness.js";
import { startAgentSocketSide, type AgentSocketSide } from "../../testing/agent-socket.js";
import {
  createTestContext,
  signedInClient,
  type TestClient,
  type TestContext,
} from "../../testing/test-app.js";
import { cpuCondition, policyWith } from "./alerts.fixtures.js";

let ctx: TestContext;
let admin: TestClient;
let agents: AgentSocketSide;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = (await signedInClient(ctx, { admin: true })).client;
  agents = await startAgentSocketSide(ctx, "alerts");
});
afterAll(async () => {
  await agents.close();
  await ctx.close();
});

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
    const { deviceId, ws } = await agents.connect();
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
      const { deviceId, ws, closed } = await agents.connect();
      await admin.put(`/api/devices/${deviceId}/policy-override`, { policyId });
      ws.send(bad);
      expect(await closed).toBe(proto.agentCloseCodes.protocol);
      const body = (
        await admin.get("/api/alerts", { query: { deviceId: String(deviceId) } })
      ).json<AlertListResponse>();
      expect(body.items).toEqual([]);
    }
  });
});
