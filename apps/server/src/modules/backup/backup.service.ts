import type { BackupPlanStatus, LockhartStatus, RestoreRequest, RevisionTree } from "@steward/contracts";
import { agent as proto } from "@steward/contracts";
import { AppError } from "../../platform/errors/app-error.js";
import type { Scope } from "../../platform/identity/index.js";
import type { ServerCommandHandler } from "../agents/index.js";
import type { Actor, JobsService } from "../jobs/index.js";
import { RUNNING_JOB_STATUSES, type BackupJobRow, type BackupRepository } from "./backup.repository.js";
import {
  backupCommandHandlers,
  type BackupRestoreContent,
  type BackupRunContent,
} from "./backup.commands.js";
import { plansOf, type PlanSource } from "./backup.plans.js";
import { createBackupAlerts, type RaiseBackupFailures } from "./backup.alerts.js";
import { presentJob, presentRevision, type BackupJobContent } from "./backup.presenter.js";

const LOCKHART = new Set(["LOCKHART"] as const);
const notFound = () => new AppError("E_DEVICE_NOT_FOUND", 404, { id: "errors.devices.noSuch" });
const running = (status: string) => (RUNNING_JOB_STATUSES as readonly string[]).includes(status);

type Filter = { deviceId?: number; organizationId?: number };

/**
 * Backup on the console's side: plans come from devices' effective policies, backups and restores
 * run as LOCKHART jobs of the job engine, and revisions are what the agents reported. Every read
 * and write is limited to the caller's scope; a device outside it answers like a missing one.
 */
