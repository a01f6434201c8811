import { z } from "zod";
import { messages } from "../messages.js";

/**
 * A monitoring condition of an agent policy: what the agent watches on the device (or, for a few
 * kinds, what the server watches for it), when that counts as triggered and when as reset, and
 * what follows a trigger (an alert of a severity and priority, a health status for the device,
 * notifications, automations, a ticket).
 */

export const conditionSeverities = ["CRITICAL", "MAJOR", "MODERATE", "MINOR"] as const;
export type ConditionSeverity = (typeof conditionSeverities)[number];

export const conditionPriorities = ["HIGH", "MEDIUM", "LOW"] as const;
export type ConditionPriority = (typeof conditionPriorities)[number];

/** What a triggered condition makes of the device's health (the worst open one wins). */
export const healthStatuses = ["HEALTHY", "NEEDS_ATTENTION", "UNHEALTHY", "UNKNOWN"] as const;
export type HealthStatus = (typeof healthStatuses)[number];

/** Severity order, worst first; used to sort and to pick the worst. */
export const severityRank: Record<ConditionSeverity, number> = {
  CRITICAL: 0,
  MAJOR: 1,
  MODERATE: 2,
  MINOR: 3,
};
/** Health order, worst first. */
export const healthRank: Record<HealthStatus, number> = {
  UNHEALTHY: 0,
  NEEDS_ATTENTION: 1,
  UNKNOWN: 2,
  HEALTHY: 3,
};

/** How a number is compared with a threshold. */
export const comparators = ["GT", "GTE", "LT", "LTE"] as const;
export type Comparator = (typeof comparators)[number];

export function compare(value: number, comparator: Comparator, threshold: number): boolean {
  switch (comparator) {
    case "GT":
      return value > threshold;
    case "GTE":
      return value >= threshold;
    case "LT":
      return value < threshold;
    case "LTE":
      return value <= threshold;
  }
}

/** Longest "for N seconds" a condition may wait before it triggers (a day). */
export const MAX_CONDITION_DURATION_SECONDS = 86_400;
/** How many conditions a compound condition may combine. */
export const MAX_COMPOUND_PARTS = 10;

const int = (min: number, max: number) =>
  z
    .number({ error: messages.customField.integer })
    .int(messages.customField.integer)
    .min(min, messages.numeric.greaterOrEqual(min))
    .max(max, messages.numeric.lessOrEqual(max));
const num = (min: number, max: number) =>
  z
    .number({ error: messages.customField.decimal })
    .min(min, messages.numeric.greaterOrEqual(min))
    .max(max, messages.numeric.lessOrEqual(max));
const name = (max: number) => z.string().trim().min(1, messages.mandatory).max(max);

/**
 * A numeric threshold. The condition triggers once the value has compared true for
 * `durationSeconds`; it resets only once the value is back past `resetValue` (hysteresis; absent:
 * back past `value` itself).
 */
const threshold = {
  comparator: z.enum(comparators),
  value: num(-1e15, 1e15),
  resetValue: num(-1e15, 1e15).optional(),
  durationSeconds: int(0, MAX_CONDITION_DURATION_SECONDS).default(0),
};

/** A filesystem by its mount point (or drive, "C:"); absent: every filesystem, the worst counts. */
const mount = z.string().trim().min(1).max(1024).optional();

/** The things a condition can watch, each with its own parameters. */
export const conditionChecks = [
  z.object({ kind: z.literal("cpu"), ...threshold }),
  z.object({ kind: z.literal("memory"), ...threshold }),
  /** Free space, as a percentage of the filesystem or in bytes. */
  z.object({ kind: z.literal("diskFree"), mount, unit: z.enum(["PERCENT", "BYTES"]), ...threshold }),
  /** Used space as a percentage. */
  z.object({ kind: z.literal("diskUsage"), mount, ...threshold }),
  /** Share of time the disk was busy, percent. */
  z.object({ kind: z.literal("diskActiveTime"), mount, ...threshold }),
  /** Bytes per second over every interface but loopback. */
  z.object({ kind: z.literal("network"), direction: z.enum(["IN", "OUT", "TOTAL"]), ...threshold }),
  z.object({
    kind: z.literal("process"),
    process: name(260),
    state: z.enum(["RUNNING", "NOT_RUNNING"]),
    durationSeconds: int(0, MAX_CONDITION_DURATION_SECONDS).default(0),
  }),
  z.object({
    kind: z.literal("processResource"),
    process: name(260),
    resource: z.enum(["CPU_PERCENT", "MEMORY_BYTES"]),
    ...threshold,
  }),
  /** A systemd unit, a Windows service or a launchd daemon. */
  z.object({
    kind: z.literal("service"),
    service: name(256),
    state: z.enum(["RUNNING", "NOT_RUNNING"]),
    durationSeconds: int(0, MAX_CONDITION_DURATION_SECONDS).default(0),
  }),
  /** Lines of the journal, syslog or a Windows event log that match a pattern, counted in a window. */
  z.object({
    kind: z.literal("logPattern"),
    source: z.enum(["JOURNAL", "SYSLOG", "EVENT_LOG"]),
    /** The Windows event log ("System") or the journal unit; absent: all of them. */
    log: z.string().trim().max(256).optional(),
    pattern: name(500),
    count: int(1, 100_000),
    windowMinutes: int(1, 1440),
  }),
  z.object({ kind: z.literal("pendingReboot") }),
  z.object({ kind: z.literal("uptime"), days: int(1, 3650) }),
  z.object({
    kind: z.literal("software"),
    software: name(256),
    state: z.enum(["INSTALLED", "NOT_INSTALLED"]),
  }),
  z.object({
    kind: z.literal("file"),
    path: name(4096),
    state: z.enum(["EXISTS", "NOT_EXISTS", "SIZE_CHANGED"]),
  }),
  /** A disk whose SMART self-assessment is not "passed". */
  z.object({ kind: z.literal("smart") }),
  /** Evaluated by the server from presence: the agent has been disconnected for this long. */
  z.object({ kind: z.literal("agentDown"), minutes: int(1, 10_080) }),
  /** A library script run every N minutes; triggered by its exit code or by a pattern in its output. */
  z.object({
    kind: z.literal("scriptResult"),
    scriptId: int(1, 2_147_483_647),
    intervalMinutes: int(1, 1440),
    match: z.discriminatedUnion("on", [
      z.object({
        on: z.literal("EXIT_CODE"),
        comparator: z.enum(["EQ", "NE"]),
        exitCode: int(-2_147_483_648, 2_147_483_647),
      }),
      z.object({ on: z.literal("OUTPUT"), pattern: name(500) }),
    ]),
  }),
  /** Evaluated by the server: a custom field of the device compared with a value. */
  z.object({
    kind: z.literal("customField"),
    field: name(128),
    operator: z.enum(["EQ", "NE", "CONTAINS", "EMPTY", "NOT_EMPTY"]),
    value: z.string().max(1000).default(""),
  }),
  /** Raised by the patching area through the same path: failed installs in a window. */
  z.object({ kind: z.literal("patchFailures"), count: int(1, 1000) }),
  /** Raised by the backup area through the same path: failed backup runs in a row. */
  z.object({ kind: z.literal("backupFailures"), count: int(1, 1000) }),
  z.object({ kind: z.literal("antivirus"), state: z.enum(["DISABLED", "OUT_OF_DATE", "THREAT_FOUND"]) }),
] as const;

