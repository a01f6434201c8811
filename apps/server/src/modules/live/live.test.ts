import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agent as proto, type LiveNotice } from "@steward/contracts";
import { sha256 } from "../../platform/crypto/index.js";
import { deleteSession, SESSION_COOKIE } from "../../platform/identity/index.js";
import { createOrganization, waitFor } from "../../testing/agent-harness.js";
import { startAgentSocketSide, type AgentSocketSide } from "../../testing/agent-socket.js";
import { enrollDevice } from "../../testing/device-fixtures.js";
import { createTestContext, signedInClient, TestClient, type TestContext } from "../../testing/test-app.js";

let ctx: TestContext;
let admin: TestClient;
let agents: AgentSocketSide;
let base: string;
/** A second organization with a device and a job of its own. */
let other: { organizationId: number; deviceId: number; jobUid: string };

beforeAll(async () => {
  ctx = await createTestContext();
  admin = (await signedInClient(ctx, { admin: true })).client;
  agents = await startAgentSocketSide(ctx, "live");
  base = await ctx.app.listen({ port: 0, host: "127.0.0.1" });
  const place = await createOrganization(ctx);
  const device = await enrollDevice(ctx, place);
  const job = await admin.post("/api/webapp/submit/job", {
    nodes: [
      {
        nodeId: device.id,
        jobs: [
          {
            jobType: "ACTION",
            content: { script: { name: "Live", language: "bash", body: "true" }, parameters: [] },
          },
        ],
      },
    ],
  });
  expect(job.statusCode, job.body).toBe(200);
  other = {
    organizationId: place.organizationId,
    deviceId: device.id,
    jobUid: job.json<{ jobs: { jobUid: string }[] }>().jobs[0]!.jobUid,
  };
});
afterAll(async () => {
  await agents.close();
  await ctx.close();
});

/** A browser's side of one stream: the notices as they arrive, and whether the server ended it. */
interface Listener {
  notices: LiveNotice[];
  ended: Promise<void>;
  /** Resolves with the first notice (from the start) that matches. */
  next(match: (n: LiveNotice) => boolean): Promise<LiveNotice>;
  close(): void;
}

async function listen(client: TestClient, topics: string): Promise<Listener> {
  const abort = new AbortController();
  const res = await fetch(`${base}/api/live?topics=${encodeURIComponent(topics)}`, {
    headers: { cookie: `${SESSION_COOKIE}=${client.cookie}` },
    signal: abort.signal,
  });
  expect(res.status, await (res.status === 200 ? "" : res.text())).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/);
  const notices: LiveNotice[] = [];
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  const ended = (async () => {
    let buffer = "";
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        let cut: number;
        while ((cut = buffer.indexOf("\n\n")) >= 0) {
          const event = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const data = event.split("\n").find((line) => line.startsWith("data: "));
          if (data) notices.push(JSON.parse(data.slice(6)) as LiveNotice);
        }
      }
    } catch {
      // Aborted by the test.
    }
  })();
  return {
    notices,
    ended,
    next: (match) => waitFor("a live notice", async () => notices.find(match), 5_000),
    close: () => abort.abort(),
  };
}

const scopedTo = (organizationId: number) =>
  signedInClient(ctx, { permissions: ["devices.read"], organizationIds: [organizationId] });

