import { z } from "zod";
import { validationEn } from "../i18n/shared/en/validation.js";
import {
  canonicalTimeZone,
  DAYS_OF_WEEK,
  EVERY_UNITS,
  fromLegacySchedule,
  isLegacySchedule,
  messages,
  normalizeSchedule,
  SCHEDULE_DEFAULTS,
  SCHEDULE_END_TYPES,
  SCHEDULE_REPEATS,
  SCHEDULE_TRIGGERS,
  scheduleIssues,
  type LegacySchedule,
  type Schedule,
} from "@steward/domain";
import { id as idType, isoDateTime, jsonValue, pageNumber, text } from "../common.js";
import { runScriptJobContent } from "./jobs.js";

const id = idType();

/** An IANA time zone, answered in its canonical spelling ("europe/berlin" → "Europe/Berlin"). */
export const ianaTimeZone = text()
  .trim()
  .max(100)
  .transform((tz, ctx) => {
    const canonical = canonicalTimeZone(tz);
    if (canonical === null) {
      ctx.issues.push({ code: "custom", message: validationEn.unknownTimeZone, input: tz });
      return z.NEVER;
    }
    return canonical;
  });

// ---- Schedule schema 2.0 ----

const scheduleEndFields = z.object({
  type: z.enum(SCHEDULE_END_TYPES),
  /** The spec's spelling. Runs in all, for type AFTER. */
  occurenceCount: z.number().nullable(),
  /** YYYY-MM-DD in the task's time zone, inclusive, for type ON. */
  endDate: z.string().max(10).nullable(),
});

/** Schedule schema 2.0 as stored and answered. */
export const scheduleView = z.object({
  repeats: z.enum(SCHEDULE_REPEATS),
  repeatsEveryCount: z.number(),
  repeatsEveryUnit: z.enum(EVERY_UNITS),
  runAtHour: z.number(),
  runAtMinute: z.number(),
  dayOfMonth: z.number(),
  daysOfWeek: z.array(z.enum(DAYS_OF_WEEK)),
  /** YYYY-MM-DD in the task's time zone; the date of a Run Once. */
  startDate: z.string().nullable(),
  end: scheduleEndFields,
});

const D = SCHEDULE_DEFAULTS;

/**
 * Schedule schema 2.0 as the editor sends it: missing fields take the spec's defaults (daily,
 * every 1, 09:00, day 1, Monday, end Never), and values are checked with the spec's messages
 * ("Value must be less than or equal to 365"). Use it for the editor's form validation.
 */
export const scheduleSchema = z
  .strictObject({
    repeats: z.enum(SCHEDULE_REPEATS).default(D.repeats),
    repeatsEveryCount: z.number().default(D.repeatsEveryCount),
    repeatsEveryUnit: z.enum(EVERY_UNITS).default(D.repeatsEveryUnit),
    runAtHour: z.number().default(D.runAtHour),
    runAtMinute: z.number().default(D.runAtMinute),
    dayOfMonth: z.number().default(D.dayOfMonth),
    daysOfWeek: z
      .array(z.enum(DAYS_OF_WEEK))
      .max(7)
      .default([...D.daysOfWeek]),
    startDate: text().max(10).nullable().default(null),
    end: z
      .strictObject({
        type: z.enum(SCHEDULE_END_TYPES).default("NEVER"),
        occurenceCount: z.number().nullable().default(null),
        endDate: text().max(10).nullable().default(null),
      })
      .default({ type: "NEVER", occurenceCount: null, endDate: null }),
  })
  .superRefine((s, ctx) => {
    for (const issue of scheduleIssues(s))
      ctx.addIssue({ code: "custom", path: issue.path, message: issue.message });
  })
  .transform((s): Schedule => normalizeSchedule(s));
export type ScheduleInput = z.input<typeof scheduleSchema>;

