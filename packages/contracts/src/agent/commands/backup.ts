import { z } from "zod";
import { agentText } from "../../common.js";
import { defineCommandKind } from "./define.js";

/** The most entries of a revision's file list the agent reports with it. */
export const MAX_REVISION_ENTRIES = 5_000;

const devicePath = z.string().min(1).max(4096);

/** Runs a backup of one file/folder plan into its local repository, then applies its retention. */
export const backupRunPayload = z.object({
  planId: z.string().min(1).max(64),
  planName: z.string().max(200),
  includePaths: z.array(devicePath).min(1).max(50),
  excludePatterns: z.array(z.string().min(1).max(1024)).max(100),
  retention: z.object({
    keepLast: z.number().int().min(0).max(1000),
    keepDaily: z.number().int().min(0).max(1000),
    keepWeekly: z.number().int().min(0).max(1000),
    keepMonthly: z.number().int().min(0).max(1000),
  }),
  /** The repository folder on the device. */
  repository: devicePath,
});
export type BackupRunPayload = z.infer<typeof backupRunPayload>;

/** One entry of a revision's file list: its absolute path as backed up. */
export const revisionEntry = z.object({
  path: agentText(4096),
  type: z.enum(["file", "dir", "symlink", "other"]),
  size: z.number().int().nonnegative(),
  mtime: agentText(40),
});
export type RevisionEntry = z.infer<typeof revisionEntry>;

export const backupRunResult = z.object({
  snapshotId: z.string().regex(/^[0-9a-f]{64}$/),
  time: agentText(40),
  files: z.number().int().nonnegative(),
  bytes: z.number().nonnegative(),
  bytesAdded: z.number().nonnegative(),
  entries: z.array(revisionEntry).max(MAX_REVISION_ENTRIES),
  /** More entries exist than were reported. */
  entriesTruncated: z.boolean(),
  /** Revisions removed by the plan's retention after this run. */
  forgotten: z.array(z.string().regex(/^[0-9a-f]{64}$/)).max(10_000),
});
export type BackupRunResult = z.infer<typeof backupRunResult>;

export const backupRunCommand = defineCommandKind({
  kind: "backup-run",
  payload: backupRunPayload,
  result: backupRunResult,
  mode: "job",
});

/** What the agent does with a file that already exists where a restored one goes. */
export const COLLISION_MODES = ["skip", "overwrite", "keepBoth"] as const;

/** Restores files and folders of one revision, to where they were or into another folder. */
export const backupRestorePayload = z.object({
  repository: devicePath,
  snapshotId: z.string().regex(/^[0-9a-f]{64}$/),
  /** Absolute paths inside the revision; the whole revision when empty. */
  paths: z.array(devicePath).max(1000),
  /** null: the original location. */
  destinationPath: devicePath.nullable(),
  collisionHandling: z.enum(COLLISION_MODES),
  restorePermissions: z.boolean(),
});
export type BackupRestorePayload = z.infer<typeof backupRestorePayload>;

export const backupRestoreResult = z.object({
  files: z.number().int().nonnegative(),
  bytes: z.number().nonnegative(),
  skipped: z.number().int().nonnegative(),
  renamed: z.number().int().nonnegative(),
});
export type BackupRestoreResult = z.infer<typeof backupRestoreResult>;

export const backupRestoreCommand = defineCommandKind({
  kind: "backup-restore",
  payload: backupRestorePayload,
  result: backupRestoreResult,
  mode: "job",
});

/**
 * Live progress of a backup or restore travels in the job's output as lines that start with
 * this marker and carry a backupProgress object, at most about once a second.
 */
export const BACKUP_PROGRESS_MARKER = "@progress ";

export const backupProgress = z.object({
  files: z.number().int().nonnegative(),
  bytes: z.number().nonnegative(),
  /** null while the amount of work is not known yet. */
  totalBytes: z.number().nonnegative().nullable(),
  bytesPerSecond: z.number().nonnegative(),
  etaSeconds: z.number().nonnegative().nullable(),
});
export type BackupProgress = z.infer<typeof backupProgress>;

/** The last progress line in a job's output, or null. */
export function lastBackupProgress(stdout: string): BackupProgress | null {
  let end = stdout.length;
  while (end > 0) {
    const start = stdout.lastIndexOf("\n", end - 1) + 1;
    const line = stdout.slice(start, end).trim();
    if (line.startsWith(BACKUP_PROGRESS_MARKER)) {
      try {
        const parsed = backupProgress.safeParse(JSON.parse(line.slice(BACKUP_PROGRESS_MARKER.length)));
        if (parsed.success) return parsed.data;
      } catch {
        // a line cut by the output limit
      }
    }
    end = start - 1;
  }
  return null;
}
