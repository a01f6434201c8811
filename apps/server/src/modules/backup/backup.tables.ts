import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { devices } from "../devices/devices.tables.js";

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/**
 * One row per revision (snapshot) a device's agent reported for a plan, with its file list as the
 * agent listed it. A revision the plan's retention removed is kept as forgotten (not restorable).
 */
export const backupRevisions = pgTable(
  "backup_revisions",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    organizationId: integer("organization_id").notNull(),
    deviceId: integer("device_id")
      .notNull()
      .references(() => devices.id, { onDelete: "cascade" }),
    planId: text("plan_id").notNull(),
    planName: text("plan_name").notNull(),
    /** The repository folder on the device the revision is in. */
    repository: text("repository").notNull(),
    snapshotId: text("snapshot_id").notNull(),
    jobUid: text("job_uid"),
    takenAt: ts("taken_at").notNull(),
    files: integer("files").notNull(),
    bytes: bigint("bytes", { mode: "number" }).notNull(),
    bytesAdded: bigint("bytes_added", { mode: "number" }).notNull(),
    entries: jsonb("entries").notNull().default([]),
    entriesTruncated: boolean("entries_truncated").notNull().default(false),
    forgotten: boolean("forgotten").notNull().default(false),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("backup_revisions_device_snapshot_key").on(t.deviceId, t.snapshotId),
    index("backup_revisions_org_device_plan_idx").on(t.organizationId, t.deviceId, t.planId, t.takenAt),
  ],
);

/** Per device and plan: the failed job a technician cleared (the ignore call). */
export const backupPlanStatus = pgTable(
  "backup_plan_status",
  {
    organizationId: integer("organization_id").notNull(),
    deviceId: integer("device_id")
      .notNull()
      .references(() => devices.id, { onDelete: "cascade" }),
    planId: text("plan_id").notNull(),
    clearedJobUid: text("cleared_job_uid"),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [uniqueIndex("backup_plan_status_device_plan_key").on(t.deviceId, t.planId)],
);

/**
 * Per device and plan with a schedule: where the plan's schedule stands (the schedule it was
 * computed from, the next slot, how many slots ran) and the last run it started.
 */
export const backupScheduleRuns = pgTable(
  "backup_schedule_runs",
  {
    deviceId: integer("device_id")
      .notNull()
      .references(() => devices.id, { onDelete: "cascade" }),
    planId: text("plan_id").notNull(),
    scheduleKey: text("schedule_key").notNull(),
    nextRunAt: ts("next_run_at"),
    occurrences: integer("occurrences").notNull().default(0),
    lastRunAt: ts("last_run_at"),
    lastJobUid: text("last_job_uid"),
  },
  (t) => [uniqueIndex("backup_schedule_runs_device_plan_key").on(t.deviceId, t.planId)],
);
