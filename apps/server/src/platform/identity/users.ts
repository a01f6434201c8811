import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../db/database.js";
import { hashPassword } from "../crypto/index.js";
import { users } from "./identity.tables.js";

export interface NewAdmin {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

export async function findUserByEmail(db: Db, email: string) {
  const rows = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()))
    .limit(1);
  return rows[0];
}

export async function countSystemAdmins(db: Db, options: { activeOnly?: boolean } = {}): Promise<number> {
  const where = options.activeOnly
    ? and(eq(users.isSystemAdmin, true), eq(users.status, "ACTIVE"))
    : eq(users.isSystemAdmin, true);
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(where);
  return row?.n ?? 0;
}

/** Creates an active system administrator (setup page, CLI, environment seed). */
export async function insertSystemAdmin(db: Db, admin: NewAdmin): Promise<{ id: number }> {
  const [row] = await db
    .insert(users)
    .values({
      email: admin.email.trim().toLowerCase(),
      firstName: admin.firstName,
      lastName: admin.lastName,
      passwordHash: await hashPassword(admin.password),
      isSystemAdmin: true,
      status: "ACTIVE",
    })
    .returning({ id: users.id });
  if (!row) throw new Error("could not create the administrator");
  return row;
}
