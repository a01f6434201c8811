import { z } from "zod";
import { id, jsonValue } from "../common.js";
import { deviceCriteria } from "./device-criteria.js";

/** Bulk actions over a search's devices (more come with later issues). */
export const deviceActionNames = [
  "SET_ROLE",
  "ADD_TAG",
  "REMOVE_TAG",
  "APPROVE",
  "DELETE",
  "RUN_SCRIPT",
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
