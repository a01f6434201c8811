import { z } from "zod";
import { messages } from "../messages.js";
import { policySections } from "./sections.js";
import { condition } from "../conditions/model.js";
import { DAYS_OF_WEEK, EVERY_UNITS, SCHEDULE_END_TYPES, SCHEDULE_REPEATS } from "../schedule/schedule.js";
import { scheduleIssues } from "../schedule/validate.js";
import { canonicalTimeZone } from "../time-zones.js";

/** Keys of a keyed section's items: letters, digits, "_" and "-". */
export const POLICY_ITEM_KEY = /^[A-Za-z0-9_-]{1,64}$/;

const seconds = (min: number, max: number) =>
  z
    .number({ error: messages.customField.integer })
    .int(messages.customField.integer)
    .min(min, messages.numeric.greaterOrEqual(min))
    .max(max, messages.numeric.lessOrEqual(max));

/** Bounds of the agent's intervals, in seconds. */
export const agentSettingsBounds = {
  metricIntervalSeconds: { min: 15, max: 3600 },
  heartbeatSeconds: { min: 15, max: 600 },
} as const;

/** How often the agent samples metrics and reports that it is alive. */
export const agentSettingsSection = policySections.define({
  key: "agentSettings",
  schema: z.object({
    metricIntervalSeconds: seconds(
      agentSettingsBounds.metricIntervalSeconds.min,
      agentSettingsBounds.metricIntervalSeconds.max,
    ),
    heartbeatSeconds: seconds(
      agentSettingsBounds.heartbeatSeconds.min,
      agentSettingsBounds.heartbeatSeconds.max,
    ),
  }),
  defaults: { metricIntervalSeconds: 60, heartbeatSeconds: 60 },
});

const itemKey = z.string().regex(POLICY_ITEM_KEY);

/** Monitoring conditions, keyed by a condition id; a child policy overrides or adds them one by one. */
export const conditionsSection = policySections.define({
  key: "conditions",
  schema: z.record(itemKey, condition),
  defaults: {},
});

/** A scheduled automation's schedule: the schedule engine's model, checked by its own rules. */
export const automationSchedule = z
  .strictObject({
    repeats: z.enum(SCHEDULE_REPEATS),
    repeatsEveryCount: z.number(),
    repeatsEveryUnit: z.enum(EVERY_UNITS),
    runAtHour: z.number(),
    runAtMinute: z.number(),
    dayOfMonth: z.number(),
    daysOfWeek: z.array(z.enum(DAYS_OF_WEEK)).max(7),
    startDate: z.string().max(10).nullable(),
    end: z.strictObject({
      type: z.enum(SCHEDULE_END_TYPES),
      occurenceCount: z.number().nullable(),
      endDate: z.string().max(10).nullable(),
    }),
  })
  .superRefine((s, ctx) => {
    for (const issue of scheduleIssues(s))
      ctx.addIssue({ code: "custom", path: issue.path, message: issue.message });
  });

/**
 * A scheduled automation: a library script the agent runs on a schedule (the schedule engine's
 * model) in a time zone, as a chosen account. Without a schedule it never runs.
 */
export const automationEntry = z.object({
  name: z.string().trim().max(200).optional(),
  scriptId: z.number().int().min(1).max(2_147_483_647),
  enabled: z.boolean().default(true),
  schedule: automationSchedule.optional(),
  /** IANA zone the schedule's times are read in (UTC when absent). */
  timeZone: z
    .string()
    .max(100)
    .refine((tz) => canonicalTimeZone(tz) !== null, "Unknown time zone")
    .optional(),
  /** What the job's runAs carries (the agent's default account when absent). */
  runAs: z.string().max(200).optional(),
});
export type AutomationEntry = z.infer<typeof automationEntry>;

/** Scheduled automations, keyed by an automation id. */
export const automationsSection = policySections.define({
  key: "automations",
  schema: z.record(itemKey, automationEntry),
  defaults: {},
});
