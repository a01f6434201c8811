import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "../../platform/identity/identity.tables.js";

/** The hashes of a user's earlier passwords, newest last, so a recent one is not chosen again. */
export const passwordHistory = pgTable(
  "password_history",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    passwordHash: text("password_hash").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [index("password_history_user_idx").on(t.userId, t.id)],
);
