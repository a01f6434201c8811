import { sql } from "drizzle-orm";
import { integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "../../platform/identity/identity.tables.js";

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/** Saved device searches; those with a name are groups. */
export const savedSearches = pgTable(
  "saved_searches",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    name: text("name"),
    /** A deviceCriteria object (contracts), without groupId. */
    criteria: jsonb("criteria").notNull().default({}),
    search: text("search").notNull().default(""),
    action: text("action"),
    /** Extra properties; GET /api/searches answers them as a JSON string merged into the item. */
    customFields: jsonb("custom_fields").notNull().default({}),
    createdByUserId: integer("created_by_user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [uniqueIndex("saved_searches_name_key").on(sql`lower(${t.name})`)],
);
