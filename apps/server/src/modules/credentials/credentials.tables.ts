import { sql } from "drizzle-orm";
import { boolean, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "../../platform/identity/identity.tables.js";
import { organizations } from "../organizations/organizations.tables.js";

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/**
 * An organization's stored credentials (run-as). The secret is sealed with the server's
 * secret box (AES-256-GCM) before it is written; nothing answers or logs it.
 */
export const credentials = pgTable(
  "credentials",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    organizationId: integer("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** WINDOWS_LOCAL_ADMIN | WINDOWS_DOMAIN_ADMIN | MAC | LINUX | OTHER */
    type: text("type").notNull(),
    username: text("username").notNull(),
    secretSealed: text("secret_sealed").notNull(),
    description: text("description").notNull().default(""),
    preferred: boolean("preferred").notNull().default(false),
    createdByUserId: integer("created_by_user_id").references(() => users.id, { onDelete: "set null" }),
    updatedByUserId: integer("updated_by_user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("credentials_org_name_key").on(t.organizationId, sql`lower(${t.name})`),
    // At most one preferred credential per organization and type.
    uniqueIndex("credentials_preferred_key")
      .on(t.organizationId, t.type)
      .where(sql`${t.preferred}`),
  ],
);
