import { z } from "zod";
import { messages } from "../messages.js";
import { automationSchedule, POLICY_ITEM_KEY } from "./core-sections.js";
import { policySections } from "./sections.js";

/** Bounds of a file/folder plan. */
export const backupPlanBounds = {
  paths: 50,
  excludes: 100,
  pathLength: 1024,
  keep: { min: 0, max: 1000 },
} as const;

/**
 * An absolute path on the device: "/…" on Linux and macOS, "C:\…" or a "\\server\share" path on
 * Windows. Relative paths are refused: a plan must not depend on the agent's working folder.
 */
const ABSOLUTE_PATH = /^(\/|[A-Za-z]:[\\/]|\\\\[^\\]+\\[^\\]+)/;

const absolutePath = z
  .string({ error: messages.mandatory })
  .trim()
  .min(1, messages.mandatory)
  .max(backupPlanBounds.pathLength, messages.numeric.invalid)
  .regex(ABSOLUTE_PATH, messages.numeric.invalid);

const keep = z
  .number({ error: messages.customField.integer })
  .int(messages.customField.integer)
  .min(backupPlanBounds.keep.min, messages.numeric.greaterOrEqual(backupPlanBounds.keep.min))
  .max(backupPlanBounds.keep.max, messages.numeric.lessOrEqual(backupPlanBounds.keep.max));

/** How many revisions a plan keeps: the last N, and one per day, week and month for N of each. */
export const backupRetention = z.object({
  keepLast: keep,
  keepDaily: keep,
  keepWeekly: keep,
  keepMonthly: keep,
});
export type BackupRetention = z.infer<typeof backupRetention>;

/** Where a plan's repository lives; a local folder (or a mounted network share) on the device. */
export const backupDestination = z.object({
  type: z.literal("local"),
  path: absolutePath,
});

/** A file/folder backup plan of an agent policy. */
export const backupPlan = z.object({
  name: z
    .string({ error: messages.mandatory })
    .trim()
    .min(1, messages.mandatory)
    .max(200, messages.numeric.invalid),
  type: z.literal("fileFolder").default("fileFolder"),
  enabled: z.boolean().default(true),
  includePaths: z.array(absolutePath).min(1, messages.mandatory).max(backupPlanBounds.paths),
  excludePatterns: z
    .array(z.string().trim().min(1, messages.mandatory).max(backupPlanBounds.pathLength))
    .max(backupPlanBounds.excludes)
    .default([]),
  /** Without a schedule the plan runs only when a technician starts it. */
  schedule: automationSchedule.optional(),
  retention: backupRetention.default({ keepLast: 7, keepDaily: 14, keepWeekly: 8, keepMonthly: 12 }),
  destination: backupDestination,
});
export type BackupPlan = z.infer<typeof backupPlan>;

/** Backup plans, keyed by a plan id; a child policy overrides or adds them one by one. */
export const backupSection = policySections.define({
  key: "backup",
  schema: z.record(z.string().regex(POLICY_ITEM_KEY), backupPlan),
  defaults: {},
});

/** Backup types and the label each is shown with. */
export const BACKUP_TYPES = ["fileFolder", "image", "arrowImage"] as const;
export type BackupType = (typeof BACKUP_TYPES)[number];
