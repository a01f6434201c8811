import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTestContext,
  signedInClient,
  type TestClient,
  type TestContext,
} from "../../testing/test-app.js";
import { createOrganization } from "../../testing/agent-harness.js";
import { enrollTestDevice as enrollDevice } from "./scheduled-tasks.fixtures.js";
import { createScheduler } from "./index.js";

let ctx: TestContext;
let admin: TestClient;
let adminId: number;
let org: { organizationId: number; locationId: number };
let approved: number[];
let pending: number;

beforeAll(async () => {
  ctx = await createTestContext();
  ({ client: admin, userId: adminId } = await signedInClient(ctx, { admin: true }));
  org = await createOrganization(ctx);
  approved = [(await enrollDevice(ctx, org)).id, (await enrollDevice(ctx, org)).id];
  pending = (await enrollDevice(ctx, org, "PENDING")).id;
});
afterAll(async () => {
  await ctx.close();
});

const inline = {
  script: { name: "Clean temp", language: "bash", body: "rm -rf /tmp/steward-demo" },
  parameters: [{ name: "DAYS", value: "7" }],
  runAs: "System",
};
const task = (over: Record<string, unknown> = {}) => ({
  name: `Task ${Math.random().toString(36).slice(2, 8)}`,
  targets: { organizationIds: [org.organizationId] },
  action: inline,
  ...over,
});

async function create(over: Record<string, unknown> = {}) {
  const res = await admin.post("/api/scheduled-tasks", task(over));
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function jobsOfTask(name: string) {
  const list = (
    await admin.get(`/api/webapp/job/list?organizationId=${org.organizationId}&pageSize=500`)
  ).json();
  return (
    list.jobs as {
      jobName: string;
      nodeId: number;
      appUserId: number;
      content: { script: { body: string } };
    }[]
  ).filter((j) => j.jobName === name);
}

describe("kinds that do not run on a timer", () => {
  it("Run Once Immediately runs once when saved: one job per approved target device", async () => {
    const t = await create({ schedule: { repeats: "RUN_ONCE_IMMEDIATELY" } });
    expect(t).toMatchObject({
      trigger: "ON_SAVE",
      runCount: 1,
      occurrences: 1,
      nextRunAt: null,
      lastRun: { jobCount: 2, error: null },
    });
    const jobs = await jobsOfTask(t.name);
    expect(jobs.map((j) => j.nodeId).sort()).toEqual([...approved].sort());
    expect(jobs.every((j) => j.appUserId === adminId && j.content.script.body === inline.script.body)).toBe(
      true,
    );
    expect(jobs.map((j) => j.nodeId)).not.toContain(pending);

    // Saving it again unchanged, or a scheduler pass, does not run it again.
    const same = (
      await admin.put(
        `/api/scheduled-tasks/${t.id}`,
        task({ name: t.name, schedule: t.schedule, description: "edited" }),
      )
    ).json();
    expect(same.runCount).toBe(1);
    await createScheduler(ctx.services.taskRunner, { clock: () => new Date(Date.now() + 3600_000) }).tick();
    expect((await jobsOfTask(t.name)).length).toBe(2);
  });

  it.each([
    ["ON_SYSTEM_STARTUP", "SYSTEM_STARTUP", "On system startup"],
    ["ON_USER_LOGIN", "USER_LOGIN", "On user login"],
    ["NONE", "NONE", "Not scheduled"],
  ])(
    "%s is stored and listed with nextRunAt null, and the scheduler never fires it",
    async (repeats, trigger, summary) => {
      const t = await create({ schedule: { repeats } });
      expect(t).toMatchObject({ trigger, summary, nextRunAt: null, runCount: 0 });
      const listed = (await admin.get("/api/scheduled-tasks", { query: { search: t.name } })).json().items;
      expect(listed).toEqual([expect.objectContaining({ id: t.id, trigger, nextRunAt: null })]);
      const fired = await createScheduler(ctx.services.taskRunner, {
        clock: () => new Date(Date.now() + 400 * 24 * 3600_000),
      }).tick();
      expect(fired.map((f) => f.taskId)).not.toContain(t.id);
      expect((await admin.get(`/api/scheduled-tasks/${t.id}`)).json().runCount).toBe(0);
    },
  );
});

describe("Run now", () => {
  it("runs on the targets now, resolving a group's members at run time; the schedule is unchanged", async () => {
    const other = await createOrganization(ctx);
    const member = await enrollDevice(ctx, other);
    const groupRes = await admin.post("/api/saved-searches", {
      name: `Group ${Date.now()}`,
      criteria: { organizationIds: [other.organizationId] },
    });
    expect(groupRes.statusCode, groupRes.body).toBe(201);
    const t = await create({ targets: { groupIds: [groupRes.json().id], deviceIds: [approved[0]] } });
    // Enrolled after the task was saved: still a member when it runs.
    const late = await enrollDevice(ctx, other);
    const res = await admin.post(`/api/scheduled-tasks/${t.id}/run-now`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().jobUids).toHaveLength(3);
    expect(res.json().task).toMatchObject({
      runCount: 1,
      occurrences: 0,
      nextRunAt: t.nextRunAt,
      lastRun: { jobCount: 3, error: null },
    });
    const nodes = await Promise.all(
      (res.json().jobUids as string[]).map(
        async (uid) => (await admin.get(`/api/webapp/job/${uid}`)).json().job.nodeId as number,
      ),
    );
    expect(nodes.sort()).toEqual([approved[0]!, member.id, late.id].sort());
  });

  it("a library script runs its current version, with the chosen preset's values", async () => {
    const script = {
      name: `Library ${Date.now()}`,
      language: "bash",
      os: "LINUX",
      body: "echo v1",
      parameters: [{ name: "LEVEL", label: "Level", type: "text", defaultValue: "low" }],
      presets: [{ name: "Deep", values: { LEVEL: "deep" } }],
    };
    const saved = await admin.post("/api/scripts", script);
    expect(saved.statusCode, saved.body).toBe(201);
    const scriptId: number = saved.json().id;
    const t = await create({
      targets: { deviceIds: [approved[0]] },
      action: { scriptId, presetName: "Deep" },
    });
    expect(t.action).toEqual({ scriptId, presetName: "Deep", parameters: [], runAs: "System" });

    const bodyOfRun = async () => {
      const uid = (await admin.post(`/api/scheduled-tasks/${t.id}/run-now`)).json().jobUids[0];
      return (await admin.get(`/api/webapp/job/${uid}`)).json().job.content;
    };
    expect(await bodyOfRun()).toMatchObject({
      script: { body: "echo v1" },
      parameters: [{ name: "LEVEL", value: "deep" }],
    });
    expect((await admin.put(`/api/scripts/${scriptId}`, { ...script, body: "echo v2" })).statusCode).toBe(
      200,
    );
    expect(await bodyOfRun()).toMatchObject({ script: { body: "echo v2" } });
  });

  it("says so when no approved device matches", async () => {
    const empty = await createOrganization(ctx);
    const t = await create({ targets: { organizationIds: [empty.organizationId], deviceIds: [pending] } });
    const res = await admin.post(`/api/scheduled-tasks/${t.id}/run-now`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      jobUids: [],
      task: { runCount: 1, lastRun: { jobCount: 0, error: "No approved device matches the task's targets" } },
    });
  });
});

