import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "../../platform/identity/identity.tables.js";

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/**
 * The script library (/administration/library/scripting). parameters and presets are the
 * contract's shapes (typed parameter definitions; named sets of values), checked on save.
 */
export const scripts = pgTable(
  "scripts",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    /** bash | sh | powershell | batch | python */
    language: text("language").notNull(),
    /** WINDOWS | MAC | LINUX | ANY */
    os: text("os").notNull(),
    /** ALL | X64 | X86 | ARM64 */
    architecture: text("architecture").notNull().default("ALL"),
    timeoutSeconds: integer("timeout_seconds").notNull().default(600),
    parameters: jsonb("parameters").notNull().default([]),
    presets: jsonb("presets").notNull().default([]),
    body: text("body").notNull(),
    /** The built-in template it was copied from. */
    templateId: text("template_id"),
    createdByUserId: integer("created_by_user_id").references(() => users.id, { onDelete: "set null" }),
    updatedByUserId: integer("updated_by_user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("scripts_name_key").on(sql`lower(${t.name})`),
    index("scripts_language_os_idx").on(t.language, t.os),
  ],
);
