import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "../../platform/identity/identity.tables.js";

/**
 * A technician's own console settings, one row per user, written only once they change one.
 * A missing row or a null column means the default (the browser's language, time zone …).
 */
export const userPreferencesTable = pgTable("user_preferences", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  /** A supported language ("en", "de"); null: the browser's. */
  language: text("language"),
  /** light | dark | system */
  theme: text("theme").notNull().default("system"),
  /** An IANA time zone in its canonical spelling; null: the browser's. */
  timeZone: text("time_zone"),
  /** locale | iso | dmy | mdy */
  dateFormat: text("date_format").notNull().default("locale"),
  /** A console path; null: the dashboard. */
  startPage: text("start_page"),
  /** Alert severities the technician is emailed about (conditions that notify technicians); null: the default. */
  alertEmailSeverities: text("alert_email_severities").array(),
  updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
});
