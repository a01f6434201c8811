import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type WebSocket from "ws";
import { agent as proto } from "@steward/contracts";
import { createTestContext, signedInClient, TestClient, type TestContext } from "../../testing/test-app.js";
import { startAgentSocketSide, type AgentSocketSide, type SocketAgent } from "../../testing/agent-socket.js";
import { createOrganization, waitFor } from "../../testing/agent-harness.js";
import { enrollDevice } from "../../testing/device-fixtures.js";
import { MISSING } from "../../testing/scope-fixtures.js";

let ctx: TestContext;
let sockets: AgentSocketSide;
let admin: TestClient;
let agent: SocketAgent;
/** Commands the simulated agent received, newest last. */
const received: proto.CommandEnvelope[] = [];
let otherDeviceId: number;

/** The simulated agent answers every command the way the real one does: started, then a result. */
function actLikeAnAgent(
  ws: WebSocket,
  result: (e: proto.CommandEnvelope) => Partial<proto.JobResultMessage>,
) {
  ws.on("message", (data) => {
    const message = JSON.parse(data.toString()) as proto.ServerToAgent;
    if (message.type !== "command") return;
    const e = message.envelope;
    received.push(e);
    if (proto.commandKinds[e.kind as proto.CommandKindName]?.mode === "job")
      ws.send(JSON.stringify({ type: "job-started", jobUid: e.jobUid, attempt: e.attempt }));
    ws.send(
      JSON.stringify({
        type: "job-result",
        jobUid: e.jobUid,
        attempt: e.attempt,
        outcome: "SUCCESS",
        exitCode: 0,
        stdout: "",
        stderr: "",
        truncated: false,
        errorMessage: null,
        kind: e.kind,
        ...result(e),
      }),
    );
  });
}

beforeAll(async () => {
  ctx = await createTestContext({ agentHeartbeatSeconds: 1, agentSilenceSeconds: 5 });
  sockets = await startAgentSocketSide(ctx, "device-actions");
  agent = await sockets.connect();
  await waitFor("agent online", async () => sockets.side.gateway.isOnline(agent.deviceId));
  actLikeAnAgent(agent.ws, (e) =>
    e.kind === "device-power"
      ? {
          stdout: "shutdown -r +10\n",
          data: {
            scheduledInMinutes: (e.payload as { delayMinutes: number }).delayMinutes,
            postponed: 0,
            command: ["shutdown"],
          },
        }
      : {},
  );
  const other = await createOrganization(ctx);
  otherDeviceId = (await enrollDevice(ctx, other)).id;
  admin = (await signedInClient(ctx, { admin: true })).client;
}, 60_000);
afterAll(async () => {
  await sockets.close();
  await ctx.close();
});

const job = async (uid: string) => (await admin.get(`/api/webapp/job/${uid}`)).json().job;
const lastCommand = (kind: string) =>
  waitFor(`${kind} command`, async () => [...received].reverse().find((e) => e.kind === kind));

