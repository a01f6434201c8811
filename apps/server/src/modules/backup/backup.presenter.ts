import { agent as proto, type BackupJobStatus, type BackupRevision } from "@steward/contracts";
import type { BackupJobRow } from "./backup.repository.js";

/** What a backup job's content holds (backup and restore alike). */
export interface BackupJobContent {
  actionType?: string;
  nodeId?: number;
  nodeName?: string;
  planId?: string;
  planName?: string;
  sourcePlanId?: string;
  sourcePlanName?: string;
  revisionId?: string;
  destinationPath?: string | null;
  extractContent?: { files?: string[]; folders?: string[] };
}

const ACTIONS = new Set<BackupJobStatus["actionType"]>([
  "LOCKHART_BACKUP",
  "LOCKHART_RESTORE",
  "LOCKHART_UPSYNC",
  "LOCKHART_INTEGRITY_CHECK",
]);

export function presentJob(row: BackupJobRow, nodeName: string): BackupJobStatus {
  const c = row.content as BackupJobContent;
  const actionType = ACTIONS.has(c.actionType as BackupJobStatus["actionType"])
    ? (c.actionType as BackupJobStatus["actionType"])
    : "LOCKHART_BACKUP";
  const restore =
    actionType === "LOCKHART_RESTORE"
      ? {
          revisionId: c.revisionId ?? "",
          paths: [...(c.extractContent?.folders ?? []), ...(c.extractContent?.files ?? [])],
          destinationPath: c.destinationPath ?? null,
        }
      : null;
  return {
    jobUid: row.jobUid,
    nodeId: row.deviceId,
    nodeName,
    planId: c.planId ?? c.sourcePlanId ?? "",
    planName: c.planName ?? c.sourcePlanName ?? "",
    actionType,
    jobStatus: row.jobStatus,
    jobResult: row.jobResult,
    errorMessage: (row.resultContent as { errorMessage?: string | null }).errorMessage ?? null,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
    progress: proto.lastBackupProgress(row.stdout),
    restore,
  };
}

export function presentRevision(row: {
  snapshotId: string;
  deviceId: number;
  planId: string;
  planName: string;
  takenAt: Date;
  files: number;
  bytes: number;
  bytesAdded: number;
  jobUid: string | null;
}): BackupRevision {
  return {
    revisionId: row.snapshotId,
    nodeId: row.deviceId,
    planId: row.planId,
    planName: row.planName,
    time: row.takenAt.toISOString(),
    files: row.files,
    bytes: row.bytes,
    bytesAdded: row.bytesAdded,
    jobUid: row.jobUid,
  };
}
