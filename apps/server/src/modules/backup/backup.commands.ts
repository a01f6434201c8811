import { agent as proto } from "@steward/contracts";
import type { BackupPlan } from "@steward/domain";
import { systemScope } from "../../platform/identity/index.js";
import { serverCommand, type JobLike, type ServerCommandHandler } from "../agents/index.js";
import type { BackupRepository } from "./backup.repository.js";
import { repositoryPathOf } from "./backup.plans.js";
import type { BackupAlerts } from "./backup.alerts.js";

/** A backup job's content: the spec's fields and the plan as it was when the job was made. */
export interface BackupRunContent {
  actionType: "LOCKHART_BACKUP";
  nodeId: number;
  nodeName: string;
  planId: string;
  planName: string;
  bld_type?: "full";
  plan: BackupPlan;
}

/** A restore job's content: the spec's fields and the repository the revision is in. */
export interface BackupRestoreContent {
  actionType: "LOCKHART_RESTORE";
  revisionId: string;
  repository: string;
  paths: string[];
  destinationPath: string | null;
  collisionHandling: proto.BackupRestorePayload["collisionHandling"];
  restorePermissions: boolean;
}

const actionOf = (row: JobLike) =>
  row.jobType === "LOCKHART" ? (row.content as { actionType?: string }).actionType : undefined;

export function backupRunPayloadOf(row: JobLike): proto.BackupRunPayload | null {
  if (actionOf(row) !== "LOCKHART_BACKUP") return null;
  const c = row.content as BackupRunContent;
  return {
    planId: c.planId,
    planName: c.planName,
    includePaths: c.plan.includePaths,
    excludePatterns: c.plan.excludePatterns,
    retention: c.plan.retention,
    repository: repositoryPathOf(c.plan.destination.path, c.planId),
  };
}

export function backupRestorePayloadOf(row: JobLike): proto.BackupRestorePayload | null {
  if (actionOf(row) !== "LOCKHART_RESTORE") return null;
  const c = row.content as BackupRestoreContent;
  return {
    repository: c.repository,
    snapshotId: c.revisionId,
    paths: c.paths,
    destinationPath: c.destinationPath,
    collisionHandling: c.collisionHandling,
    restorePermissions: c.restorePermissions,
  };
}

/**
 * The backup command kinds: built from LOCKHART job rows. A finished backup's revision (with its
 * file list) is recorded here; the job row itself is updated by the job engine as for any job.
 */
export function backupCommandHandlers(repo: BackupRepository, alerts: BackupAlerts): ServerCommandHandler[] {
  return [
    serverCommand({
      contract: proto.backupRunCommand,
      fromJob: (row) => {
        const payload = backupRunPayloadOf(row);
        return payload ? { payload } : null;
      },
      onResult: async (deviceId, result, data) => {
        if (result.outcome === "CANCELLED") return false;
        const job = await repo.job(systemScope, result.jobUid);
        if (!job || job.deviceId !== deviceId) return false;
        const c = job.content as BackupRunContent;
        if (c.actionType !== "LOCKHART_BACKUP") return false;
        if (result.outcome !== "SUCCESS" || !data) {
          const error = result.errorMessage?.trim() || result.stderr.trim() || result.outcome;
          await alerts.failed(deviceId, job.jobUid, c.planId, c.planName, error);
          return false;
        }
        await alerts.succeeded(deviceId, job.jobUid, c.planId, c.planName, "succeeded");
        await repo.recordRevision(
          {
            organizationId: job.organizationId,
            deviceId,
            planId: c.planId,
            planName: c.planName,
            repository: repositoryPathOf(c.plan.destination.path, c.planId),
            snapshotId: data.snapshotId,
            jobUid: job.jobUid,
            takenAt: new Date(data.time),
            files: data.files,
            bytes: data.bytes,
            bytesAdded: data.bytesAdded,
            entries: data.entries,
            entriesTruncated: data.entriesTruncated,
          },
          data.forgotten,
        );
        return false;
      },
    }),
    serverCommand({
      contract: proto.backupRestoreCommand,
      fromJob: (row) => {
        const payload = backupRestorePayloadOf(row);
        return payload ? { payload } : null;
      },
    }),
  ];
}
