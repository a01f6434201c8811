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
 * One row per job per device. jobStatus/jobResult follow the domain state
 * machine; `delivery` tracks the way to the agent: QUEUED → SENT → STARTED → FINISHED.
 * The row is written before anything is sent.
 */
export const jobs = pgTable(
  "jobs",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    jobUid: text("job_uid").notNull(),
    deviceId: integer("device_id")
      .notNull()
      .references(() => devices.id, { onDelete: "cascade" }),
    organizationId: integer("organization_id").notNull(),
    jobType: text("job_type").notNull(),
    jobName: text("job_name").notNull(),
    jobStatus: text("job_status").notNull(),
    jobResult: text("job_result"),
    message: text("message"),
    data: jsonb("data").notNull().default({}),
    appUserId: integer("app_user_id"),
    content: jsonb("content").notNull().default({}),
    resultContent: jsonb("result_content").notNull().default({}),
    attempt: integer("attempt").notNull().default(1),
    delivery: text("delivery").notNull().default("QUEUED"),
    stdout: text("stdout").notNull().default(""),
    stderr: text("stderr").notNull().default(""),
    outputTruncated: boolean("output_truncated").notNull().default(false),
    exitCode: integer("exit_code"),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
    sentAt: ts("sent_at"),
    startedAt: ts("started_at"),
    completedAt: ts("completed_at"),
  },
  (t) => [
    uniqueIndex("jobs_job_uid_key").on(t.jobUid),
    index("jobs_device_open_idx").on(t.deviceId, t.jobStatus),
    index("jobs_org_created_idx").on(t.organizationId, t.createdAt),
    index("jobs_created_idx").on(t.createdAt),
  ],
);
