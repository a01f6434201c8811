import { z } from "zod";
import { SCRIPT_LANGUAGES } from "@steward/domain";
import { id, jsonValue, text } from "../common.js";
import { MAX_POWER_DELAY_MINUTES, MAX_POWER_POSTPONES } from "../agent/commands/device-power.js";
import { deviceCriteria } from "./device-criteria.js";

/** Bulk actions over a search's devices (more come with later issues). */
export const deviceActionNames = [
  "SET_ROLE",
  "ADD_TAG",
  "REMOVE_TAG",
  "APPROVE",
  "DELETE",
  "RUN_SCRIPT",
  "REBOOT",
  "SHUTDOWN",
] as const;
export type DeviceActionName = (typeof deviceActionNames)[number];

/**
 * Which devices an action runs on: explicit ids, a saved search, or criteria (any combination
 * narrows: a device must match all that are given). At least one must be given.
 */
export const actionTarget = z.object({
  nodeIds: z.array(id()).max(10_000).optional(),
  searchId: id().optional(),
  criteria: deviceCriteria.optional(),
});

/** POST /api/search/runner/execute-action (the seed's call): `{ action, data }`. */
export const executeActionRequest = z.object({
  action: z.enum(deviceActionNames),
  data: actionTarget.catchall(jsonValue()),
});
export type ExecuteActionRequest = z.input<typeof executeActionRequest>;

export const executeActionResponse = z.object({
  resultCode: z.literal("SUCCESS"),
  action: z.enum(deviceActionNames),
  /** Devices the target matched. */
  matched: z.number().int().nonnegative(),
  /** Devices the action changed (RUN_SCRIPT: devices a job was queued for). */
  count: z.number().int().nonnegative(),
  /** RUN_SCRIPT: the jobs queued, one per device, as POST /api/webapp/submit/job answers them. */
  jobs: z.array(z.object({ jobUid: z.string(), nodeId: z.number().int(), jobType: z.string() })).optional(),
});
export type ExecuteActionResponse = z.infer<typeof executeActionResponse>;

/**
 * A restart or shutdown of a device, now or later: after `delayMinutes`, or at `at` (an ISO
 * time, which wins); the logged-on user sees `message` and may postpone up to `postponeLimit`
 * times by `postponeMinutes` each. Runs as a REBOOT_ACTION job.
 */
export const powerActionData = z.object({
  delayMinutes: z.number().int().min(0).max(MAX_POWER_DELAY_MINUTES).default(0),
  at: z.string().datetime({ offset: true }).optional(),
  message: text().trim().max(500).optional(),
  postponeLimit: z.number().int().min(0).max(MAX_POWER_POSTPONES).default(0),
  postponeMinutes: z.number().int().min(1).max(1440).default(15),
});
export type PowerActionData = z.input<typeof powerActionData>;

/** POST /api/device/:id/power */
export const powerActionRequest = powerActionData.extend({ action: z.enum(["REBOOT", "SHUTDOWN"]) });
export type PowerActionRequest = z.input<typeof powerActionRequest>;

/** POST /api/device/:id/command: a one-line command or short script, run at once. */
export const adHocCommandRequest = z.object({
  language: z.enum(SCRIPT_LANGUAGES),
  body: text().min(1).max(20_000),
  timeoutSeconds: z.number().int().min(1).max(3600).default(300),
});
export type AdHocCommandRequest = z.input<typeof adHocCommandRequest>;

/** What a single-device action answers: the job it queued. */
export const deviceJobResponse = z.object({
  resultCode: z.literal("SUCCESS"),
  jobUid: z.string(),
  nodeId: z.number().int(),
  jobType: z.string(),
});
export type DeviceJobResponse = z.infer<typeof deviceJobResponse>;

/** POST /api/device/:id/uninstall: the agent removes itself, the device is archived. */
export const uninstallAgentResponse = z.object({
  resultCode: z.literal("SUCCESS"),
  nodeId: z.number().int(),
  /** Whether the agent was connected and got the command (else it is refused at its next connect). */
  delivered: z.boolean(),
  archivedAt: z.string(),
});
export type UninstallAgentResponse = z.infer<typeof uninstallAgentResponse>;
