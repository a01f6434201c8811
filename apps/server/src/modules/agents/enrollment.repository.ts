import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../platform/db/database.js";
import { inScope, type Scope } from "../../platform/identity/index.js";
import { locations, organizations } from "../organizations/organizations.tables.js";
import { enrollmentTokens } from "./agents.tables.js";

export type EnrollmentTokenRow = typeof enrollmentTokens.$inferSelect;

/**
 * Enrollment-token queries. Reads and changes take a scope: the console passes the caller's, the
 * agent's enroll call (which proves itself with the token) passes systemScope.
 */
export function createEnrollmentRepository(db: Db) {
  return {
    async insert(values: typeof enrollmentTokens.$inferInsert): Promise<EnrollmentTokenRow> {
      const [row] = await db.insert(enrollmentTokens).values(values).returning();
      if (!row) throw new Error("insert failed");
      return row;
    },
    async byHash(scope: Scope, tokenHash: string): Promise<EnrollmentTokenRow | undefined> {
      const rows = await db
        .select()
        .from(enrollmentTokens)
        .where(
          and(eq(enrollmentTokens.tokenHash, tokenHash), inScope(scope, enrollmentTokens.organizationId)),
        )
        .limit(1);
      return rows[0];
    },
    async byId(scope: Scope, id: number): Promise<EnrollmentTokenRow | undefined> {
      const rows = await db
        .select()
        .from(enrollmentTokens)
        .where(and(eq(enrollmentTokens.id, id), inScope(scope, enrollmentTokens.organizationId)))
        .limit(1);
      return rows[0];
    },
    /** The organization a location belongs to and its approval mode for new devices. */
    async placeOfLocation(
      locationId: number,
    ): Promise<{ organizationId: number; approvalMode: string } | undefined> {
      const rows = await db
        .select({ organizationId: locations.organizationId, approvalMode: organizations.nodeApprovalMode })
        .from(locations)
        .innerJoin(organizations, eq(organizations.id, locations.organizationId))
        .where(eq(locations.id, locationId))
        .limit(1);
      return rows[0];
    },
    /** Whether the organization exists inside the scope (tokens are listed and made only there). */
    async organizationInScope(scope: Scope, organizationId: number): Promise<boolean> {
      const rows = await db
        .select({ id: organizations.id })
        .from(organizations)
        .where(and(eq(organizations.id, organizationId), inScope(scope, organizations.id)));
      return rows.length > 0;
    },
    async listForOrganization(scope: Scope, organizationId: number): Promise<EnrollmentTokenRow[]> {
      return db
        .select()
        .from(enrollmentTokens)
        .where(
          and(
            eq(enrollmentTokens.organizationId, organizationId),
            inScope(scope, enrollmentTokens.organizationId),
          ),
        )
        .orderBy(desc(enrollmentTokens.createdAt), desc(enrollmentTokens.id));
    },
    /** Counts one use, atomically refusing when revoked, expired or used up. */
    async claimUse(scope: Scope, id: number, now: Date): Promise<boolean> {
      const rows = await db
        .update(enrollmentTokens)
        .set({ useCount: sql`${enrollmentTokens.useCount} + 1`, lastUsedAt: now })
        .where(
          and(
            eq(enrollmentTokens.id, id),
            inScope(scope, enrollmentTokens.organizationId),
            sql`${enrollmentTokens.revokedAt} is null`,
            sql`${enrollmentTokens.expiresAt} > ${now}`,
            sql`(${enrollmentTokens.maxUses} is null or ${enrollmentTokens.useCount} < ${enrollmentTokens.maxUses})`,
          ),
        )
        .returning({ id: enrollmentTokens.id });
      return rows.length === 1;
    },
    async revoke(scope: Scope, id: number, now: Date): Promise<void> {
      await db
        .update(enrollmentTokens)
        .set({ revokedAt: now })
        .where(
          and(
            eq(enrollmentTokens.id, id),
            inScope(scope, enrollmentTokens.organizationId),
            sql`${enrollmentTokens.revokedAt} is null`,
          ),
        );
    },
  };
}

export type EnrollmentRepository = ReturnType<typeof createEnrollmentRepository>;
