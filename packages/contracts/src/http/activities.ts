import { z } from "zod";
import { JOB_STATUSES } from "@steward/domain";
import { coercedId, pageNumber, text } from "../common.js";
import { fillTemplate } from "../i18n/localize.js";
import { validationEn } from "../i18n/shared/en/validation.js";

const page = {
  page: pageNumber(),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
};

/** A query parameter holding a comma-separated list ("a,b"), each item checked by `item`. */
const commaList = (item: z.ZodType<string, string>) =>
  text()
    .max(2000)
    .transform((s) =>
      s
        .split(",")
        .map((x) => x.trim())
        .filter(Boolean),
    )
    .pipe(z.array(item).max(50));

// ---- Pending scripts: /systemDashboard/pendingScripts, /customerDashboard/:id/pendingScripts ----

/** GET /api/jobs/pending */
export const pendingJobsQuery = z.object({
  ...page,
  organizationId: coercedId().optional(),
  deviceId: coercedId().optional(),
});

export const pendingJob = z.object({
  jobUid: z.string(),
  jobType: z.string(),
  jobStatus: z.enum(["START_REQUESTED", "CANCEL_REQUESTED"]),
  jobName: z.string(),
  /** The script it runs (library or inline), when it runs one. */
  scriptName: z.string().nullable(),
  scriptId: z.number().int().nullable(),
  deviceId: z.number().int(),
  deviceName: z.string(),
  organizationId: z.number().int(),
  organizationName: z.string(),
  /** QUEUED (device offline or not yet sent), SENT, STARTED. */
  delivery: z.string(),
  userId: z.number().int().nullable(),
  userName: z.string().nullable(),
  createdAt: z.string(),
});
export type PendingJob = z.infer<typeof pendingJob>;

export const pendingJobList = z.object({
  items: z.array(pendingJob),
  total: z.number().int().nonnegative(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type PendingJobList = z.infer<typeof pendingJobList>;

// ---- Activities: activities/:page at system, organization and device level ----

/** An activity's status filter: a job status, or a completed job's result. */
export const activityStatus = z.enum([...JOB_STATUSES, "SUCCESS", "FAILURE"]);

/** GET /api/activities */
export const activityQuery = z
  .object({
    ...page,
    scope: z.enum(["system", "organization", "device"]).default("system"),
    /** The organization or device id (scope organization or device). */
    id: coercedId().optional(),
    /** Job types (ACTION …) and device activity types (WENT_DOWN …), comma-separated. */
    type: commaList(text().regex(/^[A-Z_]{1,60}$/, validationEn.activities.type)).optional(),
    /** Comma-separated; device activities have no status, so any status filter leaves them out. */
    status: commaList(activityStatus).optional(),
    userId: coercedId().optional(),
    from: z.iso.datetime({ offset: true }).optional(),
    to: z.iso.datetime({ offset: true }).optional(),
  })
  .superRefine((q, ctx) => {
    if (q.scope !== "system" && q.id === undefined) {
      ctx.addIssue({
        code: "custom",
        path: ["id"],
        message: fillTemplate(validationEn.activities.scopeId, { scope: q.scope }),
      });
    }
    if (q.from && q.to && Date.parse(q.from) > Date.parse(q.to)) {
      ctx.addIssue({ code: "custom", path: ["to"], message: validationEn.activities.endBeforeStart });
    }
  });
export type ActivityQuery = z.input<typeof activityQuery>;

export const activity = z.object({
  /** JOB-<jobUid> or DEVICE-<id>: unique over both sources. */
  key: z.string(),
  source: z.enum(["JOB", "DEVICE"]),
  at: z.string(),
  type: z.string(),
  /** Job activities: the job status; device activities: null. */
  status: z.string().nullable(),
  result: z.enum(["SUCCESS", "FAILURE"]).nullable(),
  message: z.string(),
  jobUid: z.string().nullable(),
  jobName: z.string().nullable(),
  deviceId: z.number().int(),
  deviceName: z.string(),
  organizationId: z.number().int(),
  userId: z.number().int().nullable(),
  userName: z.string().nullable(),
});
export type Activity = z.infer<typeof activity>;

export const activityList = z.object({
  items: z.array(activity),
  total: z.number().int().nonnegative(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ActivityList = z.infer<typeof activityList>;
