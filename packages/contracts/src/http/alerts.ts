import { z } from "zod";
import { conditionKinds, conditionPriorities, conditionSeverities, healthStatuses } from "@steward/domain";
import { coercedId, id as idType, isoDateTime, pageNumber, paged, text } from "../common.js";

const id = idType();

export const alertStatuses = ["OPEN", "RESET"] as const;
export type AlertStatus = (typeof alertStatuses)[number];

/** Who or what reset an alert. */
export const alertResetCauses = [
  "RECOVERED",
  "AUTO_RESET",
  "TECHNICIAN",
  "CONDITION_REMOVED",
  "DEVICE_REMOVED",
] as const;
export type AlertResetCause = (typeof alertResetCauses)[number];

/**
 * An alert: one per condition per device while open. A repeat of the trigger raises `count` and
 * `lastSeenAt` and never opens a second alert.
 */
export const alertView = z.object({
  id: z.number().int().positive(),
  status: z.enum(alertStatuses),
  severity: z.enum(conditionSeverities),
  priority: z.enum(conditionPriorities),
  healthStatus: z.enum(healthStatuses),
  device: z.object({ id: z.number().int().positive(), name: z.string() }),
  organization: z.object({ id: z.number().int().positive(), name: z.string() }),
  /** The policy and condition that raised it (the policy may since be gone: null). */
  policy: z.object({ id: z.number().int().positive(), name: z.string() }).nullable(),
  condition: z.object({
    key: z.string(),
    name: z.string(),
    kind: z.enum(conditionKinds as unknown as [string, ...string[]]),
  }),
  firstSeenAt: isoDateTime,
  lastSeenAt: isoDateTime,
  /** How many times it triggered while open (1 for a fresh alert). */
  count: z.number().int().positive(),
  /** The value that caused the last trigger, and what the device said of it. */
  value: z.number().nullable(),
  detail: z.string(),
  /** Toggled too often in a short time: notified once, then kept quiet until it settles. */
  flapping: z.boolean(),
  /** Raised while the device was in a maintenance window that holds back notifications. */
  inMaintenance: z.boolean(),
  acknowledged: z.object({ by: z.string(), at: isoDateTime, note: z.string() }).nullable(),
  reset: z
    .object({ cause: z.enum(alertResetCauses), at: isoDateTime, by: z.string().nullable(), note: z.string() })
    .nullable(),
});
export type AlertView = z.infer<typeof alertView>;

export const alertSortKeys = [
  "severity",
  "priority",
  "lastSeen",
  "firstSeen",
  "count",
  "device",
  "organization",
  "condition",
] as const;

const csv = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .union([z.enum(values), z.array(z.enum(values))])
    .transform((v) => (Array.isArray(v) ? v : [v]))
    .optional();

/** GET /api/alerts: open alerts (default) or the history of reset ones, filtered and sorted. */
export const alertListQuery = z.object({
  status: z.enum(alertStatuses).default("OPEN"),
  severity: csv(conditionSeverities),
  priority: csv(conditionPriorities),
  organizationId: coercedId().optional(),
  deviceId: coercedId().optional(),
  acknowledged: z
    .enum(["true", "false"])
    .transform((v) => v === "true")
    .optional(),
  /** Matches the device, the condition and the detail. */
  search: text().trim().max(200).optional(),
  sort: z.enum(alertSortKeys).default("severity"),
  order: z.enum(["asc", "desc"]).default("asc"),
  page: pageNumber(),
  pageSize: z.coerce.number().int().min(1).max(500).default(50),
});
export type AlertListQuery = z.infer<typeof alertListQuery>;

export const alertListResponse = paged(alertView).extend({
  /** Open alerts in scope by severity, whatever the other filters (for the counters above the list). */
  openBySeverity: z.record(z.enum(conditionSeverities), z.number().int().nonnegative()),
});
export type AlertListResponse = z.infer<typeof alertListResponse>;

/** POST /api/alerts/:id/acknowledge */
export const acknowledgeAlertBody = z.strictObject({ note: text().trim().max(2000).default("") });
/** POST /api/alerts/:id/reset (a manual reset; the note goes to the history and the activities). */
export const resetAlertBody = z.strictObject({ note: text().trim().max(2000).default("") });

/** Several at once from the list: POST /api/alerts/acknowledge and /api/alerts/reset. */
export const bulkAlertBody = z.strictObject({
  ids: z.array(id).min(1).max(500),
  note: text().trim().max(2000).default(""),
});
export const bulkAlertResponse = z.object({
  done: z.number().int().nonnegative(),
  notFound: z.array(z.number().int()),
});
