import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type pg from "pg";
import { defaultSchedule, type Schedule } from "@steward/domain";
import { openDatabase, type Database } from "../../platform/db/database.js";
import {
  createTestContext,
  signedInClient,
  type TestClient,
  type TestContext,
} from "../../testing/test-app.js";
import { createOrganization, waitFor } from "../../testing/agent-harness.js";
import { enrollTestDevice as enrollDevice } from "./scheduled-tasks.fixtures.js";
import { createScheduler, startScheduler } from "./index.js";
import { ScheduledTasksRepository } from "./scheduled-tasks.repository.js";
import { everyTask } from "./scheduled-tasks.targets.js";

let ctx: TestContext;
let admin: TestClient;
let adminId: number;
let org: { organizationId: number; locationId: number };
let repo: ScheduledTasksRepository;
/** A second server node: its own connection pool on PostgreSQL, the same database object on PGlite. */
let secondNode: Database | undefined;

beforeAll(async () => {
  ctx = await createTestContext();
  ({ client: admin, userId: adminId } = await signedInClient(ctx, { admin: true }));
  org = await createOrganization(ctx);
  await enrollDevice(ctx, org);
  repo = new ScheduledTasksRepository(ctx.deps.db);
  if (ctx.database.kind === "postgres") {
    const url = (ctx.deps.db as unknown as { $client: pg.Pool }).$client.options.connectionString;
    secondNode = await openDatabase({ databaseUrl: url, poolSize: 4 });
  }
});
afterAll(async () => {
  await secondNode?.close();
  await ctx.close();
});

const inline = { script: { name: "s", language: "bash", body: "true" }, parameters: [], runAs: "System" };
let counter = 0;

/** A task row written directly (as if saved earlier), due at `nextRunAt`. */
function insertTask(nextRunAt: Date | null, over: Partial<Schedule> = {}, action: object = inline) {
  counter += 1;
  return repo.insert({
    name: `sched-${counter}-${Date.now()}`,
    targets: { deviceIds: [], groupIds: [], organizationIds: [org.organizationId] },
    action,
    schedule: { ...defaultSchedule(), startDate: "2025-01-01", ...over },
    timeZone: "UTC",
    nextRunAt,
    createdByUserId: adminId,
  });
}

async function jobCountByName(): Promise<Map<string, number>> {
  const list = (
    await admin.get(`/api/webapp/job/list?organizationId=${org.organizationId}&pageSize=500`)
  ).json();
  const counts = new Map<string, number>();
  for (const j of list.jobs as { jobName: string }[]) counts.set(j.jobName, (counts.get(j.jobName) ?? 0) + 1);
  return counts;
}

const at = (iso: string) => () => new Date(iso);

describe("exactly once across server nodes", () => {
  it("two schedulers racing over 50 due tasks fire each exactly once", async () => {
    const now = new Date();
    const tasks = await Promise.all(
      Array.from({ length: 50 }, () => insertTask(new Date(now.getTime() - 60_000))),
    );
    const ids = new Set(tasks.map((t) => t.id));
    const nodeA = createScheduler(ctx.services.taskRunner, { clock: () => now, batchSize: 5 });
    const nodeB = createScheduler(
      secondNode
        ? {
            ...ctx.services.taskRunner,
            db: secondNode.db,
            repo: ctx.services.taskRunner.repo.on(secondNode.db),
          }
        : ctx.services.taskRunner,
      { clock: () => now, batchSize: 5 },
    );

    const passes = await Promise.all([nodeA.tick(), nodeB.tick(), nodeA.tick(), nodeB.tick()]);
    const fired = passes
      .flat()
      .map((f) => f.taskId)
      .filter((id) => ids.has(id));
    expect(fired).toHaveLength(50);
    expect(new Set(fired).size).toBe(50);

    const jobs = await jobCountByName();
    expect(tasks.map((t) => jobs.get(t.name) ?? 0)).toEqual(Array(50).fill(1));
    const tomorrowAtNine = new Date(
      Date.UTC(
        now.getUTCFullYear(),
        now.getUTCMonth(),
        now.getUTCDate() + (now.getUTCHours() >= 9 ? 1 : 0),
        9,
      ),
    );
    for (const t of tasks) {
      const row = await repo.find(everyTask, t.id);
      expect(row).toMatchObject({
        runCount: 1,
        occurrences: 1,
        lastRunJobCount: 1,
        lastRunError: null,
        nextRunAt: tomorrowAtNine,
      });
    }
    // Nothing is due any more, on either node.
    const again = await Promise.all([nodeA.tick(), nodeB.tick()]);
    expect(again.flat().filter((f) => ids.has(f.taskId))).toEqual([]);
  });
});

