import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BackupJobStatus, BackupPlanStatus, RevisionTree } from "@steward/contracts";
import { agent as proto } from "@steward/contracts";
import { MISSING, twoOrganizations, type TwoOrganizations } from "../../testing/scope-fixtures.js";
import { signedInClient, TestClient } from "../../testing/test-app.js";
import { jobs } from "../jobs/jobs.tables.js";
import { eq } from "drizzle-orm";

let world: TwoOrganizations;
let deviceA: number;
let deviceB: number;
let manager: TestClient;
let restorer: TestClient;
let viewer: TestClient;

const plan = {
  name: "Documents",
  includePaths: ["/home/ana/Documents"],
  excludePatterns: ["*.tmp"],
  destination: { type: "local", path: "/mnt/backup" },
};
const BASE = "/api/backup/lockhart";
const snapshot = (n: number) => n.toString(16).padStart(64, "0");

/** Puts a policy with the Documents plan on a device. */
async function withPlan(deviceId: number) {
  const effective = (await world.admin.get(`/api/devices/${deviceId}/effective-policy`)).json<{
    deviceClass: string;
  }>();
  const created = await world.admin.post("/api/policies", {
    name: `Backup ${deviceId}`,
    deviceClass: effective.deviceClass,
    items: { backup: { docs: plan } },
  });
  expect(created.statusCode).toBe(201);
  const policyId = created.json<{ id: number }>().id;
  expect((await world.admin.put(`/api/devices/${deviceId}/policy-override`, { policyId })).statusCode).toBe(
    200,
  );
}

/** What the agent reports when a backup job ends well. */
async function agentReports(jobUid: string, deviceId: number, data: proto.BackupRunResult) {
  const [handler] = world.ctx.services.backup.commandHandlers();
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
}

const result = (n: number, paths: string[]): proto.BackupRunResult => ({
  snapshotId: snapshot(n),
  time: new Date(Date.UTC(2026, 0, n)).toISOString(),
  files: paths.length,
  bytes: 100 * paths.length,
  bytesAdded: 10,
  entries: paths.map((path) => ({ path, type: "file", size: 100, mtime: "2026-01-01T00:00:00Z" })),
  entriesTruncated: false,
  forgotten: [],
});

beforeAll(async () => {
  world = await twoOrganizations({ permissions: ["backup.viewAndManage", "backup.viewAndRestore"] });
  deviceA = world.a.deviceIds[0]!;
  deviceB = world.b.deviceIds[0]!;
  const only = async (permissions: ("backup.viewAndManage" | "backup.viewAndRestore" | "devices.read")[]) =>
    (await signedInClient(world.ctx, { permissions })).client;
  manager = await only(["backup.viewAndManage"]);
  restorer = await only(["backup.viewAndRestore"]);
  viewer = await only(["devices.read"]);
  await withPlan(deviceA);
  await withPlan(deviceB);
}, 60_000);
afterAll(async () => world.ctx.close());

describe("backup calls: who may", () => {
  it("answers 401 without a session and 403 without a backup permission", async () => {
    const anonymous = new TestClient(world.ctx.app);
    expect((await anonymous.get(`${BASE}/lockhart-status`)).statusCode).toBe(401);
    expect((await anonymous.post(`${BASE}/nodes/${deviceA}/plans/docs/backup`)).statusCode).toBe(401);
    for (const url of [
      `${BASE}/lockhart-status`,
      `${BASE}/plans-status`,
      `${BASE}/nodes/${deviceA}/plans-status`,
      `${BASE}/jobs`,
      `${BASE}/nodes/${deviceA}/revisions`,
    ])
      expect((await viewer.get(url)).statusCode, url).toBe(403);
    expect((await viewer.post(`${BASE}/nodes/${deviceA}/plans/docs/backup`)).statusCode).toBe(403);
  });

  it("starts backups with the manage permission only; restores with the restore permission only", async () => {
    expect((await restorer.post(`${BASE}/nodes/${deviceA}/plans/docs/backup`)).statusCode).toBe(403);
    const restore = { revisionId: snapshot(1), paths: [], destinationPath: null, collisionHandling: "skip" };
    expect((await manager.post(`${BASE}/nodes/${deviceA}/restore`, restore)).statusCode).toBe(403);
    expect((await manager.get(`${BASE}/nodes/${deviceA}/revisions/${snapshot(1)}/tree`)).statusCode).toBe(
      403,
    );
    expect((await restorer.put(`${BASE}/nodes/${deviceA}/plans-status/docs/jobs/x/ignore`)).statusCode).toBe(
      403,
    );
  });

  it("answers a device of another organization like a missing one", async () => {
    for (const id of [deviceB, MISSING]) {
      expect((await world.scoped.get(`${BASE}/nodes/${id}/plans-status`)).statusCode).toBe(404);
      expect((await world.scoped.post(`${BASE}/nodes/${id}/plans/docs/backup`)).statusCode).toBe(404);
      expect((await world.scoped.get(`${BASE}/lockhart-status/nodes/${id}`)).statusCode).toBe(404);
    }
    const all = (await world.scoped.get(`${BASE}/plans-status`)).json<{ items: BackupPlanStatus[] }>();
    expect(all.items.map((p) => p.nodeId)).toEqual([deviceA]);
  });
});

