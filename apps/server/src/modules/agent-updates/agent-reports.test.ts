import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DeviceAgentReport, agent as proto } from "@steward/contracts";
import { createOrganization } from "../../testing/agent-harness.js";
import { startAgentSocketSide, type AgentSocketSide, type SocketAgent } from "../../testing/agent-socket.js";
import { createTestContext, signedInClient, TestClient, type TestContext } from "../../testing/test-app.js";

let ctx: TestContext;
let admin: TestClient;
let agents: AgentSocketSide;

const self: proto.AgentSelfReport = {
  platform: "linux",
  arch: "x64",
  installPath: "/opt/steward/versions/1.0.0/steward-agent",
  packaging: "binary",
  lastErrors: [{ at: "2026-01-01T00:00:00.000Z", message: "could not reach the server" }],
  installDir: "/opt/steward",
  serviceManager: "systemd",
};

beforeAll(async () => {
  ctx = await createTestContext({ agentRolloutTickMs: 3_600_000 });
  admin = (await signedInClient(ctx, { admin: true })).client;
  agents = await startAgentSocketSide(ctx, "agent-reports");
});
afterAll(async () => {
  await agents.close();
  await ctx.close();
});

async function publish(version: string): Promise<void> {
  const res = await admin.post("/api/agent-releases", {
    version,
    platform: "linux",
    arch: "x64",
    kind: "bundle",
    artifactBase64: Buffer.from(`// steward agent ${version}\n`).toString("base64"),
  });
  expect(res.statusCode, res.body).toBe(201);
}

const reportOf = async (client: TestClient, deviceId: number) => client.get(`/api/devices/${deviceId}/agent`);

/** Waits until the server has handled what the agent sent (its messages apply in order). */
async function until(check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 100 && !(await check()); i++) await new Promise((r) => setTimeout(r, 50));
}

describe("the agent's report about itself", () => {
  let agent: SocketAgent;

  beforeAll(async () => {
    agent = await agents.connect({ agentVersion: "1.0.0", self });
  });

  it("is stored from the hello and shown with the device: version, install folder, service, errors", async () => {
    await until(
      async () => (await reportOf(admin, agent.deviceId)).json<DeviceAgentReport>().reportedAt !== null,
    );
    const res = await reportOf(admin, agent.deviceId);
    expect(res.statusCode).toBe(200);
    expect(res.json<DeviceAgentReport>()).toMatchObject({
      deviceId: agent.deviceId,
      agentVersion: "1.0.0",
      platform: "linux",
      arch: "x64",
      packaging: "binary",
      installPath: "/opt/steward/versions/1.0.0/steward-agent",
      installDir: "/opt/steward",
      serviceManager: "systemd",
      lastErrors: self.lastErrors,
      lastUpdate: null,
    });
  });

  it("keeps the last update report the agent sent, with its reason", async () => {
    agent.ws.send(
      JSON.stringify({
        type: "update-status",
        version: "1.2.0",
        status: "rolled-back",
        reason: "Version 1.2.0 did not reconnect within 60 seconds.",
      }),
    );
    await until(
      async () => (await reportOf(admin, agent.deviceId)).json<DeviceAgentReport>().lastUpdate !== null,
    );
    expect((await reportOf(admin, agent.deviceId)).json<DeviceAgentReport>().lastUpdate).toMatchObject({
      version: "1.2.0",
      status: "rolled-back",
      reason: "Version 1.2.0 did not reconnect within 60 seconds.",
    });
  });

  it("answers 401 signed out, 403 without devices.read, and a device of another organization as missing", async () => {
    expect((await reportOf(new TestClient(ctx.app), agent.deviceId)).statusCode).toBe(401);
    const noRead = (await signedInClient(ctx, { permissions: ["jobs.run"] })).client;
    expect((await reportOf(noRead, agent.deviceId)).statusCode).toBe(403);
    const outsider = (
      await signedInClient(ctx, {
        permissions: ["devices.read"],
        organizationIds: [(await createOrganization(ctx)).organizationId],
      })
    ).client;
    const hidden = await reportOf(outsider, agent.deviceId);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json<{ code: string }>().code).toBe("E_DEVICE_NOT_FOUND");
    expect((await reportOf(admin, 999_999)).json<{ code: string }>().code).toBe("E_DEVICE_NOT_FOUND");
    const insider = (
      await signedInClient(ctx, {
        permissions: ["devices.read"],
        organizationIds: [agents.org.organizationId],
      })
    ).client;
    expect((await reportOf(insider, agent.deviceId)).statusCode).toBe(200);
  });
});

describe("the built-in search for outdated agents", () => {
  it("finds the devices whose agent is older than the newest published version, comparing versions as numbers", async () => {
    const old = await agents.connect({ agentVersion: "1.9.0" });
    const current = await agents.connect({ agentVersion: "1.10.0" });
    const newer = await agents.connect({ agentVersion: "1.10.1" });
    const unnamed = await agents.connect({ agentVersion: "dev" });
    const outdatedIds = async () => {
      const res = await admin.get(
        `/api/devices?builtIn=OUTDATED_AGENTS&organizationId=${agents.org.organizationId}&pageSize=500`,
      );
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ items: { id: number }[] }>().items.map((d) => d.id);
    };
    // Nothing is published yet: no agent is behind.
    expect(await outdatedIds()).toEqual([]);

    await publish("1.2.0");
    await publish("1.10.0");
    const found = await outdatedIds();
    expect(found).toContain(old.deviceId);
    expect(found).not.toContain(current.deviceId);
    expect(found).not.toContain(newer.deviceId);
    expect(found).not.toContain(unnamed.deviceId);

    const report = (await reportOf(admin, old.deviceId)).json<DeviceAgentReport>();
    expect(report).toMatchObject({ latestVersion: "1.10.0", outdated: true });
    expect((await reportOf(admin, newer.deviceId)).json<DeviceAgentReport>().outdated).toBe(false);
  });
});
