import { randomBytes, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Activity, PendingJob } from "@steward/contracts";
import { createTestContext, signedInClient, TestClient, type TestContext } from "../../testing/test-app.js";
import { createOrganization } from "../../testing/agent-harness.js";
import { deviceActivities, devices } from "../devices/devices.tables.js";
import { jobs } from "../jobs/jobs.tables.js";

let ctx: TestContext;
let admin: TestClient;
let adminId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  ({ client: admin, userId: adminId } = await signedInClient(ctx, { admin: true }));
});
afterAll(async () => {
  await ctx.close();
});

/** An organization with two approved (offline) devices: submitted jobs stay queued. */
async function place() {
  const org = await createOrganization(ctx);
  const add = async (hostname: string, displayName: string | null = null) =>
    (
      await ctx.deps.db
        .insert(devices)
        .values({
          ...org,
          hostname,
          displayName,
          osFamily: "LINUX",
          publicKey: randomBytes(32).toString("base64"),
          approvalStatus: "APPROVED",
        })
        .returning({ id: devices.id })
    )[0]!.id;
  return {
    ...org,
    deviceA: await add(`host-a-${randomBytes(2).toString("hex")}`, "Reception PC"),
    deviceB: await add("host-b"),
  };
}

async function submit(
  client: TestClient,
  nodeId: number,
  content: Record<string, unknown>,
  jobName?: string,
) {
  const res = await client.post("/api/webapp/submit/job", {
    nodes: [{ nodeId, jobs: [{ jobType: "ACTION", content, ...(jobName ? { jobName } : {}) }] }],
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().jobs[0].jobUid as string;
}

const inline = (name: string) => ({ script: { name, language: "sh", body: "true" } });

/** A job in a state the API cannot reach without an agent (fixture rows). */
async function jobRow(
  p: { organizationId: number },
  deviceId: number,
  values: Partial<typeof jobs.$inferInsert>,
) {
  const jobUid = randomUUID();
  await ctx.deps.db.insert(jobs).values({
    jobUid,
    deviceId,
    organizationId: p.organizationId,
    jobType: "ACTION",
    jobName: "Fixture job",
    jobStatus: "COMPLETED",
    appUserId: adminId,
    content: inline("Fixture job"),
    ...values,
  });
  return jobUid;
}

async function deviceActivity(
  p: { organizationId: number },
  deviceId: number,
  type: string,
  message: string,
  at: Date,
  actorUserId: number | null = null,
) {
  await ctx.deps.db
    .insert(deviceActivities)
    .values({ deviceId, organizationId: p.organizationId, type, message, at, actorUserId });
}

describe("access", () => {
  it("answers 401 without a session, 403 without devices.read, 200 with it", async () => {
    const anon = new TestClient(ctx.app);
    expect((await anon.get("/api/jobs/pending")).statusCode).toBe(401);
    expect((await anon.get("/api/activities")).statusCode).toBe(401);
    const outsider = (await signedInClient(ctx, { permissions: ["dashboard.read"] })).client;
    expect((await outsider.get("/api/jobs/pending")).json().code).toBe("E_FORBIDDEN");
    expect((await outsider.get("/api/activities")).statusCode).toBe(403);
    const reader = (await signedInClient(ctx, { permissions: ["devices.read"] })).client;
    expect((await reader.get("/api/jobs/pending")).statusCode).toBe(200);
    expect((await reader.get("/api/activities")).statusCode).toBe(200);
  });
});

describe("GET /api/jobs/pending", () => {
  it("lists START_REQUESTED and CANCEL_REQUESTED jobs with device, script, organization and user names", async () => {
    const p = await place();
    const scriptRes = await admin.post("/api/scripts", {
      name: `Pending ${randomBytes(3).toString("hex")}`,
      language: "sh",
      os: "LINUX",
      body: "true",
    });
    const scriptId = scriptRes.json().id as number;
    const queued = await submit(admin, p.deviceA, { scriptId });
    const cancelling = await jobRow(p, p.deviceB, {
      jobStatus: "CANCEL_REQUESTED",
      jobName: "Backup",
      content: {},
      jobType: "LOCKHART",
    });
    await jobRow(p, p.deviceA, { jobStatus: "COMPLETED", jobResult: "SUCCESS" });
    const cancelled = await submit(admin, p.deviceB, inline("Gone"));
    await admin.post(`/api/webapp/job/${cancelled}/cancel`);

    const res = await admin.get(`/api/jobs/pending?organizationId=${p.organizationId}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ total: 2, page: 1, pageSize: 50 });
    const byUid = Object.fromEntries((body.items as PendingJob[]).map((j) => [j.jobUid, j]));
    expect(Object.keys(byUid).sort()).toEqual([queued, cancelling].sort());
    expect(byUid[queued]).toMatchObject({
      jobStatus: "START_REQUESTED",
      jobType: "ACTION",
      scriptId,
      scriptName: scriptRes.json().name,
      deviceId: p.deviceA,
      deviceName: "Reception PC",
      organizationId: p.organizationId,
      delivery: "QUEUED",
      userId: adminId,
      userName: expect.stringMatching(/^Test User \d+$/),
    });
    expect(byUid[cancelling]).toMatchObject({
      jobStatus: "CANCEL_REQUESTED",
      scriptName: null,
      scriptId: null,
      jobName: "Backup",
      deviceName: expect.stringMatching(/^host-b$/),
    });
    expect(byUid[queued]!.organizationName).toMatch(/^Agent Org /);

    const all = (await admin.get("/api/jobs/pending?pageSize=200")).json();
    expect(all.items.map((j: PendingJob) => j.jobUid)).toEqual(expect.arrayContaining([queued, cancelling]));
    const device = (await admin.get(`/api/jobs/pending?deviceId=${p.deviceB}`)).json();
    expect(device.items.map((j: PendingJob) => j.jobUid)).toEqual([cancelling]);
    const paged = (
      await admin.get(`/api/jobs/pending?organizationId=${p.organizationId}&pageSize=1&page=2`)
    ).json();
    expect(paged).toMatchObject({ total: 2, page: 2, pageSize: 1 });
    expect(paged.items).toHaveLength(1);
  });

  it("answers an unknown organization or device with 404", async () => {
    expect((await admin.get("/api/jobs/pending?organizationId=999999")).json()).toMatchObject({
      code: "E_ORGANIZATION_NOT_FOUND",
      message: "No such organization",
    });
    expect((await admin.get("/api/jobs/pending?deviceId=999999")).json()).toMatchObject({
      code: "E_DEVICE_NOT_FOUND",
      message: "No device with id 999999",
    });
  });
});

describe("GET /api/activities", () => {
  async function feed(query: string) {
    const res = await admin.get(`/api/activities?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { items: Activity[]; total: number };
  }

  it("merges jobs and device activities, newest first, at organization and device level", async () => {
    const p = await place();
    const t0 = Date.now();
    await deviceActivity(p, p.deviceA, "WENT_DOWN", "The device went down", new Date(t0 - 60_000));
    const uid = await submit(admin, p.deviceA, inline("Disk cleanup"));
    await deviceActivity(p, p.deviceB, "CAME_UP", "The device came up", new Date(t0 + 60_000));

    const org = await feed(`scope=organization&id=${p.organizationId}`);
    expect(org.total).toBe(3);
    expect(org.items.map((a) => [a.source, a.type, a.message])).toEqual([
      ["DEVICE", "CAME_UP", "The device came up"],
      ["JOB", "ACTION", "Disk cleanup: requested"],
      ["DEVICE", "WENT_DOWN", "The device went down"],
    ]);
    expect(org.items[1]).toMatchObject({
      key: `JOB-${uid}`,
      jobUid: uid,
      jobName: "Disk cleanup",
      status: "START_REQUESTED",
      result: null,
      deviceName: "Reception PC",
      userId: adminId,
    });
    expect(org.items[0]).toMatchObject({
      status: null,
      jobUid: null,
      deviceId: p.deviceB,
      deviceName: "host-b",
      organizationId: p.organizationId,
    });

    const device = await feed(`scope=device&id=${p.deviceA}`);
    expect(device.items.map((a) => a.type)).toEqual(["ACTION", "WENT_DOWN"]);
    const system = await feed("scope=system&pageSize=200");
    expect(system.items.map((a) => a.key)).toEqual(expect.arrayContaining([`JOB-${uid}`]));
    expect((await feed("")).total).toBe(system.total);
  });

  it("filters by type, status, user and time", async () => {
    const p = await place();
    const other = await signedInClient(ctx, { permissions: ["jobs.run", "devices.read"] });
    const t0 = Date.now();
    const ok = await jobRow(p, p.deviceA, {
      jobResult: "SUCCESS",
      jobName: "Flush DNS",
      createdAt: new Date(t0 - 3 * 3600_000),
    });
    const failed = await jobRow(p, p.deviceA, {
      jobResult: "FAILURE",
      jobName: "Cancellation Request",
      data: { originalJobName: "Restart spooler" },
      resultContent: { errorMessage: "Access is denied" },
      createdAt: new Date(t0 - 2 * 3600_000),
    });
    const queued = await submit(other.client, p.deviceB, inline("Top processes"));
    await deviceActivity(p, p.deviceB, "TAGS_CHANGED", "Tags changed", new Date(t0 - 3600_000), other.userId);
    const base = `scope=organization&id=${p.organizationId}`;

    expect((await feed(`${base}&type=ACTION`)).items.map((a) => a.jobUid).sort()).toEqual(
      [ok, failed, queued].sort(),
    );
    expect((await feed(`${base}&type=TAGS_CHANGED`)).items.map((a) => a.message)).toEqual(["Tags changed"]);
    expect((await feed(`${base}&type=ACTION,TAGS_CHANGED`)).total).toBe(4);

    expect((await feed(`${base}&status=START_REQUESTED`)).items.map((a) => a.jobUid)).toEqual([queued]);
    const failures = await feed(`${base}&status=FAILURE`);
    expect(failures.items).toHaveLength(1);
    expect(failures.items[0]).toMatchObject({
      jobUid: failed,
      jobName: "Restart spooler",
      status: "COMPLETED",
      result: "FAILURE",
      message: "Restart spooler: failed (Access is denied)",
    });
    expect((await feed(`${base}&status=SUCCESS`)).items[0]).toMatchObject({
      jobUid: ok,
      message: "Flush DNS: completed",
    });
    expect((await feed(`${base}&status=SUCCESS,START_REQUESTED`)).total).toBe(2);

    const byOther = await feed(`${base}&userId=${other.userId}`);
    expect(byOther.items.map((a) => a.source).sort()).toEqual(["DEVICE", "JOB"]);
    expect(byOther.items.every((a) => a.userId === other.userId)).toBe(true);

    const from = new Date(t0 - 2.5 * 3600_000).toISOString();
    const to = new Date(t0 - 0.5 * 3600_000).toISOString();
    const window = await feed(`${base}&from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`);
    expect(window.items.map((a) => a.key)).toEqual([expect.stringMatching(/^DEVICE-/), `JOB-${failed}`]);
  });

  it("pages the merged feed", async () => {
    const p = await place();
    for (let i = 0; i < 3; i++)
      await deviceActivity(p, p.deviceA, "UPDATED", `Update ${i}`, new Date(Date.now() - i * 1000));
    await submit(admin, p.deviceA, inline("Paged"));
    const first = await feed(`scope=device&id=${p.deviceA}&pageSize=3`);
    const second = await feed(`scope=device&id=${p.deviceA}&pageSize=3&page=2`);
    expect(first.total).toBe(4);
    expect(first.items).toHaveLength(3);
    expect(second.items).toHaveLength(1);
    expect(new Set([...first.items, ...second.items].map((a) => a.key)).size).toBe(4);
  });

  it("validates by code with exact messages, and answers unknown places with 404", async () => {
    const cases: [string, string][] = [
      ["scope=organization", "id: Give the organization id"],
      ["scope=device", "id: Give the device id"],
      ["from=2025-02-01T00:00:00Z&to=2025-01-01T00:00:00Z", "to: The end is before the start"],
    ];
    for (const [query, message] of cases) {
      const res = await admin.get(`/api/activities?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toMatchObject({ code: "E_VALIDATION", message });
    }
    for (const query of ["scope=planet", "status=DONE", "type=lower-case", "from=yesterday", "userId=abc"]) {
      const res = await admin.get(`/api/activities?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().code).toBe("E_VALIDATION");
    }
    expect((await admin.get("/api/activities?scope=organization&id=999999")).json().code).toBe(
      "E_ORGANIZATION_NOT_FOUND",
    );
    expect((await admin.get("/api/activities?scope=device&id=999999")).json().code).toBe(
      "E_DEVICE_NOT_FOUND",
    );
  });
});