describe("editing a task that has run", () => {
  it("an unchanged schedule keeps its count and next run; a changed one starts over", async () => {
    const t = await create({
      schedule: { startDate: "2032-01-01", end: { type: "AFTER", occurenceCount: 2 } },
      timeZone: "UTC",
    });
    expect(t.nextRunAt).toBe("2032-01-01T09:00:00.000Z");
    await createScheduler(ctx.services.taskRunner, { clock: () => new Date("2032-01-01T09:00:01Z") }).tick();
    const ran = (await admin.get(`/api/scheduled-tasks/${t.id}`)).json();
    expect(ran).toMatchObject({ occurrences: 1, runCount: 1, nextRunAt: "2032-01-02T09:00:00.000Z" });

    const same = await admin.put(
      `/api/scheduled-tasks/${t.id}`,
      task({ name: "renamed", schedule: ran.schedule, timeZone: "UTC" }),
    );
    expect(same.json()).toMatchObject({
      name: "renamed",
      occurrences: 1,
      nextRunAt: "2032-01-02T09:00:00.000Z",
    });

    const later = { ...ran.schedule, runAtHour: 18 };
    const changed = await admin.put(
      `/api/scheduled-tasks/${t.id}`,
      task({ name: "renamed", schedule: later, timeZone: "UTC" }),
    );
    expect(changed.json()).toMatchObject({
      occurrences: 0,
      runCount: 1,
      nextRunAt: "2032-01-01T18:00:00.000Z",
    });
  });
});
