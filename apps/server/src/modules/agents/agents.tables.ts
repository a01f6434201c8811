import { index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { locations, organizations } from "../organizations/organizations.tables.js";

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/** Tokens an agent presents once to enroll: scoped to a location, expiring, counted, revocable. */
export const enrollmentTokens = pgTable(
  "enrollment_tokens",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    organizationId: integer("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    locationId: integer("location_id")
      .notNull()
      .references(() => locations.id, { onDelete: "cascade" }),
    name: text("name").notNull().default(""),
    tokenHash: text("token_hash").notNull(),
    /** The token sealed with the server key, so the install command can be shown again. */
    tokenSealed: text("token_sealed").notNull(),
    expiresAt: ts("expires_at").notNull(),
    maxUses: integer("max_uses"),
    useCount: integer("use_count").notNull().default(0),
    revokedAt: ts("revoked_at"),
    lastUsedAt: ts("last_used_at"),
    createdByUserId: integer("created_by_user_id"),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("enrollment_tokens_hash_key").on(t.tokenHash),
    index("enrollment_tokens_org_idx").on(t.organizationId),
  ],
);