describe("firing on schedule", () => {
  it("America/New_York spring-forward: a 02:30 daily task fires once at 03:30 EDT, then 02:30 the next day", async () => {
    const res = await admin.post("/api/scheduled-tasks", {
      name: "spring 02:30",
      targets: { organizationIds: [org.organizationId] },
      action: inline,
      schedule: { runAtHour: 2, runAtMinute: 30, startDate: "2030-03-10" },
      timeZone: "America/New_York",
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().nextRunAt).toBe("2030-03-10T07:30:00.000Z");
    const id: number = res.json().id;
    expect(
      (await createScheduler(ctx.services.taskRunner, { clock: at("2030-03-10T07:29:59Z") }).tick()).map(
        (f) => f.taskId,
      ),
    ).not.toContain(id);
    const fired = await createScheduler(ctx.services.taskRunner, {
      clock: at("2030-03-10T07:30:05Z"),
    }).tick();
    expect(fired.filter((f) => f.taskId === id)).toHaveLength(1);
    const row = (await admin.get(`/api/scheduled-tasks/${id}`)).json();
    expect(row).toMatchObject({
      nextRunAt: "2030-03-11T06:30:00.000Z",
      lastRunAt: "2030-03-10T07:30:05.000Z",
      runCount: 1,
    });
    expect((await jobCountByName()).get("spring 02:30")).toBe(1);
  });

  it("America/New_York fall-back: a 01:30 daily task fires at the first 01:30 only", async () => {
    const res = await admin.post("/api/scheduled-tasks", {
      name: "autumn 01:30",
      targets: { organizationIds: [org.organizationId] },
      action: inline,
      schedule: { runAtHour: 1, runAtMinute: 30, startDate: "2030-11-03" },
      timeZone: "America/New_York",
    });
    const id: number = res.json().id;
    expect(res.json().nextRunAt).toBe("2030-11-03T05:30:00.000Z");
    await createScheduler(ctx.services.taskRunner, { clock: at("2030-11-03T05:30:02Z") }).tick();
    // 06:30Z is 01:30 again (EST): not a second run.
    const second = await createScheduler(ctx.services.taskRunner, {
      clock: at("2030-11-03T06:30:02Z"),
    }).tick();
    expect(second.map((f) => f.taskId)).not.toContain(id);
    expect((await admin.get(`/api/scheduled-tasks/${id}`)).json()).toMatchObject({
      runCount: 1,
      nextRunAt: "2030-11-04T06:30:00.000Z",
    });
    expect((await jobCountByName()).get("autumn 01:30")).toBe(1);
  });

  it("End After 2: fires twice, then has no next run", async () => {
    const t = await insertTask(new Date("2031-01-01T09:00:00Z"), {
      end: { type: "AFTER", occurenceCount: 2, endDate: null },
    });
    await createScheduler(ctx.services.taskRunner, { clock: at("2031-01-01T09:00:01Z") }).tick();
    expect(await repo.find(everyTask, t.id)).toMatchObject({
      occurrences: 1,
      nextRunAt: new Date("2031-01-02T09:00:00Z"),
    });
    await createScheduler(ctx.services.taskRunner, { clock: at("2031-01-02T09:00:01Z") }).tick();
    expect(await repo.find(everyTask, t.id)).toMatchObject({ occurrences: 2, runCount: 2, nextRunAt: null });
    expect((await jobCountByName()).get(t.name)).toBe(2);
  });

  it("runs missed while no server was up fire once, and the next run is in the future", async () => {
    const t = await insertTask(new Date("2031-02-01T09:00:00Z"));
    await createScheduler(ctx.services.taskRunner, { clock: at("2031-02-04T12:00:00Z") }).tick();
    expect(await repo.find(everyTask, t.id)).toMatchObject({
      runCount: 1,
      nextRunAt: new Date("2031-02-05T09:00:00Z"),
    });
    expect((await jobCountByName()).get(t.name)).toBe(1);
  });

  it("a run that fails is recorded with its error, the schedule moves on, and other tasks still fire", async () => {
    const broken = await insertTask(
      new Date("2031-03-01T09:00:00Z"),
      {},
      { scriptId: 987_654, parameters: [], runAs: "System" },
    );
    const fine = await insertTask(new Date("2031-03-01T09:00:00Z"));
    await createScheduler(ctx.services.taskRunner, { clock: at("2031-03-01T09:00:01Z") }).tick();
    expect(await repo.find(everyTask, broken.id)).toMatchObject({
      runCount: 1,
      lastRunJobCount: 0,
      lastRunError: "content.scriptId: no script with id 987654",
      nextRunAt: new Date("2031-03-02T09:00:00Z"),
    });
    expect((await jobCountByName()).get(broken.name)).toBeUndefined();
    expect(await repo.find(everyTask, fine.id)).toMatchObject({ runCount: 1, lastRunJobCount: 1 });
  });

  it("disabled tasks are not claimed", async () => {
    const t = await insertTask(new Date("2031-04-01T09:00:00Z"));
    await repo.update(everyTask, t.id, { enabled: false });
    const fired = await createScheduler(ctx.services.taskRunner, {
      clock: at("2031-04-01T10:00:00Z"),
    }).tick();
    expect(fired.map((f) => f.taskId)).not.toContain(t.id);
  });
});

describe("the background loop", () => {
  it("fires due tasks by itself and stops cleanly", async () => {
    const t = await insertTask(new Date(Date.now() - 1000));
    const running = startScheduler(ctx.services.taskRunner, { intervalMs: 50 });
    try {
      await waitFor(
        "the loop fired the task",
        async () => ((await repo.find(everyTask, t.id))?.runCount ?? 0) > 0,
        10_000,
      );
    } finally {
      await running.stop();
    }
    expect((await repo.find(everyTask, t.id))?.runCount).toBe(1);
  });
});