describe("restart and shutdown (REBOOT_ACTION)", () => {
  it("a restart with delay, message and postpone limit reaches the agent with those arguments; the job completes with its result", async () => {
    const res = await admin.post(`/api/device/${agent.deviceId}/power`, {
      action: "REBOOT",
      delayMinutes: 10,
      message: "Please save your work",
      postponeLimit: 2,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { jobUid, jobType } = res.json();
    expect(jobType).toBe("REBOOT_ACTION");
    const e = await lastCommand("device-power");
    expect(e.jobUid).toBe(jobUid);
    expect(e.payload).toEqual({
      action: "REBOOT",
      delayMinutes: 10,
      message: "Please save your work",
      postponeLimit: 2,
      postponeMinutes: 15,
    });
    const done = await waitFor("job completed", async () => {
      const j = await job(jobUid);
      return j.jobStatus === "COMPLETED" ? j : undefined;
    });
    expect(done).toMatchObject({ jobType: "REBOOT_ACTION", jobName: "Restart", jobResult: "SUCCESS" });
  });

  it("a shutdown at a time is sent with the minutes left until then", async () => {
    received.length = 0;
    const at = new Date(Date.now() + 30 * 60_000 + 5_000).toISOString();
    const res = await admin.post(`/api/device/${agent.deviceId}/power`, { action: "SHUTDOWN", at });
    expect(res.statusCode, res.body).toBe(200);
    const e = await lastCommand("device-power");
    expect(e.payload).toMatchObject({ action: "SHUTDOWN", delayMinutes: 31, postponeLimit: 0 });
  });

  it("refuses a delay beyond a week and a postpone limit above 10", async () => {
    for (const body of [
      { action: "REBOOT", delayMinutes: 7 * 24 * 60 + 1 },
      { action: "REBOOT", postponeLimit: 11 },
      { action: "HIBERNATE" },
    ])
      expect((await admin.post(`/api/device/${agent.deviceId}/power`, body)).statusCode).toBe(400);
  });

  it("bulk REBOOT through execute-action queues a REBOOT_ACTION job per device", async () => {
    received.length = 0;
    const res = await admin.post("/api/search/runner/execute-action", {
      action: "REBOOT",
      data: { nodeIds: [agent.deviceId], delayMinutes: 5, message: "Maintenance" },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ action: "REBOOT", count: 1 });
    expect(res.json().jobs[0].jobType).toBe("REBOOT_ACTION");
    const e = await lastCommand("device-power");
    expect(e.payload).toMatchObject({ action: "REBOOT", delayMinutes: 5, message: "Maintenance" });
  });
});

describe("access to the device actions", () => {
  const routes = (id: number) => [
    { url: `/api/device/${id}/power`, body: { action: "REBOOT" }, permission: "jobs.run" as const },
    {
      url: `/api/device/${id}/command`,
      body: { language: "bash", body: "echo hi" },
      permission: "devices.command" as const,
    },
    { url: `/api/device/${id}/uninstall`, body: {}, permission: "devices.manage" as const },
  ];

  it("401 without a session, 403 without the route's permission, 200 with it", async () => {
    const anon = new TestClient(ctx.app);
    const reader = (
      await signedInClient(ctx, { permissions: ["devices.read", "jobs.run", "devices.manage"] })
    ).client;
    for (const r of routes(otherDeviceId)) {
      expect((await anon.post(r.url, r.body)).statusCode).toBe(401);
      const others = (["jobs.run", "devices.command", "devices.manage"] as const).filter(
        (p) => p !== r.permission,
      );
      const without = (await signedInClient(ctx, { permissions: ["devices.read", ...others] })).client;
      expect((await without.post(r.url, r.body)).statusCode, r.url).toBe(403);
    }
    // devices.command is its own permission: jobs.run does not include it.
    expect(
      (await reader.post(routes(otherDeviceId)[1]!.url, routes(otherDeviceId)[1]!.body)).statusCode,
    ).toBe(403);
    for (const r of routes(otherDeviceId)) {
      const holder = (await signedInClient(ctx, { permissions: ["devices.read", r.permission] })).client;
      const res = await holder.post(r.url, r.body);
      expect(res.statusCode, `${r.url} ${res.body}`).toBe(200);
    }
  });

  it("a device of another organization answers like a missing one (404), and nothing is queued or archived", async () => {
    const scoped = (
      await signedInClient(ctx, {
        permissions: ["devices.read", "jobs.run", "devices.command", "devices.manage"],
        organizationIds: [sockets.org.organizationId],
      })
    ).client;
    const other = await createOrganization(ctx);
    const foreign = (await enrollDevice(ctx, other)).id;
    for (const id of [foreign, MISSING])
      for (const r of routes(id)) {
        const res = await scoped.post(r.url, r.body);
        expect(res.statusCode, r.url).toBe(404);
      }
    const jobs = (await admin.get(`/api/webapp/job/list?nodeId=${foreign}`)).json();
    expect(jobs.total).toBe(0);
    // Still there, not archived: the admin can act on it.
    expect((await admin.post(`/api/device/${foreign}/uninstall`, {})).statusCode).toBe(200);
    expect((await admin.post(`/api/device/${foreign}/uninstall`, {})).statusCode).toBe(404);
  });
});

describe("uninstall", () => {
  it("sends the agent the uninstall command, archives the device (kept, not deleted) and refuses its agent at connect", async () => {
    const second = await sockets.connect();
    await waitFor("second online", async () => sockets.side.gateway.isOnline(second.deviceId));
    const got: proto.CommandEnvelope[] = [];
    second.ws.on("message", (d) => {
      const m = JSON.parse(d.toString()) as proto.ServerToAgent;
      if (m.type === "command") got.push(m.envelope);
    });
    const res = await admin.post(`/api/device/${second.deviceId}/uninstall`, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ nodeId: second.deviceId, delivered: true });
    const e = await waitFor("uninstall command", async () => got.find((g) => g.kind === "uninstall-agent"));
    expect(e.agentId).toBe(second.deviceId);
    const audit = (await admin.get("/api/audit?action=device.uninstall")).json();
    expect(JSON.stringify(audit)).toContain(String(second.deviceId));
    // The device row is still there, archived.
    const row = await ctx.services.devices.identity(second.deviceId);
    expect(row?.archivedAt).toBeInstanceOf(Date);
  });
});
