import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultSchedule, type ConditionInput } from "@steward/domain";
import { agent as proto } from "@steward/contracts";
import { buildServices } from "../../services.js";
import { createOrganization } from "../../testing/agent-harness.js";
import { enrollDevice } from "../../testing/device-fixtures.js";
import {
  createTestContext,
  signedInClient,
  type TestClient,
  type TestContext,
} from "../../testing/test-app.js";
import { alerts } from "../alerts/alerts.tables.js";
import { jobs } from "../jobs/jobs.tables.js";

const world = {} as {
  ctx: TestContext;
  admin: TestClient;
  place: { organizationId: number; locationId: number };
  alertsOf(deviceId: number): Promise<(typeof alerts.$inferSelect)[]>;
};
world.alertsOf = (deviceId) =>
  world.ctx.deps.db.select().from(alerts).where(eq(alerts.deviceId, deviceId)).orderBy(alerts.id);
beforeAll(async () => {
  world.ctx = await createTestContext();
  world.admin = (await signedInClient(world.ctx, { admin: true })).client;
  world.place = await createOrganization(world.ctx);
});
afterAll(async () => world.ctx.close());

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
/** Midnight UTC two days ahead: every moment the tests move the clock to lies in the future. */
const DAY0 = Math.floor(Date.now() / DAY) * DAY + 2 * DAY;
const BASE = "/api/backup/lockhart";

const plan = (over: object = {}) => ({
  name: "Documents",
  includePaths: ["C:\\Users\\ana\\Documents"],
  destination: { type: "local", path: "D:\\Backups" },
  ...over,
});
const nightly = {
  ...defaultSchedule(),
  repeats: "DAILY",
  runAtHour: 2,
  runAtMinute: 0,
  startDate: new Date(DAY0).toISOString().slice(0, 10),
};

/** A device whose policy holds these backup plans and conditions. */
async function deviceWithPlans(
  backup: Record<string, object>,
  conditions: Record<string, ConditionInput> = {},
) {
  const res = await world.admin.post("/api/policies", {
    name: `Backup ${Math.random().toString(36).slice(2, 10)}`,
    deviceClass: "WINDOWS_WORKSTATION",
    items: { backup, conditions },
  });
  expect(res.statusCode, res.body).toBe(201);
  const device = await enrollDevice(world.ctx, world.place, { status: "UP" });
  const policyId = res.json<{ id: number }>().id;
  const assigned = await world.admin.put(`/api/devices/${device.id}/policy-override`, { policyId });
  expect(assigned.statusCode, assigned.body).toBe(200);
  return device.id;
}

/** One pass of the backup schedule on a server whose clock reads `at`, for this device. */
async function passAt(at: number, deviceId: number) {
  const fired = await buildServices(world.ctx.deps, { clock: () => new Date(at) }).backupSchedule.tick();
  return fired.filter((f) => f.deviceId === deviceId);
}

async function backupJobsOf(deviceId: number) {
  return world.ctx.deps.db.select().from(jobs).where(eq(jobs.deviceId, deviceId)).orderBy(jobs.id);
}

async function finish(jobUid: string, jobResult: "SUCCESS" | "FAILURE", errorMessage: string | null = null) {
  await world.ctx.deps.db
    .update(jobs)
    .set({ jobStatus: "COMPLETED", jobResult, resultContent: { errorMessage, outcome: jobResult } })
    .where(eq(jobs.jobUid, jobUid));
}

describe("backup plans run on their schedule", () => {
  it("starts one backup per slot, none while the plan's last one runs, and coalesces missed slots", async () => {
    const deviceId = await deviceWithPlans({
      docs: plan({ schedule: nightly }),
      manual: plan({ name: "By hand" }),
      off: plan({ name: "Off", enabled: false, schedule: nightly }),
    });
    // A new schedule starts from its next slot.
    expect(await passAt(DAY0 + HOUR, deviceId)).toEqual([]);
    const [first] = await passAt(DAY0 + 2 * HOUR + MIN, deviceId);
    expect(first).toMatchObject({ planId: "docs", skipped: null, error: null });
    expect(await passAt(DAY0 + 2 * HOUR + 2 * MIN, deviceId)).toEqual([]);
    const [job] = await backupJobsOf(deviceId);
    expect(job).toMatchObject({ jobUid: first!.jobUid, jobType: "LOCKHART", jobStatus: "START_REQUESTED" });
    expect(job!.content).toMatchObject({
      actionType: "LOCKHART_BACKUP",
      planId: "docs",
      planName: "Documents",
    });

    // The next night the first backup still runs: that slot is skipped.
    expect(await passAt(DAY0 + DAY + 2 * HOUR + MIN, deviceId)).toMatchObject([
      { planId: "docs", skipped: "running", jobUid: null },
    ]);
    expect(await backupJobsOf(deviceId)).toHaveLength(1);

    // Three nights missed while no server ran: one backup.
    await finish(first!.jobUid!, "SUCCESS");
    expect(await passAt(DAY0 + 5 * DAY + 3 * HOUR, deviceId)).toMatchObject([
      { planId: "docs", skipped: null },
    ]);
    expect(await passAt(DAY0 + 5 * DAY + 4 * HOUR, deviceId)).toEqual([]);
    expect(await backupJobsOf(deviceId)).toHaveLength(2);
  });

  it("skips a device in a maintenance window that suppresses automations", async () => {
    const deviceId = await deviceWithPlans({ docs: plan({ schedule: nightly }) });
    const window = await world.admin.post(
      `/api/organizations/${world.place.organizationId}/maintenance-windows`,
      {
        name: `Window ${deviceId}`,
        targets: { deviceIds: [deviceId] },
        timing: {
          kind: "ONE_OFF",
          startsAt: new Date(DAY0 + HOUR).toISOString(),
          endsAt: new Date(DAY0 + 3 * HOUR).toISOString(),
        },
        suppress: { alerts: false, notifications: false, automations: true },
      },
    );
    expect(window.statusCode, window.body).toBe(201);
    expect(await passAt(DAY0, deviceId)).toEqual([]);
    expect(await passAt(DAY0 + 2 * HOUR + MIN, deviceId)).toMatchObject([
      { planId: "docs", skipped: "maintenance", jobUid: null },
    ]);
    expect(await backupJobsOf(deviceId)).toEqual([]);
    // The next night is outside the window.
    expect(await passAt(DAY0 + DAY + 2 * HOUR + MIN, deviceId)).toMatchObject([{ skipped: null }]);
    expect(await backupJobsOf(deviceId)).toHaveLength(1);
  });
});