export type ConditionCheck =
  | z.infer<(typeof conditionChecks)[number]>
  | { kind: "compound"; mode: "ALL" | "ANY"; parts: ConditionCheck[] };

/** Every kind a condition can have. */
export const conditionKinds = [...conditionChecks.map((c) => c.shape.kind.value), "compound"] as const;
export type ConditionKind = ConditionCheck["kind"];

/** Kinds the server evaluates itself; the agent is never sent them. */
export const serverEvaluatedKinds: readonly ConditionKind[] = [
  "agentDown",
  "customField",
  "patchFailures",
  "backupFailures",
];
/** Kinds the agent cannot evaluate inside a compound condition (they come from elsewhere). */
const notInCompound = new Set<string>(serverEvaluatedKinds);

const simpleCheck = z.discriminatedUnion("kind", conditionChecks);

/** A compound condition: ALL or ANY of several simple ones (not nested further). */
const compoundCheck = z.object({
  kind: z.literal("compound"),
  mode: z.enum(["ALL", "ANY"]),
  parts: z
    .array(simpleCheck)
    .min(2)
    .max(MAX_COMPOUND_PARTS)
    .refine(
      (parts) => parts.every((p) => !notInCompound.has(p.kind)),
      "A compound condition combines checks the agent evaluates",
    ),
});

/** Chosen by `kind`, so a problem is reported at the field of that kind's check that has it. */
export const conditionCheck: z.ZodType<ConditionCheck> = z.discriminatedUnion("kind", [
  ...conditionChecks,
  compoundCheck,
]) as unknown as z.ZodType<ConditionCheck>;

/** The whole condition as a policy stores it (one keyed item of the "conditions" section). */
export const condition = z.object({
  name: name(200),
  enabled: z.boolean().default(true),
  check: conditionCheck,
  severity: z.enum(conditionSeverities),
  priority: z.enum(conditionPriorities),
  /** What an open alert of this condition makes of the device's health. */
  healthStatus: z.enum(healthStatuses).default("NEEDS_ATTENTION"),
  /** Minutes after which a still-open alert resets by itself; absent: only when the value recovers or a technician resets it. */
  autoResetMinutes: int(1, 525_600).optional(),
  /** Notification channels told when it triggers and resets. */
  channelIds: z.array(int(1, 2_147_483_647)).max(20).default([]),
  /** Whether technicians are told (by email, for the severities each has chosen). */
  notifyTechnicians: z.boolean().default(false),
  /** Library scripts run on the device when it triggers. */
  automationScriptIds: z.array(int(1, 2_147_483_647)).max(10).default([]),
  /** Whether a ticket is created; the ticketing area fills which ruleset. */
  createNinjaTicket: z.boolean().default(false),
  ticketRulesetId: int(1, 2_147_483_647).nullable().default(null),
});
export type Condition = z.infer<typeof condition>;
export type ConditionInput = z.input<typeof condition>;

/** Whether the agent (rather than the server) evaluates a condition of this check. */
export function isAgentEvaluated(check: ConditionCheck): boolean {
  return !serverEvaluatedKinds.includes(check.kind);
}

/**
 * Whether a value that triggered a threshold has recovered: past the reset value when one is set
 * (hysteresis), else simply no longer comparing true.
 */
export function thresholdRecovered(
  value: number,
  t: { comparator: Comparator; value: number; resetValue?: number | undefined },
): boolean {
  if (t.resetValue === undefined) return !compare(value, t.comparator, t.value);
  // Back past the reset value, in the direction away from the trigger.
  const upward = t.comparator === "GT" || t.comparator === "GTE";
  return upward ? value <= t.resetValue : value >= t.resetValue;
}
