import { z } from "zod";
import { coercedId, text } from "../common.js";
import { backupProgress, COLLISION_MODES, revisionEntry } from "../agent/commands/backup.js";

/** Backup job actions (the job content's actionType). */
export const BACKUP_ACTION_TYPES = [
  "LOCKHART_BACKUP",
  "LOCKHART_RESTORE",
  "LOCKHART_UPSYNC",
  "LOCKHART_INTEGRITY_CHECK",
] as const;
export type BackupActionType = (typeof BACKUP_ACTION_TYPES)[number];

/** Restore types of a restore job's content. */
export const RESTORE_TYPES = [
  "FILE",
  "BATCH",
  "EXTRACT",
  "VIRTUAL_DISK",
  "PHYSICAL_DISK",
  "FILE_FOLDER",
] as const;

const planId = text().regex(/^[A-Za-z0-9_-]{1,64}$/);
const snapshotId = text().regex(/^[0-9a-f]{64}$/);

/** GET …/lockhart-status: whether backup is on and has data (fetchHasData=false skips the count). */
export const lockhartStatusQuery = z.object({ fetchHasData: z.enum(["true", "false"]).optional() });
export const lockhartStatus = z.object({
  enabled: z.boolean(),
  hasData: z.boolean(),
  hasCloudData: z.boolean(),
  hasLocalData: z.boolean(),
  divisionConfig: z.object({ enabled: z.boolean(), bucket: z.string().nullable() }),
});
export type LockhartStatus = z.infer<typeof lockhartStatus>;

export const backupJobStatus = z.object({
  jobUid: z.string(),
  nodeId: z.number(),
  nodeName: z.string(),
  planId: z.string(),
  planName: z.string(),
  actionType: z.enum(BACKUP_ACTION_TYPES),
  jobStatus: z.string(),
  jobResult: z.string().nullable(),
  errorMessage: z.string().nullable(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  /** The latest progress the agent reported while the job ran. */
  progress: backupProgress.nullable(),
  /** Restores: what was restored and where (null: the original location). */
  restore: z
    .object({ revisionId: z.string(), paths: z.array(z.string()), destinationPath: z.string().nullable() })
    .nullable(),
});
export type BackupJobStatus = z.infer<typeof backupJobStatus>;

export const backupRevision = z.object({
  revisionId: z.string(),
  nodeId: z.number(),
  planId: z.string(),
  planName: z.string(),
  time: z.string(),
  files: z.number(),
  bytes: z.number(),
  bytesAdded: z.number(),
  jobUid: z.string().nullable(),
});
export type BackupRevision = z.infer<typeof backupRevision>;

/** The state of one plan on one device: its definition, last job and newest revision. */
export const backupPlanStatus = z.object({
  nodeId: z.number(),
  nodeName: z.string(),
  organizationId: z.number(),
  planId: z.string(),
  planName: z.string(),
  type: z.enum(["fileFolder", "image", "arrowImage"]),
  enabled: z.boolean(),
  includePaths: z.array(z.string()),
  destinationPath: z.string(),
  status: z.enum(["NEVER_RUN", "RUNNING", "SUCCESS", "FAILED", "CLEARED"]),
  lastJob: backupJobStatus.nullable(),
  lastRevision: backupRevision.nullable(),
});
export type BackupPlanStatus = z.infer<typeof backupPlanStatus>;

export const backupPlansStatusQuery = z.object({ clientId: coercedId().optional() });
export const backupPlansStatusList = z.object({ items: z.array(backupPlanStatus) });
export const backupJobsQuery = z.object({ nodeId: coercedId().optional(), clientId: coercedId().optional() });
export const backupJobsList = z.object({ items: z.array(backupJobStatus) });
export const backupRevisionsList = z.object({ items: z.array(backupRevision) });

export const nodePlanParams = z.object({ id: coercedId(), planId });
export const nodeRevisionParams = z.object({ id: coercedId(), revisionId: snapshotId });
export const ignoreJobParams = z.object({ nodeId: coercedId(), planId, jobId: text().min(1).max(64) });
export const backupJobParams = z.object({ jobUid: text().min(1).max(64) });

/** A revision's files; entries gone from the plan's newest revision are marked deletedSince. */
export const revisionTree = z.object({
  revision: backupRevision,
  entries: z.array(revisionEntry.extend({ deletedSince: z.boolean() })),
  truncated: z.boolean(),
});
export type RevisionTree = z.infer<typeof revisionTree>;

/** POST …/plans/:planId/backup: bld_type "full" asks for a full backup. */
export const startBackupRequest = z.object({ bld_type: z.enum(["full", "incremental"]).optional() });

/** POST …/nodes/:id/restore: files and folders of a revision, where to, and what to do on a clash. */
export const restoreRequest = z.object({
  revisionId: snapshotId,
  /** Absolute paths inside the revision; the whole revision when empty. */
  paths: z.array(text().min(1).max(4096)).max(1000),
  /** Another folder on the device; null restores to the original location. */
  destinationPath: text()
    .trim()
    .min(1)
    .max(4096)
    .regex(/^(\/|[A-Za-z]:[\\/]|\\\\)/)
    .nullable(),
  collisionHandling: z.enum(COLLISION_MODES),
  restorePermissions: z.boolean().default(true),
  restoreDeletedFiles: z.boolean().default(true),
});
export type RestoreRequest = z.input<typeof restoreRequest>;

export const backupJobSubmitted = z.object({ resultCode: z.literal("SUCCESS"), jobUid: z.string() });
