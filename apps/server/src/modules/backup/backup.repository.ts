import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "../../platform/db/database.js";
import { inScope, type Scope } from "../../platform/identity/index.js";
import { devices } from "../devices/devices.tables.js";
import { jobs } from "../jobs/jobs.tables.js";
import { backupPlanStatus, backupRevisions } from "./backup.tables.js";

/** The most backup jobs one list answers (newest first). */
const JOB_LIST_LIMIT = 200;

/** Job states in which a backup or restore still runs (or is still to be cancelled). */
export const RUNNING_JOB_STATUSES = ["START_REQUESTED", "CANCEL_REQUESTED"] as const;

export type RevisionRow = typeof backupRevisions.$inferSelect;
export type NewRevision = typeof backupRevisions.$inferInsert;
export type BackupJobRow = Pick<
  typeof jobs.$inferSelect,
  | "jobUid"
  | "deviceId"
  | "organizationId"
  | "jobStatus"
  | "jobResult"
  | "content"
  | "resultContent"
  | "stdout"
  | "createdAt"
  | "completedAt"
>;

export interface BackupDevice {
  id: number;
  organizationId: number;
  name: string;
}

const deviceName = sql<string>`coalesce(${devices.displayName}, ${devices.hostname})`;

/** Every query of the backup tables, and the reads of devices and jobs the backup pages need. */
export function createBackupRepository(db: Db) {
  const jobColumns = {
    jobUid: jobs.jobUid,
    deviceId: jobs.deviceId,
    organizationId: jobs.organizationId,
    jobStatus: jobs.jobStatus,
    jobResult: jobs.jobResult,
    content: jobs.content,
    resultContent: jobs.resultContent,
    stdout: jobs.stdout,
    createdAt: jobs.createdAt,
    completedAt: jobs.completedAt,
  };
  return {
    /** Active devices in scope (one device, one organization's, or all; approved ones only if asked). */
    async devices(
      scope: Scope,
      filter: { deviceId?: number; organizationId?: number; approvedOnly?: boolean },
    ): Promise<BackupDevice[]> {
      return db
        .select({ id: devices.id, organizationId: devices.organizationId, name: deviceName })
        .from(devices)
        .where(
          and(
            inScope(scope, devices.organizationId),
            isNull(devices.archivedAt),
            filter.approvedOnly ? eq(devices.approvalStatus, "APPROVED") : undefined,
            filter.deviceId !== undefined ? eq(devices.id, filter.deviceId) : undefined,
            filter.organizationId !== undefined
              ? eq(devices.organizationId, filter.organizationId)
              : undefined,
          ),
        )
        .orderBy(devices.id);
    },

    /** Backup jobs (newest first) of devices in scope. */
    async jobs(scope: Scope, filter: { deviceIds?: readonly number[]; organizationId?: number }) {
      if (filter.deviceIds?.length === 0) return [];
      return db
        .select(jobColumns)
        .from(jobs)
        .where(
          and(
            inScope(scope, jobs.organizationId),
            eq(jobs.jobType, "LOCKHART"),
            filter.deviceIds ? inArray(jobs.deviceId, [...filter.deviceIds]) : undefined,
            filter.organizationId !== undefined ? eq(jobs.organizationId, filter.organizationId) : undefined,
          ),
        )
        .orderBy(desc(jobs.createdAt), desc(jobs.id))
        .limit(JOB_LIST_LIMIT);
    },

    async job(scope: Scope, jobUid: string): Promise<BackupJobRow | undefined> {
      const [row] = await db
        .select(jobColumns)
        .from(jobs)
        .where(
          and(inScope(scope, jobs.organizationId), eq(jobs.jobType, "LOCKHART"), eq(jobs.jobUid, jobUid)),
        );
      return row;
    },

    /** Restorable revisions of devices in scope, newest first. */
    async revisions(scope: Scope, deviceIds: readonly number[]) {
      if (deviceIds.length === 0) return [];
      return db
        .select({
          snapshotId: backupRevisions.snapshotId,
          deviceId: backupRevisions.deviceId,
          planId: backupRevisions.planId,
          planName: backupRevisions.planName,
          takenAt: backupRevisions.takenAt,
          files: backupRevisions.files,
          bytes: backupRevisions.bytes,
          bytesAdded: backupRevisions.bytesAdded,
          jobUid: backupRevisions.jobUid,
        })
        .from(backupRevisions)
        .where(
          and(
            inScope(scope, backupRevisions.organizationId),
            inArray(backupRevisions.deviceId, [...deviceIds]),
            eq(backupRevisions.forgotten, false),
          ),
        )
        .orderBy(desc(backupRevisions.takenAt), desc(backupRevisions.id));
    },

    async revision(scope: Scope, deviceId: number, snapshotId: string): Promise<RevisionRow | undefined> {
      const [row] = await db
        .select()
        .from(backupRevisions)
        .where(
          and(
            inScope(scope, backupRevisions.organizationId),
            eq(backupRevisions.deviceId, deviceId),
            eq(backupRevisions.snapshotId, snapshotId),
            eq(backupRevisions.forgotten, false),
          ),
        );
      return row;
    },

    /** The newest revision of a plan on a device (what "deleted since" compares with). */
    async newestRevision(scope: Scope, deviceId: number, planId: string): Promise<RevisionRow | undefined> {
      const [row] = await db
        .select()
        .from(backupRevisions)
        .where(
          and(
            inScope(scope, backupRevisions.organizationId),
            eq(backupRevisions.deviceId, deviceId),
            eq(backupRevisions.planId, planId),
            eq(backupRevisions.forgotten, false),
          ),
        )
        .orderBy(desc(backupRevisions.takenAt), desc(backupRevisions.id))
        .limit(1);
      return row;
    },

    /** Records a revision an agent reported and marks the ones its retention removed. */
    async recordRevision(row: NewRevision, forgotten: readonly string[]): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.insert(backupRevisions).values(row).onConflictDoNothing();
        if (forgotten.length > 0)
          await tx
            .update(backupRevisions)
            .set({ forgotten: true })
            .where(
              and(
                eq(backupRevisions.deviceId, row.deviceId),
                inArray(backupRevisions.snapshotId, [...forgotten]),
              ),
            );
      });
    },

    async clearedJobs(scope: Scope, deviceIds: readonly number[]) {
      if (deviceIds.length === 0) return [];
      return db
        .select({
          deviceId: backupPlanStatus.deviceId,
          planId: backupPlanStatus.planId,
          clearedJobUid: backupPlanStatus.clearedJobUid,
        })
        .from(backupPlanStatus)
        .where(
          and(
            inScope(scope, backupPlanStatus.organizationId),
            inArray(backupPlanStatus.deviceId, [...deviceIds]),
          ),
        );
    },

    async clearJob(device: BackupDevice, planId: string, jobUid: string): Promise<void> {
      await db
        .insert(backupPlanStatus)
        .values({ organizationId: device.organizationId, deviceId: device.id, planId, clearedJobUid: jobUid })
        .onConflictDoUpdate({
          target: [backupPlanStatus.deviceId, backupPlanStatus.planId],
          set: { clearedJobUid: jobUid, updatedAt: new Date() },
        });
    },

    /** The plans (as "device:plan") of these devices with a backup job still running. */
    async runningBackups(deviceIds: readonly number[]): Promise<Set<string>> {
      if (deviceIds.length === 0) return new Set();
      const rows = await db
        .select({ deviceId: jobs.deviceId, planId: sql<string | null>`${jobs.content}->>'planId'` })
        .from(jobs)
        .where(
          and(
            eq(jobs.jobType, "LOCKHART"),
            inArray(jobs.jobStatus, [...RUNNING_JOB_STATUSES]),
            sql`${jobs.content}->>'actionType' = 'LOCKHART_BACKUP'`,
            inArray(jobs.deviceId, [...deviceIds]),
          ),
        );
      return new Set(rows.map((r) => `${r.deviceId}:${r.planId}`));
    },

    /** Whether devices in scope have revisions (lockhart-status hasData). */
    async hasRevisions(
      scope: Scope,
      filter: { deviceId?: number; organizationId?: number },
    ): Promise<boolean> {
      const [row] = await db
        .select({ one: sql<number>`1` })
        .from(backupRevisions)
        .where(
          and(
            inScope(scope, backupRevisions.organizationId),
            eq(backupRevisions.forgotten, false),
            filter.deviceId !== undefined ? eq(backupRevisions.deviceId, filter.deviceId) : undefined,
            filter.organizationId !== undefined
              ? eq(backupRevisions.organizationId, filter.organizationId)
              : undefined,
          ),
        )
        .limit(1);
      return row !== undefined;
    },
  };
}
export type BackupRepository = ReturnType<typeof createBackupRepository>;