describe("failed backups raise the device's backup-failure alert", () => {
  const failing = (count: number): ConditionInput => ({
    name: "Backups failing",
    check: { kind: "backupFailures", count },
    severity: "MAJOR",
    priority: "HIGH",
    healthStatus: "UNHEALTHY",
  });

  async function reportFailure(deviceId: number, jobUid: string, errorMessage: string) {
    const [handler] = world.ctx.services.backup.commandHandlers();
    const message = {
      type: "job-result" as const,
      jobUid,
      attempt: 1,
      outcome: "FAILURE" as const,
      exitCode: 1,
      stdout: "",
      stderr: "",
      truncated: false,
      errorMessage,
      kind: "backup-run",
    };
    await handler!.onResult!(deviceId, message, undefined);
    // The job engine then records the result on the job row.
    await finish(jobUid, "FAILURE", errorMessage);
  }

  async function reportSuccess(deviceId: number, jobUid: string, n: number) {
    const [handler] = world.ctx.services.backup.commandHandlers();
    const data: proto.BackupRunResult = {
      snapshotId: n.toString(16).padStart(64, "0"),
      time: new Date().toISOString(),
      files: 1,
      bytes: 100,
      bytesAdded: 100,
      entries: [
        { path: "C:\\Users\\ana\\Documents\\a.txt", type: "file", size: 100, mtime: "2026-01-01T00:00:00Z" },
      ],
      entriesTruncated: false,
      forgotten: [],
    };
    await handler!.onResult!(
      deviceId,
      {
        type: "job-result",
        jobUid,
        attempt: 1,
        outcome: "SUCCESS",
        exitCode: 0,
        stdout: "",
        stderr: "",
        truncated: false,
        errorMessage: null,
        kind: "backup-run",
        data,
      },
      data,
    );
    await finish(jobUid, "SUCCESS");
  }

  async function backUp(deviceId: number, planId = "docs") {
    const res = await world.admin.post(`${BASE}/nodes/${deviceId}/plans/${planId}/backup`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ jobUid: string }>().jobUid;
  }

  it("opens with the plan's name and the error at the condition's count; a later success resets it", async () => {
    const deviceId = await deviceWithPlans({ docs: plan() }, { backup: failing(2) });
    await reportFailure(deviceId, await backUp(deviceId), "repository is locked");
    expect(await world.alertsOf(deviceId)).toEqual([]);
    await reportFailure(deviceId, await backUp(deviceId), "disk D: is full");
    expect(await world.alertsOf(deviceId)).toMatchObject([
      { status: "OPEN", conditionKind: "backupFailures", value: 2, detail: "Documents: disk D: is full" },
    ]);
    await reportSuccess(deviceId, await backUp(deviceId), 1);
    expect(await world.alertsOf(deviceId)).toMatchObject([{ status: "RESET", resetCause: "RECOVERED" }]);
    // After the success the count starts over.
    await reportFailure(deviceId, await backUp(deviceId), "disk D: is full");
    expect(await world.alertsOf(deviceId)).toHaveLength(1);
  });

  it("clearing the failed job with the ignore call resets it", async () => {
    const deviceId = await deviceWithPlans({ docs: plan() }, { backup: failing(1) });
    const jobUid = await backUp(deviceId);
    await reportFailure(deviceId, jobUid, "access denied");
    expect(await world.alertsOf(deviceId)).toMatchObject([
      { status: "OPEN", detail: "Documents: access denied" },
    ]);
    const res = await world.admin.put(`${BASE}/nodes/${deviceId}/plans-status/docs/jobs/${jobUid}/ignore`);
    expect(res.statusCode, res.body).toBe(200);
    expect(await world.alertsOf(deviceId)).toMatchObject([{ status: "RESET", resetCause: "RECOVERED" }]);
    // The cleared failure no longer counts towards the next one.
    const next = await backUp(deviceId);
    await reportFailure(deviceId, next, "access denied");
    expect((await world.alertsOf(deviceId)).at(-1)).toMatchObject({ status: "OPEN", value: 1 });
  });

  it("another plan's success leaves the alert of a failing plan open", async () => {
    const deviceId = await deviceWithPlans(
      { docs: plan(), mail: plan({ name: "Mail" }) },
      { backup: failing(1) },
    );
    await reportFailure(deviceId, await backUp(deviceId, "mail"), "mailbox locked");
    await reportSuccess(deviceId, await backUp(deviceId), 2);
    expect(await world.alertsOf(deviceId)).toMatchObject([
      { status: "OPEN", detail: "Mail: mailbox locked" },
    ]);
    await reportSuccess(deviceId, await backUp(deviceId, "mail"), 3);
    expect(await world.alertsOf(deviceId)).toMatchObject([{ status: "RESET", resetCause: "RECOVERED" }]);
  });
});
