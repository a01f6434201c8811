import { and, asc, eq, gt, sql } from "drizzle-orm";
import type { Db } from "../../platform/db/database.js";
import { mfaFactors, mfaRecoveryCodes, users } from "../../platform/identity/index.js";

const columns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  phone: users.phone,
  isSystemAdmin: users.isSystemAdmin,
  status: users.status,
  inviteExpiresAt: users.inviteExpiresAt,
  lastLoginAt: users.lastLoginAt,
  createdAt: users.createdAt,
  // Spelled out: inside a subquery Drizzle would render users.id unqualified, i.e. as f.id.
  mfaEnrolled: sql<boolean>`exists (select 1 from mfa_factors f where f.user_id = "users"."id" and f.confirmed_at is not null)`,
};

export type TechnicianRow = {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  phone: string | null;
  isSystemAdmin: boolean;
  status: string;
  inviteExpiresAt: Date | null;
  lastLoginAt: Date | null;
  createdAt: Date;
  mfaEnrolled: boolean;
};

/** Every query on technicians (the users table rows of kind technician / system administrator). */
export function createTechniciansRepository(db: Db) {
  return {
    async list(): Promise<TechnicianRow[]> {
      return db.select(columns).from(users).orderBy(asc(users.lastName), asc(users.firstName), asc(users.id));
    },
    /** Whether the user has set a password (an invited technician has not yet). */
    async hasPassword(id: number): Promise<boolean> {
      const rows = await db
        .select({ passwordHash: users.passwordHash })
        .from(users)
        .where(eq(users.id, id))
        .limit(1);
      return Boolean(rows[0]?.passwordHash);
    },
    async byId(id: number): Promise<TechnicianRow | undefined> {
      const rows = await db.select(columns).from(users).where(eq(users.id, id)).limit(1);
      return rows[0];
    },
    async emailTaken(email: string): Promise<boolean> {
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
        .limit(1);
      return rows.length > 0;
    },
    async insertInvited(values: {
      email: string;
      firstName: string;
      lastName: string;
      phone: string | null;
      isSystemAdmin: boolean;
      inviteTokenHash: string;
      inviteExpiresAt: Date;
      invitedByUserId: number;
    }): Promise<number> {
      const [row] = await db
        .insert(users)
        .values({ ...values, status: "INVITED" })
        .returning({ id: users.id });
      if (!row) throw new Error("insert failed");
      return row.id;
    },
    async update(id: number, values: Partial<typeof users.$inferInsert>) {
      await db
        .update(users)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(users.id, id));
    },
    async remove(id: number) {
      await db.delete(users).where(eq(users.id, id));
    },
    async byValidInvite(tokenHash: string, now: Date) {
      const rows = await db
        .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
        .from(users)
        .where(
          and(
            eq(users.inviteTokenHash, tokenHash),
            eq(users.status, "INVITED"),
            gt(users.inviteExpiresAt, now),
          ),
        )
        .limit(1);
      return rows[0];
    },
    /** Sets the password once: the invite must still be valid at the moment of the write. */
    async acceptInvite(tokenHash: string, passwordHash: string, now: Date): Promise<number | undefined> {
      const rows = await db
        .update(users)
        .set({ passwordHash, status: "ACTIVE", inviteTokenHash: null, inviteExpiresAt: null, updatedAt: now })
        .where(
          and(
            eq(users.inviteTokenHash, tokenHash),
            eq(users.status, "INVITED"),
            gt(users.inviteExpiresAt, now),
          ),
        )
        .returning({ id: users.id });
      return rows[0]?.id;
    },
    async resetMfa(id: number) {
      await db.transaction(async (tx) => {
        await tx.delete(mfaFactors).where(eq(mfaFactors.userId, id));
        await tx.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, id));
      });
    },
    async activeAdminCount(): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(users)
        .where(and(eq(users.isSystemAdmin, true), eq(users.status, "ACTIVE")));
      return row?.n ?? 0;
    },
  };
}

export type TechniciansRepository = ReturnType<typeof createTechniciansRepository>;
