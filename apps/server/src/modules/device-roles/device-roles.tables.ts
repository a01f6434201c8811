import { sql } from "drizzle-orm";
import { boolean, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

/** Device roles: the built-in set (seeded at start, keyed) and technicians' own. */
export const deviceRoles = pgTable(
  "device_roles",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    /** Built-in roles' stable key (WINDOWS_SERVER …); null for custom roles. */
    key: text("key"),
    name: text("name").notNull(),
    /** WINDOWS | MAC | LINUX | OTHER */
    osFamily: text("os_family").notNull(),
    description: text("description").notNull().default(""),
    builtIn: boolean("built_in").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("device_roles_key_key").on(t.key),
    uniqueIndex("device_roles_name_key").on(sql`lower(${t.name})`),
  ],
);
