import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/**
 * Dynamic policies: shared by every organization like agent policies, one device class each.
 * Each applies on top of the base policy of the devices of its class its criteria match; within a
 * class they are ordered by `priority` (1 first: it wins over every later one).
 */
export const dynamicPolicies = pgTable(
  "dynamic_policies",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    /** WINDOWS_WORKSTATION | WINDOWS_SERVER | MAC | LINUX_WORKSTATION | LINUX_SERVER */
    deviceClass: text("device_class").notNull(),
    /** A disabled dynamic policy matches no device. */
    enabled: boolean("enabled").notNull().default(true),
    priority: integer("priority").notNull(),
    /** The device search's criteria (which devices of the class it applies to). */
    criteria: jsonb("criteria").$type<Record<string, unknown>>().notNull().default({}),
    /** Per section: whether it is configured, and its items. */
    sections: jsonb("sections")
      .$type<Record<string, { configure: boolean; items: Record<string, unknown> }>>()
      .notNull()
      .default({}),
    /** Moves with every change of the dynamic policy (and of its place in the order). */
    version: integer("version").notNull().default(1),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("dynamic_policies_class_name_key").on(t.deviceClass, sql`lower(${t.name})`),
    index("dynamic_policies_class_priority_idx").on(t.deviceClass, t.priority),
  ],
);
