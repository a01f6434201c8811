import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/**
 * Notification channels (global). A webhook's URL and secret are sealed with the server's secret
 * box: Slack and Teams URLs carry their key in the path, so only the scheme and host are kept in
 * clear (url_hint) for display.
 */
export const notificationChannels = pgTable(
  "notification_channels",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    name: text("name").notNull(),
    /** EMAIL | WEBHOOK | SLACK | TEAMS */
    type: text("type").notNull(),
    enabled: boolean("enabled").notNull().default(true),
    recipients: jsonb("recipients").$type<string[]>().notNull().default([]),
    urlSealed: text("url_sealed"),
    urlHint: text("url_hint"),
    secretSealed: text("secret_sealed"),
    throttleLimit: integer("throttle_limit").notNull().default(10),
    throttleWindowMinutes: integer("throttle_window_minutes").notNull().default(10),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [uniqueIndex("notification_channels_name_key").on(sql`lower(${t.name})`)],
);

/** Every notification a channel sent, held, digested or failed to send. */
export const notificationDeliveries = pgTable(
  "notification_deliveries",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    channelId: integer("channel_id")
      .notNull()
      .references(() => notificationChannels.id, { onDelete: "cascade" }),
    at: ts("at").notNull().defaultNow(),
    event: text("event").notNull(),
    summary: text("summary").notNull().default(""),
    /** The event as notify() received it, kept while it waits for a digest. */
    payload: jsonb("payload"),
    /** DELIVERED | FAILED | REFUSED | HELD | DIGESTED */
    outcome: text("outcome").notNull(),
    httpStatus: integer("http_status"),
    error: text("error"),
    attempts: integer("attempts").notNull().default(0),
  },
  (t) => [index("notification_deliveries_channel_at").on(t.channelId, t.at)],
);
