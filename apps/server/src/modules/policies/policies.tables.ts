import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";
import { deviceRoles } from "../device-roles/device-roles.tables.js";
import { devices } from "../devices/devices.tables.js";
import { dynamicPolicies } from "../dynamic-policies/dynamic-policies.tables.js";
import { locations, organizations } from "../organizations/organizations.tables.js";

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/**
 * Agent policies: shared by every organization, one device class each, linked to a parent of the
 * same class. `items` holds only what the policy overrides, per section; the rest it inherits.
 */
export const policies = pgTable(
  "policies",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    /** WINDOWS_WORKSTATION | WINDOWS_SERVER | MAC | LINUX_WORKSTATION | LINUX_SERVER */
    deviceClass: text("device_class").notNull(),
    // A parent is deleted only after its children have been moved up to its own parent.
    parentId: integer("parent_id").references((): AnyPgColumn => policies.id),
    /** The class's Default policy (one per class, seeded, never deleted). */
    isDefault: boolean("is_default").notNull().default(false),
    /** A disabled policy stays assigned but is not enforced. */
    enabled: boolean("enabled").notNull().default(true),
    items: jsonb("items").$type<Record<string, Record<string, unknown>>>().notNull().default({}),
    /** Moves whenever an effective value changes, also through a parent. */
    version: integer("version").notNull().default(1),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("policies_class_name_key").on(t.deviceClass, sql`lower(${t.name})`),
    uniqueIndex("policies_class_default_key")
      .on(t.deviceClass)
      .where(sql`${t.isDefault}`),
    index("policies_parent_idx").on(t.parentId),
  ],
);

/** An organization's policy for the devices of one device role. */
export const organizationPolicyAssignments = pgTable(
  "organization_policy_assignments",
  {
    organizationId: integer("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    roleId: integer("role_id")
      .notNull()
      .references(() => deviceRoles.id, { onDelete: "cascade" }),
    policyId: integer("policy_id")
      .notNull()
      .references(() => policies.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.roleId] }),
    index("organization_policy_assignments_policy_idx").on(t.policyId),
  ],
);

/** A location's policy for one device class, above its organization's. */
export const locationPolicyOverrides = pgTable(
  "location_policy_overrides",
  {
    organizationId: integer("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    locationId: integer("location_id")
      .notNull()
      .references(() => locations.id, { onDelete: "cascade" }),
    deviceClass: text("device_class").notNull(),
    policyId: integer("policy_id")
      .notNull()
      .references(() => policies.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.locationId, t.deviceClass] }),
    index("location_policy_overrides_organization_idx").on(t.organizationId),
    index("location_policy_overrides_policy_idx").on(t.policyId),
  ],
);

/** A device's own policy, above everything else. */
export const devicePolicyOverrides = pgTable(
  "device_policy_overrides",
  {
    deviceId: integer("device_id")
      .primaryKey()
      .references(() => devices.id, { onDelete: "cascade" }),
    organizationId: integer("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    policyId: integer("policy_id")
      .notNull()
      .references(() => policies.id, { onDelete: "cascade" }),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    index("device_policy_overrides_organization_idx").on(t.organizationId),
    index("device_policy_overrides_policy_idx").on(t.policyId),
  ],
);

/**
 * What each device's agent last acknowledged applying: the policy (null: none, or not enforced
 * with no policy), its version and when. No foreign key to the policy: a deleted policy's last
 * application stays on record until the agent applies another.
 */
export const devicePolicyStates = pgTable("device_policy_states", {
  deviceId: integer("device_id")
    .primaryKey()
    .references(() => devices.id, { onDelete: "cascade" }),
  policyId: integer("policy_id"),
  version: integer("version"),
  enforced: boolean("enforced").notNull(),
  appliedAt: ts("applied_at").notNull(),
});

/**
 * When each scheduled automation of a policy runs next. A row is (re)started whenever the
 * automation's schedule or time zone changes (`schedule_key`); `occurrences` counts its runs
 * since then ("End After N"). Rows of automations no longer in a policy are removed by the runner.
 */
export const policyAutomationRuns = pgTable(
  "policy_automation_runs",
  {
    policyId: integer("policy_id")
      .notNull()
      .references(() => policies.id, { onDelete: "cascade" }),
    automationKey: text("automation_key").notNull(),
    scheduleKey: text("schedule_key").notNull(),
    nextRunAt: ts("next_run_at"),
    occurrences: integer("occurrences").notNull().default(0),
    lastRunAt: ts("last_run_at"),
    lastRunJobCount: integer("last_run_job_count"),
  },
  (t) => [primaryKey({ columns: [t.policyId, t.automationKey] })],
);

/**
 * The same schedule state for the scheduled automations a dynamic policy adds (its automations
 * section ticked): one row per automation of the dynamic policy, shared by every device it matches.
 */
export const dynamicPolicyAutomationRuns = pgTable(
  "dynamic_policy_automation_runs",
  {
    dynamicPolicyId: integer("dynamic_policy_id")
      .notNull()
      .references(() => dynamicPolicies.id, { onDelete: "cascade" }),
    automationKey: text("automation_key").notNull(),
    scheduleKey: text("schedule_key").notNull(),
    nextRunAt: ts("next_run_at"),
    occurrences: integer("occurrences").notNull().default(0),
    lastRunAt: ts("last_run_at"),
    lastRunJobCount: integer("last_run_job_count"),
  },
  (t) => [primaryKey({ columns: [t.dynamicPolicyId, t.automationKey] })],
);