export function createBackupService({
  repo,
  jobs,
  plans,
  raiseFailures,
}: {
  repo: BackupRepository;
  jobs: JobsService;
  plans: PlanSource;
  /** Raises the device's backup-failure conditions (the alerts' entry point for other areas). */
  raiseFailures?: RaiseBackupFailures;
}) {
  const alerts = createBackupAlerts(repo, raiseFailures);

  async function oneDevice(scope: Scope, deviceId: number) {
    const [device] = await repo.devices(scope, { deviceId });
    if (!device) throw notFound();
    return device;
  }

  async function devicesOf(scope: Scope, filter: Filter) {
    if (filter.deviceId !== undefined) return [await oneDevice(scope, filter.deviceId)];
    return repo.devices(scope, filter);
  }

  async function submit(actor: Actor, scope: Scope, deviceId: number, jobName: string, content: object) {
    const [row] = await jobs.submit(
      actor,
      { nodes: [{ nodeId: deviceId, jobs: [{ jobType: "LOCKHART", jobName, content: { ...content } }] }] },
      scope,
      { alsoRunnable: LOCKHART },
    );
    if (!row) throw notFound();
    return { resultCode: "SUCCESS" as const, jobUid: row.jobUid };
  }

  return {
    /** The backup command kinds, for the agent side. */
    commandHandlers: (): ServerCommandHandler[] => backupCommandHandlers(repo, alerts),

    /** Whether backup is on and has data for the scope, an organization or a device. */
    async status(scope: Scope, filter: Filter, fetchHasData: boolean): Promise<LockhartStatus> {
      if (filter.deviceId !== undefined) await oneDevice(scope, filter.deviceId);
      const hasData = fetchHasData ? await repo.hasRevisions(scope, filter) : false;
      // Local repositories only for now: no cloud bucket is configured.
      return {
        enabled: true,
        hasData,
        hasLocalData: hasData,
        hasCloudData: false,
        divisionConfig: { enabled: false, bucket: null },
      };
    },

    /** Each plan of each device: its definition, last backup job and newest revision. */
    async plansStatus(scope: Scope, filter: Filter): Promise<BackupPlanStatus[]> {
      const list = await devicesOf(scope, filter);
      const ids = list.map((d) => d.id);
      const [byDevice, jobRows, revisions, cleared] = await Promise.all([
        plansOf(plans, ids),
        repo.jobs(scope, { deviceIds: ids }),
        repo.revisions(scope, ids),
        repo.clearedJobs(scope, ids),
      ]);
      const key = (deviceId: number, planId: string) => `${deviceId}:${planId}`;
      const lastJob = new Map<string, BackupJobRow>();
      for (const row of jobRows) {
        const c = row.content as BackupJobContent;
        if (c.actionType !== "LOCKHART_BACKUP" || !c.planId) continue;
        if (!lastJob.has(key(row.deviceId, c.planId))) lastJob.set(key(row.deviceId, c.planId), row);
      }
      const lastRevision = new Map<string, (typeof revisions)[number]>();
      for (const r of revisions)
        if (!lastRevision.has(key(r.deviceId, r.planId))) lastRevision.set(key(r.deviceId, r.planId), r);
      const clearedOf = new Map(cleared.map((c) => [key(c.deviceId, c.planId), c.clearedJobUid]));
      const out: BackupPlanStatus[] = [];
      for (const device of list) {
        for (const [planId, plan] of byDevice.get(device.id) ?? []) {
          const k = key(device.id, planId);
          const job = lastJob.get(k);
          const revision = lastRevision.get(k);
          const status: BackupPlanStatus["status"] = !job
            ? "NEVER_RUN"
            : running(job.jobStatus)
              ? "RUNNING"
              : job.jobResult === "SUCCESS"
                ? "SUCCESS"
                : clearedOf.get(k) === job.jobUid
                  ? "CLEARED"
                  : "FAILED";
          out.push({
            nodeId: device.id,
            nodeName: device.name,
            organizationId: device.organizationId,
            planId,
            planName: plan.name,
            type: plan.type,
            enabled: plan.enabled,
            includePaths: plan.includePaths,
            destinationPath: plan.destination.path,
            status,
            lastJob: job ? presentJob(job, device.name) : null,
            lastRevision: revision ? presentRevision(revision) : null,
          });
        }
      }
      return out;
    },

    async jobs(scope: Scope, filter: Filter) {
      const list = await devicesOf(scope, filter);
      const names = new Map(list.map((d) => [d.id, d.name]));
      const rows = await repo.jobs(scope, {
        ...(filter.deviceId !== undefined ? { deviceIds: [filter.deviceId] } : {}),
        ...(filter.organizationId !== undefined ? { organizationId: filter.organizationId } : {}),
      });
      return rows.filter((r) => names.has(r.deviceId)).map((r) => presentJob(r, names.get(r.deviceId)!));
    },

    async revisions(scope: Scope, deviceId: number) {
      await oneDevice(scope, deviceId);
      return (await repo.revisions(scope, [deviceId])).map(presentRevision);
    },

    /** A revision's files, each marked when the plan's newest revision no longer has it. */
    async tree(scope: Scope, deviceId: number, revisionId: string): Promise<RevisionTree> {
      await oneDevice(scope, deviceId);
      const revision = await repo.revision(scope, deviceId, revisionId);
      if (!revision) throw new AppError("E_NOT_FOUND", 404, { id: "errors.notFound" });
      const newest = await repo.newestRevision(scope, deviceId, revision.planId);
      const entries = revision.entries as proto.RevisionEntry[];
      const present =
        newest && newest.snapshotId !== revision.snapshotId
          ? new Set((newest.entries as proto.RevisionEntry[]).map((e) => e.path))
          : null;
      return {
        revision: presentRevision(revision),
        entries: entries.map((e) => ({ ...e, deletedSince: present !== null && !present.has(e.path) })),
        truncated: revision.entriesTruncated,
      };
    },

    /** Starts a backup of a plan the device's effective policy holds. */
    async startBackup(actor: Actor, scope: Scope, deviceId: number, planId: string, full: boolean) {
      const device = await oneDevice(scope, deviceId);
      const plan = (await plansOf(plans, [deviceId])).get(deviceId)?.get(planId);
      if (!plan) throw new AppError("E_NOT_FOUND", 404, { id: "errors.notFound" });
      const content: BackupRunContent = {
        actionType: "LOCKHART_BACKUP",
        nodeId: device.id,
        nodeName: device.name,
        planId,
        planName: plan.name,
        ...(full ? { bld_type: "full" as const } : {}),
        plan,
      };
      return submit(actor, scope, deviceId, plan.name, content);
    },

    /** Restores files and folders of a revision (restore content as the spec lists it). */
    async restore(actor: Actor, scope: Scope, deviceId: number, request: RestoreRequest) {
      const device = await oneDevice(scope, deviceId);
      const revision = await repo.revision(scope, deviceId, request.revisionId);
      if (!revision) throw new AppError("E_NOT_FOUND", 404, { id: "errors.notFound" });
      const entries = new Map((revision.entries as proto.RevisionEntry[]).map((e) => [e.path, e]));
      const paths = request.paths;
      const destinationPath = request.destinationPath ?? null;
      const content: BackupRestoreContent & Record<string, unknown> = {
        actionType: "LOCKHART_RESTORE",
        revisionId: revision.snapshotId,
        repository: revision.repository,
        paths,
        sourcePath: paths[0] ?? "/",
        sourceNodeId: device.id,
        sourcePlanId: revision.planId,
        sourceNodeName: device.name,
        sourcePlanName: revision.planName,
        planName: revision.planName,
        destinationPath,
        collisionHandling: request.collisionHandling,
        restoreType: "FILE_FOLDER",
        restorePermissions: request.restorePermissions ?? true,
        restoreDeletedFiles: request.restoreDeletedFiles ?? true,
        backupJobId: revision.jobUid,
        extractContent: {
          files: paths.filter((p) => entries.get(p)?.type !== "dir"),
          folders: paths.filter((p) => entries.get(p)?.type === "dir"),
        },
        originalLocation: destinationPath === null,
      };
      return submit(actor, scope, deviceId, revision.planName, content);
    },

    /**
     * Cancels a backup job: a restore needs the restore permission's scope, any other backup job
     * the manage permission's. A job outside the needed scope answers like a missing one.
     */
    async cancel(actor: Actor, scopes: { restore: Scope; manage: Scope }, jobUid: string) {
      const { restore, manage } = scopes;
      const asRestore = await repo.job(restore, jobUid);
      const row =
        asRestore && (asRestore.content as BackupJobContent).actionType === "LOCKHART_RESTORE"
          ? asRestore
          : await repo.job(manage, jobUid);
      if (!row) throw new AppError("E_JOB_NOT_FOUND", 404, { id: "errors.jobs.notFound" });
      const isRestore = (row.content as BackupJobContent).actionType === "LOCKHART_RESTORE";
      await jobs.cancel(actor, jobUid, isRestore ? restore : manage);
      return { resultCode: "SUCCESS" as const, jobUid };
    },

    /** Clears a plan's failed backup job (the ignore call). */
    async ignore(scope: Scope, deviceId: number, planId: string, jobUid: string) {
      const device = await oneDevice(scope, deviceId);
      const job = await repo.job(scope, jobUid);
      if (!job || job.deviceId !== deviceId || (job.content as BackupJobContent).planId !== planId)
        throw new AppError("E_JOB_NOT_FOUND", 404, { id: "errors.jobs.notFound" });
      await repo.clearJob(device, planId, jobUid);
      const planName = (job.content as BackupJobContent).planName ?? planId;
      await alerts.succeeded(deviceId, jobUid, planId, planName, "cleared");
      return { resultCode: "SUCCESS" as const };
    },
  };
}
export type BackupService = ReturnType<typeof createBackupService>;
