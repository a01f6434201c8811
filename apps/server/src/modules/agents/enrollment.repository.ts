import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../platform/db/database.js";
import { enrollmentTokens } from "./agents.tables.js";

export type EnrollmentTokenRow = typeof enrollmentTokens.$inferSelect;

export function createEnrollmentRepository(db: Db) {
  return {
    async insert(values: typeof enrollmentTokens.$inferInsert): Promise<EnrollmentTokenRow> {
      const [row] = await db.insert(enrollmentTokens).values(values).returning();
      if (!row) throw new Error("insert failed");
      return row;
    },
    async byHash(tokenHash: string): Promise<EnrollmentTokenRow | undefined> {
      const rows = await db
        .select()
        .from(enrollmentTokens)
        .where(eq(enrollmentTokens.tokenHash, tokenHash))
        .limit(1);
      return rows[0];
    },
    async byId(id: number): Promise<EnrollmentTokenRow | undefined> {
      const rows = await db.select().from(enrollmentTokens).where(eq(enrollmentTokens.id, id)).limit(1);
      return rows[0];
    },
    async listForOrganization(organizationId: number): Promise<EnrollmentTokenRow[]> {
      return db
        .select()
        .from(enrollmentTokens)
        .where(eq(enrollmentTokens.organizationId, organizationId))
        .orderBy(desc(enrollmentTokens.createdAt), desc(enrollmentTokens.id));
    },
    /** Counts one use, atomically refusing when revoked, expired or used up. */
    async claimUse(id: number, now: Date): Promise<boolean> {
      const rows = await db
        .update(enrollmentTokens)
        .set({ useCount: sql`${enrollmentTokens.useCount} + 1`, lastUsedAt: now })
        .where(
          and(
            eq(enrollmentTokens.id, id),
            sql`${enrollmentTokens.revokedAt} is null`,
            sql`${enrollmentTokens.expiresAt} > ${now}`,
            sql`(${enrollmentTokens.maxUses} is null or ${enrollmentTokens.useCount} < ${enrollmentTokens.maxUses})`,
          ),
        )
        .returning({ id: enrollmentTokens.id });
      return rows.length === 1;
    },
    async revoke(id: number, now: Date): Promise<void> {
      await db
        .update(enrollmentTokens)
        .set({ revokedAt: now })
        .where(and(eq(enrollmentTokens.id, id), sql`${enrollmentTokens.revokedAt} is null`));
    },
  };
}