/** The older schedule format, still sent by older clients: scheduleType DAILY, weekDays, dayOfMonth 0, 17:00, timeZone local by default. */
export const legacySchedule = z.strictObject({
  scheduleType: text().max(40).optional(),
  weekDays: z
    .array(z.union([text().max(20), z.number()]))
    .max(14)
    .optional(),
  dayOfMonth: z.number().optional(),
  scheduleHour: z.number().optional(),
  scheduleMinute: z.number().optional(),
  timeZone: text().max(100).optional(),
});

/** A schedule read from a request: schema 2.0, or the older schedule converted to it. */
export interface ReadSchedule {
  schedule: Schedule;
  /** The older schedule's own zone; null when none was given (or "local"): the task's zone applies. */
  timeZone: string | null;
  convertedFromLegacy: boolean;
}

/**
 * Accepts schema 2.0 or the older schedule (told apart by the older one's own fields:
 * scheduleType, weekDays, scheduleHour, scheduleMinute, timeZone) and answers schema 2.0.
 */
export const anySchedule = jsonValue({ maxDepth: 4, maxBytes: 4000 })
  .transform((value, ctx): ReadSchedule => {
    const copy = (issues: readonly { path: PropertyKey[]; message: string }[]) => {
      for (const i of issues)
        ctx.addIssue({ code: "custom", path: i.path as (string | number)[], message: i.message });
      return z.NEVER;
    };
    if (isLegacySchedule(value)) {
      const parsed = legacySchedule.safeParse(value);
      if (!parsed.success) return copy(parsed.error.issues);
      const converted = fromLegacySchedule(parsed.data);
      if (!converted.ok) return copy(converted.issues);
      return { schedule: converted.schedule, timeZone: converted.timeZone, convertedFromLegacy: true };
    }
    const parsed = scheduleSchema.safeParse(value ?? {});
    if (!parsed.success) return copy(parsed.error.issues);
    return { schedule: parsed.data, timeZone: null, convertedFromLegacy: false };
  })
  .describe(
    "Schedule schema 2.0, or the older schedule (scheduleType, weekDays, dayOfMonth, scheduleHour, scheduleMinute, timeZone), converted on write",
  ) as unknown as z.ZodType<ReadSchedule, ScheduleInput | LegacySchedule>;

export const scheduleTriggerSchema = z.enum(SCHEDULE_TRIGGERS);

// ---- Scheduled tasks ----

/** What a task runs on; devices are resolved when it fires (approved devices only). */
export const scheduledTaskTargets = z.object({
  deviceIds: z.array(id).max(10_000).default([]),
  /** Device groups (saved searches with a name). */
  groupIds: z.array(id).max(100).default([]),
  organizationIds: z.array(id).max(500).default([]),
});
export type ScheduledTaskTargets = z.infer<typeof scheduledTaskTargets>;

/**
 * What a task runs: an inline script, or a library script by `scriptId` (its current version is
 * used at each run; `presetName` picks one of its preset parameter sets).
 */
export const scheduledTaskAction = runScriptJobContent
  .extend({
    presetName: text().trim().min(1).max(100).optional(),
    /** Inline scripts default to 600 s; library scripts to their own timeout. */
    timeoutSeconds: z
      .number()
      .int()
      .min(1, messages.numeric.greaterOrEqual(1))
      .max(86_400, messages.numeric.lessOrEqual(86_400))
      .optional(),
  })
  .superRefine((a, ctx) => {
    if ((a.script === undefined) === (a.scriptId === undefined)) {
      ctx.addIssue({
        code: "custom",
        path: ["script"],
        message: validationEn.scheduledTasks.scriptOrInline,
      });
    }
    if (a.presetName !== undefined && a.scriptId === undefined) {
      ctx.addIssue({
        code: "custom",
        path: ["presetName"],
        message: validationEn.scheduledTasks.presetsNeedScript,
      });
    }
  });
export type ScheduledTaskAction = z.output<typeof scheduledTaskAction>;

