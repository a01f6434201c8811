import { sql } from "drizzle-orm";
import { boolean, customType, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "../../platform/identity/identity.tables.js";
import { devices } from "../devices/devices.tables.js";
import { locations, organizations } from "../organizations/organizations.tables.js";

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });
const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/**
 * The setup value lists (statuses, priorities, severities, impacts, types, service boards) in one
 * table, told apart by kind. Built-in rows have fixed ids below 100 (the six statuses among
 * them); administrators' own rows are numbered from 100 on.
 */
export const ticketingValues = pgTable(
  "ticketing_values",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity({ startWith: 100 }),
    kind: text("kind").notNull(),
    name: text("name").notNull(),
    /** Statuses: NEW, OPEN, WAITING, PAUSED, RESOLVED or CLOSED. */
    stateType: text("state_type"),
    builtIn: boolean("built_in").notNull().default(false),
    position: integer("position").notNull().default(0),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [index("ticketing_values_kind_idx").on(t.kind, t.position)],
);

/** Installation-wide ticketing settings: one row with id 1. */
export const ticketingSettings = pgTable("ticketing_settings", {
  id: integer("id").primaryKey(),
  closeResolvedAfterHours: integer("close_resolved_after_hours").notNull().default(72),
  updatedAt: ts("updated_at").notNull().defaultNow(),
});

/**
 * Tickets. Each belongs to one organization; the search column holds the words of the subject
 * and the description's text for full-text search.
 */
export const tickets = pgTable(
  "tickets",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    organizationId: integer("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    locationId: integer("location_id").references(() => locations.id, { onDelete: "set null" }),
    deviceId: integer("device_id").references(() => devices.id, { onDelete: "set null" }),
    subject: text("subject").notNull(),
    descriptionHtml: text("description_html").notNull().default(""),
    descriptionText: text("description_text").notNull().default(""),
    statusId: integer("status_id")
      .notNull()
      .references(() => ticketingValues.id),
    priorityId: integer("priority_id").references(() => ticketingValues.id),
    severityId: integer("severity_id").references(() => ticketingValues.id),
    impactId: integer("impact_id").references(() => ticketingValues.id),
    typeId: integer("type_id").references(() => ticketingValues.id),
    serviceBoardId: integer("service_board_id").references(() => ticketingValues.id),
    tags: text("tags")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    requesterName: text("requester_name").notNull().default(""),
    requesterEmail: text("requester_email").notNull().default(""),
    assigneeUserId: integer("assignee_user_id").references(() => users.id, { onDelete: "set null" }),
    cc: text("cc")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    source: text("source").notNull(),
    createdByUserId: integer("created_by_user_id"),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
    resolvedAt: ts("resolved_at"),
    closedAt: ts("closed_at"),
    search: tsvector("search").generatedAlwaysAs(
      sql`to_tsvector('simple', coalesce("subject", '') || ' ' || coalesce("description_text", ''))`,
    ),
  },
  (t) => [
    index("tickets_org_idx").on(t.organizationId, t.id),
    index("tickets_status_idx").on(t.statusId, t.id),
    index("tickets_device_idx").on(t.deviceId),
    index("tickets_resolved_idx").on(t.resolvedAt),
    index("tickets_search_idx").using("gin", t.search),
  ],
);

/** Public replies and private notes on a ticket (sanitized HTML). */
export const ticketComments = pgTable(
  "ticket_comments",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    ticketId: integer("ticket_id")
      .notNull()
      .references(() => tickets.id, { onDelete: "cascade" }),
    organizationId: integer("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    bodyHtml: text("body_html").notNull(),
    public: boolean("public").notNull(),
    authorUserId: integer("author_user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [index("ticket_comments_ticket_idx").on(t.ticketId, t.id)],
);

/** Every change of a ticket: one row per field changed, plus its creation and its comments. */
export const ticketHistory = pgTable(
  "ticket_history",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    ticketId: integer("ticket_id")
      .notNull()
      .references(() => tickets.id, { onDelete: "cascade" }),
    organizationId: integer("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    field: text("field").notNull(),
    oldValue: text("old_value"),
    newValue: text("new_value"),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [index("ticket_history_ticket_idx").on(t.ticketId, t.id)],
);

/** Boards: saved filters with their columns and sort. Board 1 ("All tickets") is built in. */
export const ticketingBoards = pgTable("ticketing_boards", {
  id: integer("id").primaryKey().generatedByDefaultAsIdentity({ startWith: 100 }),
  name: text("name").notNull(),
  builtIn: boolean("built_in").notNull().default(false),
  filters: jsonb("filters").notNull(),
  columns: jsonb("columns").notNull(),
  sortField: text("sort_field").notNull().default("id"),
  sortDirection: text("sort_direction").notNull().default("DESC"),
  createdByUserId: integer("created_by_user_id"),
  createdAt: ts("created_at").notNull().defaultNow(),
  updatedAt: ts("updated_at").notNull().defaultNow(),
});
