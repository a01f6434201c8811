import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/**
 * Scheduled tasks (/administration/tasks). Targets are stored as given and resolved to devices
 * when the task fires. `next_run_at` is what the scheduler claims on (null: not on a timer);
 * `occurrences` counts scheduled runs since the schedule last changed ("End After N"),
 * `run_count` every run including "Run now".
 */
export const scheduledTasks = pgTable(
  "scheduled_tasks",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    enabled: boolean("enabled").notNull().default(true),
    /** { deviceIds, groupIds, organizationIds } */
    targets: jsonb("targets").notNull(),
    /** An inline script or a library scriptId, with parameters, runAs and timeout. */
    action: jsonb("action").notNull(),
    /** Schedule schema 2.0 (older schedules are converted on write). */
    schedule: jsonb("schedule").notNull(),
    timeZone: text("time_zone").notNull(),
    nextRunAt: ts("next_run_at"),
    lastRunAt: ts("last_run_at"),
    runCount: integer("run_count").notNull().default(0),
    occurrences: integer("occurrences").notNull().default(0),
    lastRunJobCount: integer("last_run_job_count"),
    lastRunError: text("last_run_error"),
    /** Jobs the task submits carry this user as appUserId (kept if the user is deleted, like jobs.app_user_id). */
    createdByUserId: integer("created_by_user_id").notNull(),
    updatedByUserId: integer("updated_by_user_id"),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    index("scheduled_tasks_due_idx")
      .on(t.nextRunAt)
      .where(sql`${t.enabled} and ${t.nextRunAt} is not null`),
    index("scheduled_tasks_name_idx").on(sql`lower(${t.name})`),
  ],
);
