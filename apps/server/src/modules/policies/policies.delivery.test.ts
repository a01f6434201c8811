import { generateKeyPairSync, sign, type KeyObject } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import WebSocket from "ws";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agent as proto, type EffectivePolicy, type PolicyDetail } from "@steward/contracts";
import { createTestContext, signedInClient, TestClient, type TestContext } from "../../testing/test-app.js";
import {
  agentCli,
  createOrganization,
  ensureAgentBundle,
  startAgentProcess,
  startAgentSide,
  tempDir,
  waitFor,
} from "../../testing/agent-harness.js";
import { makeInventory } from "../../testing/device-fixtures.js";
import type { AgentSide } from "../agents/index.js";

let ctx: TestContext;
let side: AgentSide;
let url: string;
let closeSide: () => Promise<void>;
let admin: TestClient;
let org: { organizationId: number; locationId: number };
const sockets: WebSocket[] = [];

beforeAll(async () => {
  ctx = await createTestContext({ agentHeartbeatSeconds: 1, agentSilenceSeconds: 5 });
  ({ side, url, close: closeSide } = await startAgentSide(ctx));
  org = await createOrganization(ctx);
  admin = (await signedInClient(ctx, { admin: true })).client;
  await ensureAgentBundle();
}, 120_000);
afterAll(async () => {
  for (const ws of sockets) ws.terminate();
  await closeSide();
  await ctx.close();
});

const rawKey = (key: KeyObject) => {
  const spki = key.export({ format: "der", type: "spki" });
  return spki.subarray(spki.length - 32).toString("base64");
};

type Received = { payload: proto.ApplyPolicyPayload; jobUid: string };

/**
 * A protocol-level agent: enrolls a Windows workstation, keeps the apply-policy commands it gets
 * and acknowledges each (unless told not to), like the real agent does after applying.
 */