describe("backup of a plan, revisions and restore", () => {
  let backupJob: string;

  it("lists the policy's plan on the device, never run", async () => {
    const res = await manager.get(`${BASE}/nodes/${deviceA}/plans-status`);
    expect(res.statusCode).toBe(200);
    expect(res.json<{ items: BackupPlanStatus[] }>().items).toEqual([
      expect.objectContaining({
        planId: "docs",
        planName: "Documents",
        type: "fileFolder",
        includePaths: ["/home/ana/Documents"],
        destinationPath: "/mnt/backup",
        status: "NEVER_RUN",
        lastJob: null,
      }),
    ]);
  });

  it("starts a backup job with the spec's content (START_REQUESTED, LOCKHART_BACKUP, bld_type full)", async () => {
    const res = await world.scoped.post(`${BASE}/nodes/${deviceA}/plans/docs/backup`, { bld_type: "full" });
    expect(res.statusCode).toBe(200);
    backupJob = res.json<{ jobUid: string }>().jobUid;
    const [row] = await world.ctx.deps.db.select().from(jobs).where(eq(jobs.jobUid, backupJob));
    expect(row).toMatchObject({
      jobType: "LOCKHART",
      jobStatus: "START_REQUESTED",
      organizationId: world.a.organizationId,
    });
    expect(row!.content).toMatchObject({
      nodeId: deviceA,
      planId: "docs",
      planName: "Documents",
      actionType: "LOCKHART_BACKUP",
      bld_type: "full",
    });
    const status = (await manager.get(`${BASE}/nodes/${deviceA}/plans-status`)).json<{
      items: BackupPlanStatus[];
    }>();
    expect(status.items[0]!.status).toBe("RUNNING");
    expect((await world.scoped.post(`${BASE}/nodes/${deviceA}/plans/nope/backup`)).statusCode).toBe(404);
  });

  it("refuses LOCKHART jobs through the generic job submit (backup has its own permissions)", async () => {
    const res = await world.admin.post("/api/webapp/submit/job", {
      nodes: [
        { nodeId: deviceA, jobs: [{ jobType: "LOCKHART", content: { actionType: "LOCKHART_BACKUP" } }] },
      ],
    });
    expect(res.statusCode).toBe(400);
  });

  it("shows the job with its live progress from the agent's progress lines", async () => {
    const progress: proto.BackupProgress = {
      files: 3,
      bytes: 2048,
      totalBytes: 4096,
      bytesPerSecond: 1024,
      etaSeconds: 2,
    };
    await world.ctx.services.jobs.appendOutput(
      backupJob,
      1,
      "stdout",
      `${proto.BACKUP_PROGRESS_MARKER}${JSON.stringify({ ...progress, files: 1 })}\n${proto.BACKUP_PROGRESS_MARKER}${JSON.stringify(progress)}\n`,
    );
    const list = (await manager.get(`${BASE}/jobs?nodeId=${deviceA}`)).json<{ items: BackupJobStatus[] }>();
    expect(list.items[0]).toMatchObject({
      jobUid: backupJob,
      actionType: "LOCKHART_BACKUP",
      nodeName: expect.any(String),
      progress,
    });
  });

  it("records the revision the agent reports and marks files deleted since in an older one", async () => {
    await agentReports(
      backupJob,
      deviceA,
      result(1, ["/home/ana/Documents/a.txt", "/home/ana/Documents/b.txt"]),
    );
    const second = (await world.scoped.post(`${BASE}/nodes/${deviceA}/plans/docs/backup`)).json<{
      jobUid: string;
    }>();
    await agentReports(second.jobUid, deviceA, result(2, ["/home/ana/Documents/b.txt"]));
    const revisions = (await restorer.get(`${BASE}/nodes/${deviceA}/revisions`)).json<{
      items: { revisionId: string }[];
    }>();
    expect(revisions.items.map((r) => r.revisionId)).toEqual([snapshot(2), snapshot(1)]);
    const tree = (
      await restorer.get(`${BASE}/nodes/${deviceA}/revisions/${snapshot(1)}/tree`)
    ).json<RevisionTree>();
    expect(tree.entries.map((e) => [e.path, e.deletedSince])).toEqual([
      ["/home/ana/Documents/a.txt", true],
      ["/home/ana/Documents/b.txt", false],
    ]);
    const status = (await restorer.get(`${BASE}/lockhart-status/nodes/${deviceA}?fetchHasData=true`)).json();
    expect(status).toEqual({
      enabled: true,
      hasData: true,
      hasLocalData: true,
      hasCloudData: false,
      divisionConfig: { enabled: false, bucket: null },
    });
    // Another organization's revisions stay out of reach.
    expect(
      (await world.scoped.get(`${BASE}/nodes/${deviceB}/revisions/${snapshot(1)}/tree`)).statusCode,
    ).toBe(404);
  });

  it("starts a restore with the spec's restore content, and cancels it through CANCEL_REQUESTED once sent", async () => {
    const res = await restorer.post(`${BASE}/nodes/${deviceA}/restore`, {
      revisionId: snapshot(1),
      paths: ["/home/ana/Documents/a.txt"],
      destinationPath: "/tmp/restored",
      collisionHandling: "keepBoth",
    });
    expect(res.statusCode).toBe(200);
    const jobUid = res.json<{ jobUid: string }>().jobUid;
    const [row] = await world.ctx.deps.db.select().from(jobs).where(eq(jobs.jobUid, jobUid));
    expect(row!.jobStatus).toBe("START_REQUESTED");
    expect(row!.content).toMatchObject({
      actionType: "LOCKHART_RESTORE",
      revisionId: snapshot(1),
      sourcePath: "/home/ana/Documents/a.txt",
      sourceNodeId: deviceA,
      sourcePlanId: "docs",
      sourcePlanName: "Documents",
      destinationPath: "/tmp/restored",
      collisionHandling: "keepBoth",
      restoreType: "FILE_FOLDER",
      restorePermissions: true,
      restoreDeletedFiles: true,
      backupJobId: backupJob,
      extractContent: { files: ["/home/ana/Documents/a.txt"], folders: [] },
      originalLocation: false,
      repository: "/mnt/backup/steward-docs",
    });
    // The manage permission alone does not cancel a restore.
    expect((await manager.post(`${BASE}/jobs/${jobUid}/cancel`)).statusCode).toBe(404);
    await world.ctx.deps.db.update(jobs).set({ delivery: "SENT" }).where(eq(jobs.jobUid, jobUid));
    expect((await restorer.post(`${BASE}/jobs/${jobUid}/cancel`)).statusCode).toBe(200);
    const [cancelled] = await world.ctx.deps.db.select().from(jobs).where(eq(jobs.jobUid, jobUid));
    expect(cancelled!.jobStatus).toBe("CANCEL_REQUESTED");
  });

  it("clears a failed backup job with the ignore call", async () => {
    const started = (await manager.post(`${BASE}/nodes/${deviceA}/plans/docs/backup`)).json<{
      jobUid: string;
    }>();
    await world.ctx.deps.db
      .update(jobs)
      .set({ jobStatus: "COMPLETED", jobResult: "FAILURE" })
      .where(eq(jobs.jobUid, started.jobUid));
    const statusOf = async () =>
      (await manager.get(`${BASE}/nodes/${deviceA}/plans-status`)).json<{ items: BackupPlanStatus[] }>()
        .items[0]!.status;
    expect(await statusOf()).toBe("FAILED");
    const res = await manager.put(`${BASE}/nodes/${deviceA}/plans-status/docs/jobs/${started.jobUid}/ignore`);
    expect(res.statusCode).toBe(200);
    expect(await statusOf()).toBe("CLEARED");
    expect(
      (await manager.put(`${BASE}/nodes/${deviceA}/plans-status/docs/jobs/nope/ignore`)).statusCode,
    ).toBe(404);
  });
});
