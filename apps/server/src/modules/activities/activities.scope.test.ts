import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestClient } from "../../testing/test-app.js";
import { twoOrganizations, type TwoOrganizations } from "../../testing/scope-fixtures.js";
import { deviceActivities } from "../devices/devices.tables.js";

let { ctx, admin, full, scoped, a, b } = {} as TwoOrganizations;
let deviceA: number;
let deviceB: number;
let jobA: string;
let jobB: string;

const inline = { script: { name: "Scoped", language: "bash", body: "true" }, parameters: [] };

async function submit(nodeId: number): Promise<string> {
  const res = await admin.post("/api/webapp/submit/job", {
    nodes: [{ nodeId, jobs: [{ jobType: "ACTION", content: inline }] }],
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().jobs[0].jobUid as string;
}

beforeAll(async () => {
  ({ ctx, admin, full, scoped, a, b } = await twoOrganizations({
    permissions: ["devices.read"],
    devices: { a: [{}], b: [{}] },
  }));
  [deviceA, deviceB] = [a.deviceIds[0]!, b.deviceIds[0]!];
  jobA = await submit(deviceA);
  jobB = await submit(deviceB);
  await ctx.deps.db.insert(deviceActivities).values([
    {
      deviceId: deviceA,
      organizationId: a.organizationId,
      type: "TAG_ADDED",
      message: "in A",
      at: new Date(),
    },
    {
      deviceId: deviceB,
      organizationId: b.organizationId,
      type: "TAG_ADDED",
      message: "in B",
      at: new Date(),
    },
  ]);
});
afterAll(async () => {
  await ctx.close();
});

type Item = { jobUid: string | null; message: string | null; organizationId: number };
const pendingUids = async (client: TestClient, query = "") => {
  const res = await client.get(`/api/jobs/pending?pageSize=200${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().items as { jobUid: string }[]).map((j) => j.jobUid);
};
const feed = async (client: TestClient, query = "") => {
  const res = await client.get(`/api/activities?pageSize=200${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { items: Item[]; total: number };
};

describe("pending scripts", () => {
  it("a technician scoped to organization A sees organization A's pending jobs only", async () => {
    const uids = await pendingUids(scoped);
    expect(uids).toContain(jobA);
    expect(uids).not.toContain(jobB);
    const total = (await scoped.get("/api/jobs/pending")).json().total as number;
    expect(total).toBe(uids.length);
  });

  it("full access and a system administrator see both organizations", async () => {
    for (const client of [full, admin])
      expect(await pendingUids(client)).toEqual(expect.arrayContaining([jobA, jobB]));
  });

  it("an organization or device outside the scope answers 404 exactly like one that does not exist", async () => {
    const cases = [
      [`&organizationId=${b.organizationId}`, "&organizationId=999999"],
      [`&deviceId=${deviceB}`, "&deviceId=999999"],
    ] as const;
    for (const [outside, missing] of cases) {
      const out = await scoped.get(`/api/jobs/pending?pageSize=10${outside}`);
      const none = await scoped.get(`/api/jobs/pending?pageSize=10${missing}`);
      expect(out.statusCode).toBe(404);
      expect(none.statusCode).toBe(404);
      expect(out.json().code).toBe(none.json().code);
      expect(out.json().message).toBe(none.json().message.replace("999999", String(deviceB)));
    }
    expect(await pendingUids(full, `&organizationId=${b.organizationId}`)).toEqual([jobB]);
  });
});

describe("activity feeds", () => {
  it("the system feed of a technician scoped to A holds A's jobs and device activities, none of B's", async () => {
    const { items, total } = await feed(scoped);
    expect(total).toBe(items.length);
    expect(items.every((i) => i.organizationId === a.organizationId)).toBe(true);
    expect(items.map((i) => i.jobUid)).toContain(jobA);
    expect(items.map((i) => i.message)).toContain("in A");
    expect(items.map((i) => i.message)).not.toContain("in B");
  });

  it("full access sees both organizations in the system feed", async () => {
    const { items } = await feed(full);
    expect(items.map((i) => i.jobUid)).toEqual(expect.arrayContaining([jobA, jobB]));
    expect(items.map((i) => i.message)).toEqual(expect.arrayContaining(["in A", "in B"]));
  });

  it("organization and device feeds outside the scope answer 404 like missing ones", async () => {
    const org = await scoped.get(`/api/activities?scope=organization&id=${b.organizationId}`);
    const noOrg = await scoped.get("/api/activities?scope=organization&id=999999");
    expect(org.statusCode).toBe(404);
    expect(org.json()).toMatchObject({ code: noOrg.json().code, message: noOrg.json().message });
    const device = await scoped.get(`/api/activities?scope=device&id=${deviceB}`);
    const noDevice = await scoped.get("/api/activities?scope=device&id=999999");
    expect(device.statusCode).toBe(404);
    expect(device.json().code).toBe(noDevice.json().code);
    expect(device.json().message).toBe(noDevice.json().message.replace("999999", String(deviceB)));
    const own = await feed(scoped, `&scope=device&id=${deviceA}`);
    expect(own.items.map((i) => i.message)).toContain("in A");
    const theirs = await feed(admin, `&scope=organization&id=${b.organizationId}`);
    expect(theirs.items.map((i) => i.jobUid)).toContain(jobB);
  });
});
