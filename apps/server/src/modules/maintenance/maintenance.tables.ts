import { boolean, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { organizations } from "../organizations/organizations.tables.js";

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/**
 * Maintenance windows. A row belongs to one organization (its targets lie inside it) or, with
 * organization_id null, to the whole system. Timing is either one-off (starts_at/ends_at) or a
 * recurring schedule (schema 2.0, in time_zone) opened for duration_minutes at each start.
 * Whether a window is open is always computed from these columns and the current time.
 */
export const maintenanceWindows = pgTable(
  "maintenance_windows",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    organizationId: integer("organization_id").references(() => organizations.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    enabled: boolean("enabled").notNull().default(true),
    /** { deviceIds, groupIds, locationIds, organizationIds } */
    targets: jsonb("targets").notNull(),
    /** ONE_OFF or RECURRING. */
    kind: text("kind").notNull(),
    startsAt: ts("starts_at"),
    endsAt: ts("ends_at"),
    schedule: jsonb("schedule"),
    timeZone: text("time_zone"),
    durationMinutes: integer("duration_minutes"),
    suppressAlerts: boolean("suppress_alerts").notNull().default(true),
    suppressNotifications: boolean("suppress_notifications").notNull().default(true),
    suppressAutomations: boolean("suppress_automations").notNull().default(true),
    createdByUserId: integer("created_by_user_id"),
    updatedByUserId: integer("updated_by_user_id"),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [index("maintenance_windows_org_idx").on(t.organizationId)],
);
