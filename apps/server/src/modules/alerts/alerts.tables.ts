import { sql } from "drizzle-orm";
import {
  boolean,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { devices } from "../devices/devices.tables.js";
import { organizations } from "../organizations/organizations.tables.js";
import { policies } from "../policies/policies.tables.js";

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/**
 * Alerts: a condition of a device's policy that triggered. While OPEN there is at most one per
 * device and condition key (a repeat raises `count` and `last_seen_at`); a reset closes it and it
 * stays as history. The condition's name, kind, severity, priority and health are copied in when
 * it opens, so the history reads the same after the policy changes.
 */
export const alerts = pgTable(
  "alerts",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    organizationId: integer("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    deviceId: integer("device_id")
      .notNull()
      .references(() => devices.id, { onDelete: "cascade" }),
    policyId: integer("policy_id").references(() => policies.id, { onDelete: "set null" }),
    /** OPEN | RESET */
    status: text("status").notNull().default("OPEN"),
    /** CRITICAL | MAJOR | MODERATE | MINOR */
    severity: text("severity").notNull(),
    /** HIGH | MEDIUM | LOW */
    priority: text("priority").notNull(),
    /** HEALTHY | NEEDS_ATTENTION | UNHEALTHY | UNKNOWN: what it makes of the device while open. */
    healthStatus: text("health_status").notNull(),
    conditionKey: text("condition_key").notNull(),
    conditionName: text("condition_name").notNull(),
    conditionKind: text("condition_kind").notNull(),
    firstSeenAt: ts("first_seen_at").notNull(),
    lastSeenAt: ts("last_seen_at").notNull(),
    count: integer("count").notNull().default(1),
    value: doublePrecision("value"),
    detail: text("detail").notNull().default(""),
    flapping: boolean("flapping").notNull().default(false),
    /** Opened while a maintenance window held back its notifications. */
    inMaintenance: boolean("in_maintenance").notNull().default(false),
    /** When an open alert resets by itself (last seen + the condition's auto-reset minutes). */
    autoResetAt: ts("auto_reset_at"),
    acknowledgedByUserId: integer("acknowledged_by_user_id"),
    acknowledgedBy: text("acknowledged_by"),
    acknowledgedAt: ts("acknowledged_at"),
    acknowledgedNote: text("acknowledged_note"),
    /** RECOVERED | AUTO_RESET | TECHNICIAN | CONDITION_REMOVED | DEVICE_REMOVED */
    resetCause: text("reset_cause"),
    resetAt: ts("reset_at"),
    resetByUserId: integer("reset_by_user_id"),
    resetBy: text("reset_by"),
    resetNote: text("reset_note"),
  },
  (t) => [
    // The rule "one open alert per condition per device", kept by the database.
    uniqueIndex("alerts_open_condition_key")
      .on(t.deviceId, t.conditionKey)
      .where(sql`${t.status} = 'OPEN'`),
    index("alerts_org_status_idx").on(t.organizationId, t.status, t.lastSeenAt),
    index("alerts_status_last_seen_idx").on(t.status, t.lastSeenAt),
    index("alerts_device_status_idx").on(t.deviceId, t.status),
    index("alerts_auto_reset_idx")
      .on(t.autoResetAt)
      .where(sql`${t.status} = 'OPEN' and ${t.autoResetAt} is not null`),
  ],
);

/**
 * Recent state changes of one condition on one device, for flap detection: the times of the
 * triggers and resets inside the flap window, whether it counts as flapping now, and since when.
 */
export const alertConditionStates = pgTable(
  "alert_condition_states",
  {
    deviceId: integer("device_id")
      .notNull()
      .references(() => devices.id, { onDelete: "cascade" }),
    conditionKey: text("condition_key").notNull(),
    organizationId: integer("organization_id").notNull(),
    transitions: timestamp("transitions", { withTimezone: true, mode: "date" })
      .array()
      .notNull()
      .default(sql`'{}'::timestamptz[]`),
    flapping: boolean("flapping").notNull().default(false),
    lastTransitionAt: ts("last_transition_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.deviceId, t.conditionKey] }),
    index("alert_condition_states_flapping_idx")
      .on(t.lastTransitionAt)
      .where(sql`${t.flapping}`),
  ],
);
