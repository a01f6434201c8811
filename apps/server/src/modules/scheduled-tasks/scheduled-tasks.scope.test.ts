import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestClient } from "../../testing/test-app.js";
import { twoOrganizations, type TwoOrganizations } from "../../testing/scope-fixtures.js";
import { devices } from "../devices/devices.tables.js";
import { jobs } from "../jobs/jobs.tables.js";
import { enrollTestDevice as enrollDevice } from "./scheduled-tasks.fixtures.js";
import { scheduledTasks } from "./scheduled-tasks.tables.js";
import { createTaskRunner } from "./scheduled-tasks.runner.js";

let { ctx, admin, full: fullAccess, scoped: techA, a: orgA, b: orgB } = {} as TwoOrganizations;
let deviceA: number;
let deviceB: number;
let groupA: number;
let groupB: number;
const tasks: Record<string, number> = {};

const inline = {
  script: { name: "Clean temp", language: "bash", body: "rm -rf /tmp/steward-demo" },
  parameters: [],
  runAs: "System",
};
const body = (name: string, targets: Record<string, number[]>) => ({ name, targets, action: inline });

async function group(name: string, organizationId: number): Promise<number> {
  const res = await admin.post("/api/saved-searches", {
    name: `${name} ${Date.now()}`,
    criteria: { organizationIds: [organizationId] },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
}

const jobCount = async () => (await ctx.deps.db.select({ n: count() }).from(jobs))[0]!.n;
const taskCount = async () => (await ctx.deps.db.select({ n: count() }).from(scheduledTasks))[0]!.n;
const taskRow = async (id: number) =>
  (await ctx.deps.db.select().from(scheduledTasks).where(eq(scheduledTasks.id, id)))[0];

beforeAll(async () => {
  ({
    ctx,
    admin,
    full: fullAccess,
    scoped: techA,
    a: orgA,
    b: orgB,
  } = await twoOrganizations({
    permissions: ["devices.read", "jobs.run"],
    devices: { a: [{}], b: [{}] },
    enroll: (context, place) => enrollDevice(context, place),
  }));
  [deviceA, deviceB] = [orgA.deviceIds[0]!, orgB.deviceIds[0]!];
  groupA = await group("Group A", orgA.organizationId);
  groupB = await group("Group B", orgB.organizationId);
  const defs: Record<string, Record<string, number[]>> = {
    orgA: { organizationIds: [orgA.organizationId] },
    deviceA: { deviceIds: [deviceA] },
    groupA: { groupIds: [groupA] },
    orgB: { organizationIds: [orgB.organizationId] },
    mixedDevices: { deviceIds: [deviceA, deviceB] },
    mixedOrgs: { organizationIds: [orgA.organizationId, orgB.organizationId] },
    groupB: { groupIds: [groupB] },
  };
  for (const [name, targets] of Object.entries(defs)) {
    const res = await admin.post("/api/scheduled-tasks", {
      ...body(`Scope ${name}`, targets),
      enabled: false,
    });
    expect(res.statusCode, res.body).toBe(201);
    tasks[name] = res.json().id as number;
  }
});
afterAll(async () => {
  await ctx.close();
});

const namesIn = async (client: TestClient) => {
  const res = await client.get("/api/scheduled-tasks", { query: { search: "Scope ", pageSize: "100" } });
  expect(res.statusCode, res.body).toBe(200);
  const list = res.json() as { items: { name: string }[]; total: number };
  expect(list.total).toBe(list.items.length);
  return list.items.map((i) => i.name.replace("Scope ", "")).sort();
};

describe("which scheduled tasks a caller sees", () => {
  it("a technician scoped to organization A sees only tasks whose every target is in A", async () => {
    expect(await namesIn(techA)).toEqual(["deviceA", "groupA", "orgA"]);
  });

  it("full access and a system administrator see every task", async () => {
    const all = ["deviceA", "groupA", "mixedDevices", "mixedOrgs", "orgA", "groupB", "orgB"].sort();
    expect(await namesIn(fullAccess)).toEqual(all);
    expect(await namesIn(admin)).toEqual(all);
  });

  it("a task outside the scope answers 404 exactly like a task that does not exist", async () => {
    const missing = await techA.get("/api/scheduled-tasks/999999");
    expect(missing.statusCode).toBe(404);
    for (const name of ["orgB", "mixedDevices", "mixedOrgs", "groupB"]) {
      const res = await techA.get(`/api/scheduled-tasks/${tasks[name]}`);
      expect(res.statusCode, name).toBe(404);
      expect({ code: res.json().code, message: res.json().message }).toEqual({
        code: missing.json().code,
        message: missing.json().message,
      });
    }
    expect((await techA.get(`/api/scheduled-tasks/${tasks.orgA}`)).statusCode).toBe(200);
    expect((await fullAccess.get(`/api/scheduled-tasks/${tasks.orgB}`)).statusCode).toBe(200);
  });

  it("a group that comes to select a device outside the scope hides its tasks", async () => {
    const grows = await group("Growing", orgA.organizationId);
    const res = await admin.post("/api/scheduled-tasks", body("Scope growing", { groupIds: [grows] }));
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().id as number;
    expect((await techA.get(`/api/scheduled-tasks/${id}`)).statusCode).toBe(200);
    const changed = await admin.patch(`/api/saved-searches/${grows}`, {
      name: `Growing ${Date.now()}`,
      criteria: { organizationIds: [orgA.organizationId, orgB.organizationId] },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await techA.get(`/api/scheduled-tasks/${id}`)).statusCode).toBe(404);
    expect(await namesIn(techA)).not.toContain("growing");
    await admin.delete(`/api/scheduled-tasks/${id}`);
  });
});

describe("deleted targets", () => {
  it("a task whose device or group was deleted is hidden from the scoped technician, shown to full access", async () => {
    const gone = (await enrollDevice(ctx, orgA)).id;
    const goneGroup = await group("Gone", orgA.organizationId);
    const ids: number[] = [];
    const deleted: Record<string, number[]>[] = [{ deviceIds: [gone] }, { groupIds: [goneGroup] }];
    for (const targets of deleted) {
      const res = await admin.post("/api/scheduled-tasks", {
        ...body("Deleted target", targets),
        enabled: false,
      });
      expect(res.statusCode, res.body).toBe(201);
      ids.push(res.json().id as number);
      expect((await techA.get(`/api/scheduled-tasks/${res.json().id}`)).statusCode).toBe(200);
    }
    await ctx.deps.db.delete(devices).where(eq(devices.id, gone));
    expect((await admin.delete(`/api/saved-searches/${goneGroup}`)).statusCode).toBe(204);
    for (const id of ids) {
      expect((await techA.get(`/api/scheduled-tasks/${id}`)).statusCode).toBe(404);
      expect((await fullAccess.get(`/api/scheduled-tasks/${id}`)).statusCode).toBe(200);
      await admin.delete(`/api/scheduled-tasks/${id}`);
    }
  });
});

describe("changing a task outside the scope changes nothing", () => {
  it("update, delete and Run now answer 404 and leave the task and the jobs table as they were", async () => {
    const before = await taskRow(tasks.orgB!);
    const jobsBefore = await jobCount();
    const put = await techA.put(
      `/api/scheduled-tasks/${tasks.orgB}`,
      body("Taken over", { deviceIds: [deviceA] }),
    );
    expect(put.statusCode).toBe(404);
    expect(put.json().code).toBe("E_NOT_FOUND");
    expect((await techA.delete(`/api/scheduled-tasks/${tasks.mixedDevices}`)).statusCode).toBe(404);
    const run = await techA.post(`/api/scheduled-tasks/${tasks.groupB}/run-now`);
    expect(run.statusCode).toBe(404);
    expect(await taskRow(tasks.orgB!)).toEqual(before);
    expect(await taskRow(tasks.mixedDevices!)).toBeDefined();
    expect(await jobCount()).toBe(jobsBefore);
  });

  it("moving a visible task onto a target outside the scope is refused like an unknown target", async () => {
    const before = await taskRow(tasks.orgA!);
    const res = await techA.put(
      `/api/scheduled-tasks/${tasks.orgA}`,
      body("Scope orgA", { organizationIds: [orgB.organizationId] }),
    );
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({
      code: "E_ORGANIZATION_NOT_FOUND",
      message: `targets.organizationIds: no organization with id ${orgB.organizationId}`,
    });
    expect(await taskRow(tasks.orgA!)).toEqual(before);
  });
});

describe("creating a task", () => {
  it("refuses a device, organization or group outside the scope exactly like an unknown one, and saves nothing", async () => {
    const tasksBefore = await taskCount();
    const cases: [Record<string, number[]>, Record<string, number[]>, string][] = [
      [{ deviceIds: [deviceB] }, { deviceIds: [999_999] }, "E_DEVICE_NOT_FOUND"],
      [
        { organizationIds: [orgB.organizationId] },
        { organizationIds: [999_999] },
        "E_ORGANIZATION_NOT_FOUND",
      ],
      [{ groupIds: [groupB] }, { groupIds: [999_999] }, "E_SAVED_SEARCH_NOT_FOUND"],
    ];
    for (const [outside, unknown, code] of cases) {
      const res = await techA.post("/api/scheduled-tasks", body("Sneaky", outside));
      const miss = await techA.post("/api/scheduled-tasks", body("Sneaky", unknown));
      expect(res.statusCode, res.body).toBe(404);
      expect(miss.statusCode, miss.body).toBe(404);
      expect(res.json().code).toBe(code);
      expect(miss.json().code).toBe(code);
      const idOf = (t: Record<string, number[]>) => Object.values(t)[0]![0]!;
      expect(res.json().message).toBe(miss.json().message.replace("999999", String(idOf(outside))));
    }
    expect(await taskCount()).toBe(tasksBefore);
  });

  it("full access may target organization B; the scoped technician may target A and Run now queues jobs there only", async () => {
    const full = await fullAccess.post("/api/scheduled-tasks", {
      ...body("Full B", { organizationIds: [orgB.organizationId] }),
      enabled: false,
    });
    expect(full.statusCode, full.body).toBe(201);
    const mine = await techA.post("/api/scheduled-tasks", {
      ...body("Mine A", { organizationIds: [orgA.organizationId], groupIds: [groupA] }),
      enabled: false,
    });
    expect(mine.statusCode, mine.body).toBe(201);
    const run = await techA.post(`/api/scheduled-tasks/${mine.json().id}/run-now`);
    expect(run.statusCode, run.body).toBe(200);
    const uids = run.json().jobUids as string[];
    expect(uids).toHaveLength(1);
    const [job] = await ctx.deps.db.select().from(jobs).where(eq(jobs.jobUid, uids[0]!));
    expect(job).toMatchObject({ deviceId: deviceA, organizationId: orgA.organizationId });
  });
});

describe("the scheduler", () => {
  it("fires on the server's behalf on exactly the devices the task names", async () => {
    const created = await admin.post(
      "/api/scheduled-tasks",
      body("Scope fires", { organizationIds: [orgB.organizationId] }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as number;
    await ctx.deps.db
      .update(scheduledTasks)
      .set({ nextRunAt: new Date(Date.now() - 1000), enabled: true })
      .where(eq(scheduledTasks.id, id));
    const [fired] = await createTaskRunner(ctx.services.taskRunner).fireDue({ limit: 1, ids: [id] });
    expect(fired).toMatchObject({ taskId: id, error: null });
    const queued = await ctx.deps.db.select().from(jobs).where(eq(jobs.jobUid, fired!.jobUids[0]!));
    expect(fired!.jobUids).toHaveLength(1);
    expect(queued[0]).toMatchObject({ deviceId: deviceB, organizationId: orgB.organizationId });
  });
});
