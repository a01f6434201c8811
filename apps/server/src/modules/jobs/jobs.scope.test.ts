import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInClient, TestClient } from "../../testing/test-app.js";
import { twoOrganizations, type TwoOrganizations } from "../../testing/scope-fixtures.js";
import { jobs } from "./jobs.tables.js";

let { ctx, admin, full, scoped, scopedUserId, a, b } = {} as TwoOrganizations;
let deviceA: number;
let deviceB: number;
let jobA: string;
let jobB: string;

const content = { script: { name: "Scoped", language: "bash", body: "true" }, parameters: [] };
const submit = (client: TestClient, nodeIds: number[]) =>
  client.post("/api/webapp/submit/job", {
    nodes: nodeIds.map((nodeId) => ({ nodeId, jobs: [{ jobType: "ACTION", content }] })),
  });
/** Every row of the jobs table, in a stable order: what "nothing changed" is checked against. */
const allJobs = () => ctx.deps.db.select().from(jobs).orderBy(asc(jobs.id));

beforeAll(async () => {
  ({ ctx, admin, full, scoped, scopedUserId, a, b } = await twoOrganizations({
    permissions: ["devices.read", "jobs.run"],
    devices: { a: [{}], b: [{}] },
  }));
  [deviceA, deviceB] = [a.deviceIds[0]!, b.deviceIds[0]!];
  const both = await submit(admin, [deviceA, deviceB]);
  expect(both.statusCode, both.body).toBe(200);
  const queued = both.json().jobs as { jobUid: string; nodeId: number }[];
  jobA = queued.find((j) => j.nodeId === deviceA)!.jobUid;
  jobB = queued.find((j) => j.nodeId === deviceB)!.jobUid;
});
afterAll(async () => {
  await ctx.close();
});

/** The code and message of an answer: out of scope must look exactly like missing. */
const shape = (res: { json(): { code: string; message: string } }) => ({
  code: res.json().code,
  message: res.json().message,
});

describe("POST /api/webapp/submit/job", () => {
  it("refuses a device outside the scope exactly like an unknown device and queues nothing", async () => {
    const before = await allJobs();
    const outside = await submit(scoped, [deviceB]);
    const unknown = await submit(scoped, [999_999]);
    expect(outside.statusCode).toBe(404);
    expect(unknown.statusCode).toBe(404);
    expect(shape(outside)).toEqual({
      code: shape(unknown).code,
      message: shape(unknown).message.replace("999999", String(deviceB)),
    });
    expect(outside.json().code).toBe("E_DEVICE_NOT_FOUND");
    // A mixed submit is refused as a whole: not even the in-scope device gets a job.
    const mixed = await submit(scoped, [deviceA, deviceB]);
    expect(mixed.statusCode).toBe(404);
    expect(await allJobs()).toEqual(before);
  });

  it("queues on the technician's own organization; full access and an administrator reach both", async () => {
    const own = await submit(scoped, [deviceA]);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().jobs).toHaveLength(1);
    for (const client of [full, admin]) {
      const res = await submit(client, [deviceA, deviceB]);
      expect(res.statusCode, res.body).toBe(200);
      expect(
        res
          .json()
          .jobs.map((j: { nodeId: number }) => j.nodeId)
          .sort(),
      ).toEqual([deviceA, deviceB].sort());
    }
  });
});

describe("reading jobs", () => {
  it("a job outside the scope answers 404 like a missing one, for the job and its output", async () => {
    for (const suffix of ["", "/output"]) {
      const outside = await scoped.get(`/api/webapp/job/${jobB}${suffix}`);
      const missing = await scoped.get(`/api/webapp/job/no-such-job${suffix}`);
      expect(outside.statusCode).toBe(404);
      expect(shape(outside)).toEqual(shape(missing));
      expect((await scoped.get(`/api/webapp/job/${jobA}${suffix}`)).statusCode).toBe(200);
      expect((await full.get(`/api/webapp/job/${jobB}${suffix}`)).statusCode).toBe(200);
    }
  });

  it("the job list holds the scope's jobs only, whatever the filter asks for", async () => {
    const list = async (client: TestClient, query: Record<string, string> = {}) => {
      const res = await client.get("/api/webapp/job/list", { query: { pageSize: "200", ...query } });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { jobs: { jobUid: string; organizationId?: number }[]; total: number };
    };
    const mine = await list(scoped);
    const uids = mine.jobs.map((j) => j.jobUid);
    expect(uids).toContain(jobA);
    expect(uids).not.toContain(jobB);
    expect(mine.total).toBe(mine.jobs.length);
    expect(await list(scoped, { organizationId: String(b.organizationId) })).toMatchObject({
      total: 0,
      jobs: [],
    });
    expect(await list(scoped, { nodeId: String(deviceB) })).toMatchObject({ total: 0, jobs: [] });
    const everything = (await list(full)).jobs.map((j) => j.jobUid);
    expect(everything).toEqual(expect.arrayContaining([jobA, jobB]));
    expect((await list(admin)).total).toBe((await list(full)).total);
  });
});

describe("cancelling", () => {
  it("a job outside the scope answers 404 like a missing one and stays as it was", async () => {
    const before = await allJobs();
    const outside = await scoped.post(`/api/webapp/job/${jobB}/cancel`);
    const missing = await scoped.post("/api/webapp/job/no-such-job/cancel");
    expect(outside.statusCode).toBe(404);
    expect(shape(outside)).toEqual(shape(missing));
    expect(await allJobs()).toEqual(before);
  });

  it("the technician cancels a job of their own organization", async () => {
    const res = await scoped.post(`/api/webapp/job/${jobA}/cancel`);
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await ctx.deps.db.select().from(jobs).where(eq(jobs.jobUid, jobA));
    expect(row!.jobStatus).toBe("CANCELLED");
  });
});

describe("GET /api/node/{id}/wakeup", () => {
  it("401 without a session, 403 without jobs.run", async () => {
    const anon = new TestClient(ctx.app);
    expect((await anon.get(`/api/node/${deviceA}/wakeup`)).statusCode).toBe(401);
    const reader = (await signedInClient(ctx, { permissions: ["devices.read"] })).client;
    expect((await reader.get(`/api/node/${deviceA}/wakeup`)).statusCode).toBe(403);
  });

  it("a target outside the scope answers 404 like an unknown device; one inside reaches the relay search", async () => {
    const outside = await scoped.get(`/api/node/${deviceB}/wakeup`);
    const unknown = await scoped.get("/api/node/999999/wakeup");
    expect(outside.statusCode).toBe(404);
    expect(shape(outside)).toEqual(shape(unknown));
    // The fixtures' devices report no subnet, so no relay can reach them: the search ran and found none.
    const inside = await scoped.get(`/api/node/${deviceA}/wakeup`);
    expect(inside.statusCode).toBe(500);
    expect(inside.json().code).toBe("E_NO_USABLE_MAC_ADDRESSES");
    expect((await full.get(`/api/node/${deviceB}/wakeup`)).json().code).toBe("E_NO_USABLE_MAC_ADDRESSES");
  });
});

describe("submitOver (the RUN_SCRIPT bulk action)", () => {
  it("without a scope, reaches only the actor's own jobs.run organizations", async () => {
    const service = ctx.services.jobs;
    const rows = await service.submitOver({ userId: scopedUserId, name: "Tech A" }, sql`true`, {
      jobType: "ACTION",
      content,
    });
    const organizations = new Set(rows.map((r) => r.organizationId));
    expect(organizations.has(a.organizationId)).toBe(true);
    expect(organizations.has(b.organizationId)).toBe(false);
  });
});