async function simulatedAgent() {
  const identity = generateKeyPairSync("ed25519");
  const { token } = await side.enrollment.createToken({
    ...org,
    name: "policy delivery",
    expiresInHours: 1,
    maxUses: 1,
    createdByUserId: 1,
  });
  const res = await fetch(`${url}/agent/v1/enroll`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ token, publicKey: rawKey(identity.publicKey), inventory: makeInventory() }),
  });
  expect(res.status).toBe(201);
  const { deviceId } = (await res.json()) as proto.EnrollResponse;
  const received: Received[] = [];
  let ws: WebSocket | undefined;
  const agent = {
    deviceId,
    received,
    acknowledge: true,
    async connect() {
      const socket = new WebSocket(`${url.replace("http:", "ws:")}/agent/v1/ws`);
      sockets.push(socket);
      ws = socket;
      await new Promise<void>((resolve) => {
        socket.on("message", (data) => {
          const message = JSON.parse(data.toString()) as proto.ServerToAgent;
          if (message.type === "challenge") {
            const signature = sign(
              null,
              Buffer.from(proto.challengePayload(deviceId, message.nonce)),
              identity.privateKey,
            ).toString("base64");
            socket.send(
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
          if (message.type === "command" && message.envelope.kind === "apply-policy") {
            const payload = proto.applyPolicyPayload.parse(message.envelope.payload);
            received.push({ payload, jobUid: message.envelope.jobUid });
            if (!agent.acknowledge) return;
            const data: proto.ApplyPolicyResult = {
              policyId: payload.policyId,
              version: payload.version,
              enforced: payload.enforced,
            };
            socket.send(
              JSON.stringify({
                type: "job-result",
                jobUid: message.envelope.jobUid,
                attempt: message.envelope.attempt,
                outcome: "SUCCESS",
                exitCode: null,
                stdout: "",
                stderr: "",
                truncated: false,
                errorMessage: null,
                kind: "apply-policy",
                data,
              }),
            );
          }
        });
      });
    },
    async disconnect() {
      const socket = ws;
      if (!socket) return;
      await new Promise<void>((resolve) => {
        socket.once("close", () => resolve());
        socket.close();
      });
      await waitFor("the server to see the agent gone", async () => !side.gateway.isOnline(deviceId));
    },
  };
  return agent;
}

const settled = async () => {
  // Give a change's delivery time to reach the agent, then wait for every queued delivery.
  await new Promise((r) => setTimeout(r, 150));
  await ctx.services.policyDelivery.idle();
  await new Promise((r) => setTimeout(r, 150));
};

async function createPolicy(body: Record<string, unknown>): Promise<PolicyDetail> {
  const res = await admin.post("/api/policies", body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<PolicyDetail>();
}
const getPolicy = async (id: number) => (await admin.get(`/api/policies/${id}`)).json<PolicyDetail>();
const effective = async (deviceId: number) =>
  (await admin.get(`/api/devices/${deviceId}/effective-policy`)).json<EffectivePolicy>();
const patch = async (id: number, body: Record<string, unknown>) => {
  const res = await admin.patch(`/api/policies/${id}`, body);
  expect(res.statusCode, res.body).toBe(200);
};
const lastAppliedIs = (deviceId: number, policyId: number, version: number) =>
  waitFor(`device ${deviceId} to acknowledge policy ${policyId} v${version}`, async () => {
    const e = await effective(deviceId);
    return e.lastApplied?.policyId === policyId && e.lastApplied.version === version ? e : undefined;
  });

describe("the agent receives its effective policy", () => {
  it("a parent's change reaches a device using its child once, with the child's new version; the device records what it applied", async () => {
    const agent = await simulatedAgent();
    await agent.connect();
    // Nothing applied yet: the class Default goes out on connect.
    const first = await waitFor("the Default policy", async () => agent.received[0]);
    const before = await effective(agent.deviceId);
    expect(first.payload).toMatchObject({
      policyId: before.policy!.id,
      version: before.version,
      enforced: true,
    });
    await lastAppliedIs(agent.deviceId, before.policy!.id, before.version!);

    const parent = await createPolicy({ name: "Delivery parent", deviceClass: "WINDOWS_WORKSTATION" });
    const child = await createPolicy({
      name: "Delivery child",
      deviceClass: "WINDOWS_WORKSTATION",
      parentId: parent.id,
    });
    const put = await admin.put(`/api/devices/${agent.deviceId}/policy-override`, { policyId: child.id });
    expect(put.statusCode, put.body).toBe(200);
    await waitFor("the child policy", async () => agent.received[1]);
    await settled();
    expect(agent.received).toHaveLength(2);
    expect(agent.received[1]!.payload).toMatchObject({ policyId: child.id, version: child.version });
    await lastAppliedIs(agent.deviceId, child.id, child.version);

    await patch(parent.id, { items: { agentSettings: { metricIntervalSeconds: 120 } } });
    await waitFor("the parent's change", async () => agent.received[2]);
    await settled();
    const moved = await getPolicy(child.id);
    expect(moved.version).toBeGreaterThan(child.version);
    expect(agent.received).toHaveLength(3);
    expect(agent.received[2]!.payload).toEqual({
      policyId: child.id,
      version: moved.version,
      enforced: true,
      agentSettings: { metricIntervalSeconds: 120, heartbeatSeconds: 60 },
      conditions: [],
      scripts: [],
    });
    const applied = await lastAppliedIs(agent.deviceId, child.id, moved.version);
    expect(Date.parse(applied.lastApplied!.appliedAt)).toBeGreaterThan(Date.now() - 60_000);

    // Saving the parent again with the same values moves no version and sends nothing.
    await patch(parent.id, { items: { agentSettings: { metricIntervalSeconds: 120 } } });
    await patch(child.id, { description: "same effect" });
    await settled();
    expect((await getPolicy(child.id)).version).toBe(moved.version);
    expect(agent.received).toHaveLength(3);

    // A disabled policy is delivered as not enforced, without its values.
    await patch(child.id, { enabled: false });
    await waitFor("the disabled policy", async () => agent.received[3]);
    const disabled = await getPolicy(child.id);
    expect(agent.received[3]!.payload).toEqual({
      policyId: child.id,
      version: disabled.version,
      enforced: false,
      agentSettings: {},
      conditions: [],
      scripts: [],
    });
  }, 60_000);

  it("on reconnect the policy goes out again only when the device's last applied version differs", async () => {
    const agent = await simulatedAgent();
    const policy = await createPolicy({ name: "Reconnect policy", deviceClass: "WINDOWS_WORKSTATION" });
    const put = await admin.put(`/api/devices/${agent.deviceId}/policy-override`, { policyId: policy.id });
    expect(put.statusCode, put.body).toBe(200);
    await agent.connect();
    await waitFor("the policy", async () => agent.received[0]);
    await lastAppliedIs(agent.deviceId, policy.id, policy.version);

    // Same version applied: a reconnect sends nothing.
    await agent.disconnect();
    await agent.connect();
    await settled();
    expect(agent.received).toHaveLength(1);

    // Changed while the device was away: the reconnect brings exactly the new version.
    await agent.disconnect();
    await patch(policy.id, { items: { agentSettings: { heartbeatSeconds: 30 } } });
    await settled();
    expect(agent.received).toHaveLength(1);
    const changed = await getPolicy(policy.id);
    await agent.connect();
    await waitFor("the changed policy", async () => agent.received[1]);
    await settled();
    expect(agent.received).toHaveLength(2);
    expect(agent.received[1]!.payload).toMatchObject({
      policyId: policy.id,
      version: changed.version,
      agentSettings: { heartbeatSeconds: 30 },
    });
    await lastAppliedIs(agent.deviceId, policy.id, changed.version);
  }, 60_000);

  it("a delivery the agent never acknowledged goes again on reconnect; one it is still applying is not repeated", async () => {
    const agent = await simulatedAgent();
    agent.acknowledge = false;
    const policy = await createPolicy({ name: "Unacknowledged policy", deviceClass: "WINDOWS_WORKSTATION" });
    await admin.put(`/api/devices/${agent.deviceId}/policy-override`, { policyId: policy.id });
    await agent.connect();
    await waitFor("the policy", async () => agent.received[0]);
    // Another change elsewhere does not resend what is on its way.
    await patch(policy.id, { description: "no effect" });
    await settled();
    expect(agent.received).toHaveLength(1);
    expect((await effective(agent.deviceId)).lastApplied).toBeNull();

    await agent.disconnect();
    agent.acknowledge = true;
    await agent.connect();
    await waitFor("the policy again", async () => agent.received[1]);
    expect(agent.received[1]!.payload).toMatchObject({ policyId: policy.id, version: policy.version });
    await lastAppliedIs(agent.deviceId, policy.id, policy.version);
  }, 60_000);

  it("a device's new role reaches its agent through the check of every connected device", async () => {
    const agent = await simulatedAgent();
    await agent.connect();
    await waitFor("the Default policy", async () => agent.received[0]);
    const current = (await admin.get(`/api/devices/${agent.deviceId}`)).json<{ roleId: number | null }>();
    const roles = (await admin.get("/api/device-roles")).json<{
      items: { id: number; osFamily: string }[];
    }>();
    const other = roles.items.find((r) => r.osFamily === "WINDOWS" && r.id !== current.roleId)!;
    const byRole = await createPolicy({ name: "Role delivery", deviceClass: "WINDOWS_WORKSTATION" });
    const assign = await admin.put(`/api/organizations/${org.organizationId}/policy-assignments`, {
      assignments: [{ roleId: other.id, policyId: byRole.id }],
    });
    expect(assign.statusCode, assign.body).toBe(200);
    await settled();
    expect(agent.received).toHaveLength(1);

    const role = await admin.patch(`/api/devices/${agent.deviceId}`, { roleId: other.id });
    expect(role.statusCode, role.body).toBe(200);
    await ctx.services.policyDelivery.reconcile();
    await waitFor("the role's policy", async () => agent.received[1]);
    expect(agent.received[1]!.payload).toMatchObject({ policyId: byRole.id, version: byRole.version });
    await ctx.services.policyDelivery.reconcile();
    await settled();
    expect(agent.received).toHaveLength(2);
  }, 60_000);

  it("a real agent applies its policy, keeps it in its data directory and acknowledges it", async () => {
    const { token } = await side.enrollment.createToken({
      ...org,
      name: "real agent",
      expiresInHours: 1,
      maxUses: 1,
      createdByUserId: 1,
    });
    const dataDir = tempDir();
    const enrolled = await agentCli(["enroll", "--server", url, "--token", token, "--data-dir", dataDir]);
    expect(enrolled.code, enrolled.stderr).toBe(0);
    const deviceId = Number(/Enrolled as device (\d+)/.exec(enrolled.stdout)?.[1]);
    const agentProcess = startAgentProcess(dataDir, { STEWARD_AGENT_CONDITION_SECONDS: "1" });
    try {
      const first = await waitFor("the agent to apply its Default", async () => {
        const e = await effective(deviceId);
        return e.lastApplied && e.lastApplied.policyId === e.policy?.id ? e : undefined;
      });
      const policy = await createPolicy({
        name: `Real agent ${first.deviceClass}`,
        deviceClass: first.deviceClass,
        items: { agentSettings: { metricIntervalSeconds: 15 } },
      });
      await admin.put(`/api/devices/${deviceId}/policy-override`, { policyId: policy.id });
      await lastAppliedIs(deviceId, policy.id, policy.version);
      const kept = JSON.parse(fs.readFileSync(path.join(dataDir, "policy.json"), "utf8")) as unknown;
      expect(kept).toMatchObject({
        policyId: policy.id,
        version: policy.version,
        enforced: true,
        agentSettings: { metricIntervalSeconds: 15 },
      });
      expect(agentProcess.output()).toContain(`applied policy ${policy.id} version ${policy.version}`);

      // A condition added to the policy reaches the agent, which evaluates it on the device.
      await patch(policy.id, {
        items: {
          conditions: {
            lowdisk: {
              name: "Data directory nearly full",
              severity: "MAJOR",
              priority: "HIGH",
              check: { kind: "diskFree", mount: dataDir, unit: "PERCENT", comparator: "LT", value: 101 },
            },
          },
        },
      });
      await waitFor("the agent to report the condition", async () =>
        agentProcess.output().includes(`condition lowdisk triggered: ${dataDir}: `) ? true : undefined,
      );
      expect(agentProcess.output()).toMatch(/condition lowdisk triggered: .+: \d+\.\d% free \(/);
    } finally {
      agentProcess.kill("SIGKILL");
    }
  }, 90_000);

  it("the agent is sent the enabled conditions it evaluates, with the scripts they run; a changed condition moves the version and goes out again", async () => {
    const script = await admin.post("/api/scripts", {
      name: `Condition script ${Date.now()}`,
      description: "",
      language: "bash",
      os: "LINUX",
      architecture: "ALL",
      timeoutSeconds: 30,
      parameters: [],
      presets: [],
      body: "test -f /etc/hostname\n",
    });
    expect(script.statusCode, script.body).toBe(201);
    const scriptId = script.json<{ id: number }>().id;
    const base = { severity: "MAJOR", priority: "HIGH" } as const;
    const diskFree = {
      ...base,
      name: "Low disk",
      check: {
        kind: "diskFree",
        unit: "PERCENT",
        comparator: "LT",
        value: 10,
        resetValue: 15,
        durationSeconds: 300,
      },
    };
    const agent = await simulatedAgent();
    const policy = await createPolicy({
      name: "Conditions delivery",
      deviceClass: "WINDOWS_WORKSTATION",
      items: {
        conditions: {
          disk: diskFree,
          off: {
            ...base,
            name: "Disabled CPU",
            enabled: false,
            check: { kind: "cpu", comparator: "GT", value: 90 },
          },
          down: { ...base, name: "Offline", check: { kind: "agentDown", minutes: 10 } },
          script: {
            ...base,
            name: "Script says no",
            check: {
              kind: "scriptResult",
              scriptId,
              intervalMinutes: 5,
              match: { on: "EXIT_CODE", comparator: "NE", exitCode: 0 },
            },
          },
        },
      },
    });
    await admin.put(`/api/devices/${agent.deviceId}/policy-override`, { policyId: policy.id });
    await agent.connect();
    const first = await waitFor("the policy", async () =>
      agent.received.find((r) => r.payload.policyId === policy.id),
    );
    // The server's own kinds (agent down) and disabled conditions stay on the server.
    expect(first.payload.conditions.map((c) => c.key)).toEqual(["disk", "script"]);
    expect(first.payload.conditions[0]).toMatchObject({
      key: "disk",
      condition: {
        name: "Low disk",
        check: { kind: "diskFree", value: 10, resetValue: 15, durationSeconds: 300 },
      },
    });
    expect(first.payload.scripts).toEqual([
      { id: scriptId, language: "bash", body: "test -f /etc/hostname\n", timeoutSeconds: 30 },
    ]);
    await lastAppliedIs(agent.deviceId, policy.id, policy.version);

    // Editing the script the condition runs moves the version: the agent gets the new body.
    const edited = await admin.put(`/api/scripts/${scriptId}`, {
      name: script.json<{ name: string }>().name,
      description: "",
      language: "bash",
      os: "LINUX",
      architecture: "ALL",
      timeoutSeconds: 30,
      parameters: [],
      presets: [],
      body: "test -f /etc/hosts\n",
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const afterScript = await getPolicy(policy.id);
    expect(afterScript.version).toBeGreaterThan(policy.version);
    const fourth = await waitFor("the edited script", async () =>
      agent.received.find((r) => r.payload.version === afterScript.version),
    );
    expect(fourth.payload.scripts).toEqual([
      { id: scriptId, language: "bash", body: "test -f /etc/hosts\n", timeoutSeconds: 30 },
    ]);

    await patch(policy.id, {
      items: { conditions: { disk: { ...diskFree, check: { ...diskFree.check, value: 5 } } } },
    });
    const changed = await getPolicy(policy.id);
    expect(changed.version).toBeGreaterThan(policy.version);
    const second = await waitFor("the changed condition", async () =>
      agent.received.find((r) => r.payload.version === changed.version),
    );
    expect(second.payload.conditions.find((c) => c.key === "disk")?.condition.check).toMatchObject({
      value: 5,
    });

    // Not enforced: no conditions and no scripts go out.
    await patch(policy.id, { enabled: false });
    const disabled = await getPolicy(policy.id);
    const third = await waitFor("the disabled policy", async () =>
      agent.received.find((r) => r.payload.version === disabled.version),
    );
    expect(third.payload).toMatchObject({ enforced: false, conditions: [], scripts: [] });
  }, 60_000);
});
