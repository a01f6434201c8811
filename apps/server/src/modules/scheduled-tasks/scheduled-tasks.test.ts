import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatWallClock } from "@steward/domain";
import { createTestContext, signedInClient, TestClient, type TestContext } from "../../testing/test-app.js";
import { createOrganization } from "../../testing/agent-harness.js";
import { enrollTestDevice as enrollDevice } from "./scheduled-tasks.fixtures.js";

let ctx: TestContext;
let admin: TestClient;
let reader: TestClient;
let nobody: TestClient;
let org: { organizationId: number; locationId: number };
let approved: number[];

beforeAll(async () => {
  ctx = await createTestContext();
  admin = (await signedInClient(ctx, { admin: true })).client;
  reader = (await signedInClient(ctx, { permissions: ["devices.read"] })).client;
  nobody = (await signedInClient(ctx, { permissions: ["organizations.read"] })).client;
  org = await createOrganization(ctx);
  approved = [(await enrollDevice(ctx, org)).id, (await enrollDevice(ctx, org)).id];
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

const issuesOf = (res: { json(): { details?: { issues?: { path: string[]; message: string }[] } } }) =>
  (res.json().details?.issues ?? []).map((i) => `${i.path.slice(1).join(".")}: ${i.message}`);

describe("access", () => {
  it("401 without a session on every route", async () => {
    const anon = new TestClient(ctx.app);
    expect((await anon.get("/api/scheduled-tasks")).statusCode).toBe(401);
    expect((await anon.get("/api/scheduled-tasks/1")).statusCode).toBe(401);
    expect((await anon.get("/api/scheduled-tasks/preview?schedule=%7B%7D")).statusCode).toBe(401);
    expect((await anon.post("/api/scheduled-tasks", task())).statusCode).toBe(401);
    expect((await anon.put("/api/scheduled-tasks/1", task())).statusCode).toBe(401);
    expect((await anon.delete("/api/scheduled-tasks/1")).statusCode).toBe(401);
    expect((await anon.post("/api/scheduled-tasks/1/run-now")).statusCode).toBe(401);
  });

  it("devices.read may read and preview (200) but not change or run (403)", async () => {
    const created = await create();
    expect((await reader.get("/api/scheduled-tasks")).statusCode).toBe(200);
    expect((await reader.get(`/api/scheduled-tasks/${created.id}`)).statusCode).toBe(200);
    expect((await reader.get("/api/scheduled-tasks/preview", { query: { schedule: "{}" } })).statusCode).toBe(
      200,
    );
    expect((await reader.post("/api/scheduled-tasks", task())).statusCode).toBe(403);
    expect((await reader.put(`/api/scheduled-tasks/${created.id}`, task())).statusCode).toBe(403);
    expect((await reader.delete(`/api/scheduled-tasks/${created.id}`)).statusCode).toBe(403);
    expect((await reader.post(`/api/scheduled-tasks/${created.id}/run-now`)).statusCode).toBe(403);
  });

  it("403 for reads without devices.read", async () => {
    expect((await nobody.get("/api/scheduled-tasks")).statusCode).toBe(403);
    expect((await nobody.get("/api/scheduled-tasks/preview", { query: { schedule: "{}" } })).statusCode).toBe(
      403,
    );
  });

  it("jobs.run may create, change, run and delete (200/201/204)", async () => {
    const runner = (await signedInClient(ctx, { permissions: ["devices.read", "jobs.run"] })).client;
    const res = await runner.post("/api/scheduled-tasks", task());
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().id;
    expect(
      (await runner.put(`/api/scheduled-tasks/${id}`, task({ name: "Renamed by runner" }))).statusCode,
    ).toBe(200);
    expect((await runner.post(`/api/scheduled-tasks/${id}/run-now`)).statusCode).toBe(200);
    expect((await runner.delete(`/api/scheduled-tasks/${id}`)).statusCode).toBe(204);
  });
});

describe("saving a task", () => {
  it("takes the spec's defaults: daily at 09:00, every 1, day 1, Monday, end Never, in the default time zone", async () => {
    const before = Date.now();
    const t = await create({ description: "  nightly  " });
    expect(t).toMatchObject({
      description: "nightly",
      enabled: true,
      timeZone: "UTC",
      trigger: "TIMER",
      summary: "Daily at 09:00",
      runCount: 0,
      lastRunAt: null,
      lastRun: null,
      targets: { deviceIds: [], groupIds: [], organizationIds: [org.organizationId] },
      action: { script: inline.script, parameters: inline.parameters, runAs: "System" },
      schedule: {
        repeats: "DAILY",
        repeatsEveryCount: 1,
        runAtHour: 9,
        runAtMinute: 0,
        dayOfMonth: 1,
        daysOfWeek: ["MONDAY"],
        end: { type: "NEVER", occurenceCount: null, endDate: null },
      },
    });
    expect(t.schedule.startDate).toBe(new Date(before).toISOString().slice(0, 10));
    const next = new Date(t.nextRunAt).getTime();
    expect(next).toBeGreaterThan(before);
    expect(next - before).toBeLessThanOrEqual(24 * 3600_000);
    expect(formatWallClock(new Date(next), "UTC").slice(11)).toBe("09:00");
  });

  it("uses the general setting defaultTimeZone when no zone is given", async () => {
    const put = await admin.put("/api/settings/general", {
      companyName: "Acme",
      defaultTimeZone: "Europe/Berlin",
    });
    expect(put.statusCode, put.body).toBe(200);
    try {
      const t = await create({ schedule: { runAtHour: 6, runAtMinute: 15 } });
      expect(t.timeZone).toBe("Europe/Berlin");
      expect(formatWallClock(new Date(t.nextRunAt), "Europe/Berlin").slice(11)).toBe("06:15");
      expect((await create({ timeZone: "asia/tokyo" })).timeZone).toBe("Asia/Tokyo");
    } finally {
      await admin.put("/api/settings/general", { companyName: "Acme", defaultTimeZone: "UTC" });
    }
  });

  it("accepts the older schedule and stores it converted to schema 2.0 (17:00, its zone)", async () => {
    const t = await create({
      schedule: { scheduleType: "WEEKLY", weekDays: ["FRIDAY"], timeZone: "America/New_York" },
    });
    expect(t.timeZone).toBe("America/New_York");
    expect(t.schedule).toMatchObject({
      repeats: "WEEKLY",
      daysOfWeek: ["FRIDAY"],
      runAtHour: 17,
      runAtMinute: 0,
      dayOfMonth: 1,
      repeatsEveryCount: 1,
    });
    expect(t.schedule).not.toHaveProperty("scheduleType");
    const local = new Date(t.nextRunAt);
    expect(formatWallClock(local, "America/New_York").slice(11)).toBe("17:00");
    expect(
      new Intl.DateTimeFormat("en-US", { timeZone: "America/New_York", weekday: "long" }).format(local),
    ).toBe("Friday");
  });

  it("refuses schedules out of range with the spec's messages", async () => {
    const daily = await admin.post(
      "/api/scheduled-tasks",
      task({ schedule: { repeats: "DAILY", repeatsEveryCount: 366 } }),
    );
    expect(daily.statusCode).toBe(400);
    expect(daily.json().code).toBe("E_VALIDATION");
    expect(issuesOf(daily)).toEqual(["schedule.repeatsEveryCount: Value must be less than or equal to 365"]);
    const every = await admin.post(
      "/api/scheduled-tasks",
      task({ schedule: { repeats: "EVERY", repeatsEveryCount: 13 } }),
    );
    expect(issuesOf(every)).toEqual(["schedule.repeatsEveryCount: Value must be less than or equal to 12"]);
    const after = await admin.post("/api/scheduled-tasks", task({ schedule: { end: { type: "AFTER" } } }));
    expect(issuesOf(after)).toEqual([
      "schedule.end.occurenceCount: Mandatory value is undefined. Please enter a value.",
    ]);
    const legacy = await admin.post(
      "/api/scheduled-tasks",
      task({ schedule: { scheduleType: "DAILY", scheduleHour: 24 } }),
    );
    expect(issuesOf(legacy)).toEqual(["schedule.scheduleHour: Value must be less than or equal to 23"]);
  });

  it("refuses a missing name, no targets, an unknown zone, and both or neither of script and scriptId", async () => {
    expect(issuesOf(await admin.post("/api/scheduled-tasks", task({ name: " " })))).toEqual([
      "name: Mandatory value is undefined. Please enter a value.",
    ]);
    expect(issuesOf(await admin.post("/api/scheduled-tasks", task({ targets: {} })))).toEqual([
      "targets: Choose at least one device, group or organization",
    ]);
    expect(
      issuesOf(await admin.post("/api/scheduled-tasks", task({ timeZone: "Mars/Olympus_Mons" }))),
    ).toEqual(["timeZone: Unknown time zone"]);
    expect(
      issuesOf(await admin.post("/api/scheduled-tasks", task({ action: { ...inline, scriptId: 5 } }))),
    ).toEqual(["action.script: Give an inline script or a scriptId (one of them)"]);
    expect(issuesOf(await admin.post("/api/scheduled-tasks", task({ action: { runAs: "System" } })))).toEqual(
      ["action.script: Give an inline script or a scriptId (one of them)"],
    );
  });

  it("refuses targets that do not exist", async () => {
    const device = await admin.post(
      "/api/scheduled-tasks",
      task({ targets: { deviceIds: [approved[0], 999_999] } }),
    );
    expect(device.statusCode).toBe(404);
    expect(device.json()).toMatchObject({
      code: "E_DEVICE_NOT_FOUND",
      message: "targets.deviceIds: no device with id 999999",
    });
    const group = await admin.post("/api/scheduled-tasks", task({ targets: { groupIds: [999_999] } }));
    expect(group.statusCode).toBe(404);
    expect(group.json().code).toBe("E_SAVED_SEARCH_NOT_FOUND");
  });

  it("refuses a library script that does not exist", async () => {
    const res = await admin.post("/api/scheduled-tasks", task({ action: { scriptId: 999_999 } }));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({
      code: "E_SCRIPT_NOT_FOUND",
      message: "action.scriptId: no script with id 999999",
    });
  });

  it("lists tasks by name, with search; reads, replaces and deletes one", async () => {
    const a = await create({ name: "Zulu patch check", description: "weekly" });
    const b = await create({ name: "alpha disk cleanup" });
    const list = (await admin.get("/api/scheduled-tasks", { query: { pageSize: "500" } })).json();
    const names = (list.items as { name: string }[]).map((i) => i.name);
    expect(names.indexOf("alpha disk cleanup")).toBeLessThan(names.indexOf("Zulu patch check"));
    expect(list.total).toBe(list.items.length);
    const found = (await admin.get("/api/scheduled-tasks", { query: { search: "ZULU" } })).json();
    expect(found.items.map((i: { id: number }) => i.id)).toEqual([a.id]);

    const put = await admin.put(
      `/api/scheduled-tasks/${b.id}`,
      task({ name: "alpha disk cleanup v2", targets: { deviceIds: [approved[0]] }, enabled: false }),
    );
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({
      name: "alpha disk cleanup v2",
      enabled: false,
      nextRunAt: null,
      targets: { deviceIds: [approved[0]] },
    });
    expect((await admin.get(`/api/scheduled-tasks/${b.id}`)).json().name).toBe("alpha disk cleanup v2");

    expect((await admin.delete(`/api/scheduled-tasks/${b.id}`)).statusCode).toBe(204);
    const gone = await admin.get(`/api/scheduled-tasks/${b.id}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ code: "E_NOT_FOUND", message: "Scheduled task not found" });
    expect((await admin.put(`/api/scheduled-tasks/${b.id}`, task())).statusCode).toBe(404);
  });

  it("re-enabling a disabled task schedules its next run again", async () => {
    const t = await create({ enabled: false });
    expect(t.nextRunAt).toBeNull();
    const on = (
      await admin.put(
        `/api/scheduled-tasks/${t.id}`,
        task({ name: t.name, schedule: t.schedule, enabled: true }),
      )
    ).json();
    expect(on.nextRunAt).not.toBeNull();
  });
});

describe("next-run preview", () => {
  const preview = (schedule: unknown, extra: Record<string, string> = {}) =>
    admin.get("/api/scheduled-tasks/preview", { query: { schedule: JSON.stringify(schedule), ...extra } });

  it("shows the next runs in the task's zone, across a spring-forward day (02:30 runs at 03:30 once)", async () => {
    const res = await preview(
      { runAtHour: 2, runAtMinute: 30, startDate: "2030-03-10" },
      { timeZone: "America/New_York", count: "3" },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      timeZone: "America/New_York",
      trigger: "TIMER",
      summary: "Daily at 02:30",
      runs: [
        { at: "2030-03-10T07:30:00.000Z", local: "2030-03-10 03:30" },
        { at: "2030-03-11T06:30:00.000Z", local: "2030-03-11 02:30" },
        { at: "2030-03-12T06:30:00.000Z", local: "2030-03-12 02:30" },
      ],
    });
  });

  it("previews an older schedule converted, in its zone", async () => {
    const res = await preview(
      { scheduleType: "MONTHLY", dayOfMonth: 0, timeZone: "Europe/Berlin" },
      { count: "1" },
    );
    expect(res.json()).toMatchObject({
      timeZone: "Europe/Berlin",
      summary: "Monthly on day 1 at 17:00",
      schedule: { repeats: "MONTHLY", dayOfMonth: 1 },
    });
    expect(res.json().runs[0].local).toMatch(/^\d{4}-\d{2}-01 17:00$/);
  });

  it("stops at the end rule, and is empty for startup tasks", async () => {
    const after = await preview(
      { startDate: "2030-01-01", end: { type: "AFTER", occurenceCount: 2 } },
      { count: "10", timeZone: "UTC" },
    );
    expect(after.json().runs.map((r: { at: string }) => r.at)).toEqual([
      "2030-01-01T09:00:00.000Z",
      "2030-01-02T09:00:00.000Z",
    ]);
    expect((await preview({ repeats: "ON_SYSTEM_STARTUP" })).json()).toMatchObject({
      trigger: "SYSTEM_STARTUP",
      runs: [],
    });
  });

  it("validates like saving does", async () => {
    const res = await preview({ repeats: "WEEKLY", repeatsEveryCount: 53 });
    expect(res.statusCode).toBe(400);
    expect(issuesOf(res)).toEqual(["schedule.repeatsEveryCount: Value must be less than or equal to 52"]);
    expect(
      (await preview({ repeats: "MONTHLY", repeatsEveryCount: 13 })).json().details.issues[0].message,
    ).toBe("Value must be less than or equal to 12");
    const bad = await admin.get("/api/scheduled-tasks/preview", { query: { schedule: "{not json" } });
    expect(bad.statusCode).toBe(400);
  });
});
