import { jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** System-wide settings as key → JSON value (general: company name, default time zone …). */
export const systemSettings = pgTable("system_settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
});