/** POST /api/scheduled-tasks and PUT /api/scheduled-tasks/:id (a PUT replaces the task). */
export const saveScheduledTaskRequest = z.object({
  name: text().trim().min(1, messages.mandatory).max(200),
  description: text().trim().max(4000).default(""),
  enabled: z.boolean().default(true),
  targets: scheduledTaskTargets.refine(
    (t) => t.deviceIds.length + t.groupIds.length + t.organizationIds.length > 0,
    validationEn.chooseTarget,
  ),
  action: scheduledTaskAction,
  /** Omitted: the defaults (daily at 09:00). */
  schedule: anySchedule.optional(),
  /** IANA zone the schedule's times are in; default: the older schedule's zone, else the general setting defaultTimeZone. */
  timeZone: ianaTimeZone.optional(),
});
export type SaveScheduledTaskRequest = z.input<typeof saveScheduledTaskRequest>;

export const scheduledTask = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  enabled: z.boolean(),
  targets: z.object({
    deviceIds: z.array(z.number().int()),
    groupIds: z.array(z.number().int()),
    organizationIds: z.array(z.number().int()),
  }),
  action: z.object({
    scriptId: z.number().int().optional(),
    presetName: z.string().optional(),
    script: z.object({ name: z.string(), language: z.string(), body: z.string() }).optional(),
    parameters: z.array(z.object({ name: z.string(), value: z.string() })),
    timeoutSeconds: z.number().int().optional(),
    runAs: z.string(),
  }),
  schedule: scheduleView,
  timeZone: z.string(),
  /**
   * TIMER: the scheduler runs it at nextRunAt. ON_SAVE (Run Once Immediately): it ran when saved.
   * SYSTEM_STARTUP / USER_LOGIN: stored and listed, never fired on a timer (nextRunAt is null).
   * NONE: never runs by itself (Run now still works).
   */
  trigger: scheduleTriggerSchema,
  /** The schedule in one line, e.g. "Every 2 weeks on Monday, Friday at 09:00". */
  summary: z.string(),
  /** Null when disabled, ended, or the kind does not run on a timer. */
  nextRunAt: isoDateTime.nullable(),
  lastRunAt: isoDateTime.nullable(),
  /** Every run, scheduled or "Run now". */
  runCount: z.number().int(),
  /** Scheduled runs since the schedule was last changed (what "End After N" counts). */
  occurrences: z.number().int(),
  /** The last run: how many jobs it submitted, and why it submitted none if it failed. */
  lastRun: z.object({ jobCount: z.number().int(), error: z.string().nullable() }).nullable(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type ScheduledTask = z.infer<typeof scheduledTask>;

export const listScheduledTasksQuery = z.object({
  page: pageNumber(),
  pageSize: z.coerce.number().int().min(1).max(500).default(50),
  /** Name or description contains (case-insensitive). */
  search: text().trim().max(200).optional(),
});

export const scheduledTaskList = z.object({
  items: z.array(scheduledTask),
  total: z.number().int().nonnegative(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ScheduledTaskList = z.infer<typeof scheduledTaskList>;

/** POST /api/scheduled-tasks/:id/run-now */
export const runScheduledTaskNowResponse = z.object({
  task: scheduledTask,
  /** One job per device the targets resolved to. */
  jobUids: z.array(z.string()),
});

/** GET /api/scheduled-tasks/preview?schedule=<JSON>&timeZone=&count= — the editor's next runs. */
export const schedulePreviewQuery = z.object({
  schedule: text()
    .max(4000)
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.issues.push({ code: "custom", message: validationEn.scheduledTasks.scheduleJson, input: text });
        return z.NEVER;
      }
    })
    .pipe(anySchedule),
  timeZone: ianaTimeZone.optional(),
  count: z.coerce.number().int().min(1).max(50).default(5),
});

export const schedulePreviewResponse = z.object({
  /** The schedule as it would be saved (schema 2.0, startDate filled in). */
  schedule: scheduleView,
  timeZone: z.string(),
  trigger: scheduleTriggerSchema,
  summary: z.string(),
  /** The next runs; empty for kinds that do not run on a timer. `local` is the wall clock in timeZone. */
  runs: z.array(z.object({ at: isoDateTime, local: z.string() })),
});
export type SchedulePreview = z.infer<typeof schedulePreviewResponse>;
