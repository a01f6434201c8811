import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

export const demoRequests = pgTable("demo_requests", {
  id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
  product: text("product").notNull(),
  userName: text("user_name").notNull(),
  userEmail: text("user_email").notNull(),
  requestedByUserId: integer("requested_by_user_id"),
  createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
});