describe("GET /api/live", () => {
  it("answers 401 without a session and 403 without the permission to read devices", async () => {
    const res = await new TestClient(ctx.app).get("/api/live", { query: { topics: "alerts" } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: "E_UNAUTHENTICATED" });
    const { client } = await signedInClient(ctx, { permissions: ["dashboard.read"] });
    expect((await client.get("/api/live", { query: { topics: "alerts" } })).statusCode).toBe(403);
  });

  it("refuses topics of no known form with the field's message", async () => {
    for (const topics of ["", "devices", "device:0", "alerts:org:x", "job:a b"]) {
      const res = await admin.get("/api/live", { query: { topics } });
      expect(res.statusCode, topics).toBe(400);
      expect(res.json()).toMatchObject({
        code: "E_VALIDATION",
        details: { issues: [{ path: ["querystring", "topics"] }] },
      });
    }
  });

  it("answers a topic of another organization exactly like one that does not exist", async () => {
    const mine = await createOrganization(ctx);
    const { client } = await scopedTo(mine.organizationId);
    const pairs = [
      [`alerts:org:${other.organizationId}`, "alerts:org:2000000000"],
      [`device:${other.deviceId}`, "device:2000000000"],
      [`job:${other.jobUid}`, "job:00000000-0000-4000-8000-00000000abcd"],
    ];
    for (const [outside, missing] of pairs) {
      const a = await client.get("/api/live", { query: { topics: `alerts,${outside}` } });
      const b = await client.get("/api/live", { query: { topics: `alerts,${missing}` } });
      expect(a.statusCode, outside).toBe(404);
      const strip = (body: string) => ({ ...(JSON.parse(body) as object), requestId: "" });
      expect(strip(a.body)).toEqual(strip(b.body));
      expect(a.json()).toMatchObject({ code: "E_NOT_FOUND", message: "Live topic not found" });
    }
    // The administrator reaches the same topics.
    const head = await admin.request("HEAD", "/api/live", undefined, {
      query: { topics: `alerts:org:${other.organizationId},device:${other.deviceId},job:${other.jobUid}` },
    });
    expect(head.statusCode).toBe(200);
    expect(ctx.services.live.stats().streams).toBe(0);
  });

  it("delivers an alert an agent opens to its organization's streams and to no other organization's", async () => {
    const policy = await admin.post("/api/policies", {
      name: "Live CPU",
      deviceClass: "WINDOWS_WORKSTATION",
      items: {
        conditions: {
          cpu: {
            name: "CPU above 90%",
            check: { kind: "cpu", comparator: "GT", value: 90, durationSeconds: 0 },
            severity: "MAJOR",
            priority: "HIGH",
            healthStatus: "UNHEALTHY",
          },
        },
      },
    });
    expect(policy.statusCode, policy.body).toBe(201);
    const policyId = policy.json<{ id: number }>().id;
    const { deviceId, ws } = await agents.connect();
    expect((await admin.put(`/api/devices/${deviceId}/policy-override`, { policyId })).statusCode).toBe(200);
    const { organizationId } = agents.org;
    const insider = await listen((await scopedTo(organizationId)).client, `alerts,device:${deviceId}`);
    const outsider = await listen((await scopedTo(other.organizationId)).client, "alerts");

    ws.send(
      JSON.stringify({
        type: "condition-events",
        v: proto.CONDITION_EVENTS_VERSION,
        sentAt: Date.now(),
        events: [{ key: "cpu", policyVersion: 1, state: "TRIGGERED", at: Date.now(), value: 97, detail: "" }],
      }),
    );
    const seen = await insider.next((n) => n.topic === "alerts");
    expect(seen).toMatchObject({ change: "alert", organizationId, deviceId, alertId: expect.any(Number) });
    await insider.next((n) => n.topic === `device:${deviceId}` && n.change === "alert");
    // Only ids travel: nothing of the alert's content.
    expect(Object.keys(seen).sort()).toEqual(["alertId", "change", "deviceId", "organizationId", "topic"]);
    // A technician's acknowledgement is a change too.
    const ack = await admin.post(`/api/alerts/${seen.alertId}/acknowledge`, { note: "on it" });
    expect(ack.statusCode, ack.body).toBe(200);
    await waitFor("the acknowledgement", async () =>
      insider.notices.filter((n) => n.topic === "alerts" && n.alertId === seen.alertId).length === 2
        ? true
        : undefined,
    );

    // The other organization's stream hears of its own alert first: nothing came before it.
    ctx.deps.bus.emit("alertChanged", {
      organizationId: other.organizationId,
      deviceId: other.deviceId,
      alertId: 1,
    });
    await outsider.next(() => true);
    expect(outsider.notices).toEqual([
      {
        topic: "alerts",
        change: "alert",
        organizationId: other.organizationId,
        deviceId: other.deviceId,
        alertId: 1,
      },
    ]);

    // The device going down reaches the device's topic.
    ws.close();
    await insider.next((n) => n.change === "device-status" && n.deviceId === deviceId);
    insider.close();
    outsider.close();
  });

  it("tells a job's stream of its status and output, and forgets a stream once the browser goes", async () => {
    const { client } = await scopedTo(other.organizationId);
    const before = ctx.services.live.stats().streams;
    const stream = await listen(client, `job:${other.jobUid}`);
    expect(ctx.services.live.stats().streams).toBe(before + 1);
    ctx.deps.bus.emit("jobChanged", { jobUid: other.jobUid, deviceId: other.deviceId, output: true });
    ctx.deps.bus.emit("jobChanged", { jobUid: other.jobUid, deviceId: other.deviceId, output: false });
    await stream.next((n) => n.change === "job");
    expect(stream.notices.map((n) => n.change)).toEqual(["job-output", "job"]);
    stream.close();
    await waitFor("the stream to be forgotten", async () => ctx.services.live.stats().streams === before);
  });

  it("tells a job's stream that a technician cancelled it", async () => {
    const stream = await listen((await scopedTo(other.organizationId)).client, `job:${other.jobUid}`);
    const res = await admin.post(`/api/webapp/job/${other.jobUid}/cancel`);
    expect(res.statusCode, res.body).toBe(200);
    expect(await stream.next(() => true)).toEqual({
      topic: `job:${other.jobUid}`,
      change: "job",
      jobUid: other.jobUid,
      deviceId: other.deviceId,
    });
    stream.close();
  });

  it("ends the stream when its session is revoked", async () => {
    const { client } = await scopedTo(other.organizationId);
    const stream = await listen(client, "alerts");
    await ctx.services.live.recheck();
    expect(ctx.services.live.stats().streams).toBeGreaterThan(0);
    await deleteSession(ctx.deps.db, sha256(client.cookie!));
    await ctx.services.live.recheck();
    await stream.ended;
    const again = await client.get("/api/live", { query: { topics: "alerts" } });
    expect(again.statusCode).toBe(401);
  });

  it("holds at most six streams per session", async () => {
    const { client } = await scopedTo(other.organizationId);
    const open = await Promise.all(Array.from({ length: 6 }, () => listen(client, "alerts")));
    const refused = await client.get("/api/live", { query: { topics: "alerts" } });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: "E_RATE_LIMITED" });
    open.forEach((s) => s.close());
  });
});
