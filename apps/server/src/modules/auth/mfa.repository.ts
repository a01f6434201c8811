import { and, count, desc, eq, gt, isNotNull, isNull, sql } from "drizzle-orm";
import type { Db } from "../../platform/db/database.js";
import { mfaFactors, mfaRecoveryCodes, userTechnicianRoles } from "../../platform/identity/index.js";
import { mfaChallenges, mfaProviders, mfaSmsSends, roleMfaRequirements } from "./mfa.tables.js";

export type ChallengeKind = "U2F_REGISTER" | "U2F_SIGN_IN" | "SMS_ENROLL" | "SMS_SIGN_IN" | "DUO";
export type ChallengeRow = typeof mfaChallenges.$inferSelect;
export type FactorRow = typeof mfaFactors.$inferSelect;

/** Queries of the second factors beyond TOTP: factors, open ceremonies, SMS sends, providers. */
export function createMfaRepository(db: Db) {
  return {
    async confirmedFactors(userId: number, type?: string): Promise<FactorRow[]> {
      return db
        .select()
        .from(mfaFactors)
        .where(
          and(
            eq(mfaFactors.userId, userId),
            isNotNull(mfaFactors.confirmedAt),
            type ? eq(mfaFactors.type, type) : undefined,
          ),
        )
        .orderBy(mfaFactors.id);
    },

    async factor(userId: number, factorId: number): Promise<FactorRow | undefined> {
      const [row] = await db
        .select()
        .from(mfaFactors)
        .where(and(eq(mfaFactors.id, factorId), eq(mfaFactors.userId, userId)));
      return row;
    },

    async insertFactor(
      userId: number,
      type: string,
      name: string,
      data: Record<string, unknown>,
    ): Promise<number> {
      const [row] = await db
        .insert(mfaFactors)
        .values({ userId, type, name, data, confirmedAt: new Date() })
        .returning({ id: mfaFactors.id });
      if (!row) throw new Error("factor insert returned no row");
      return row.id;
    },

    async updateFactorData(factorId: number, data: Record<string, unknown>) {
      await db.update(mfaFactors).set({ data }).where(eq(mfaFactors.id, factorId));
    },

    async deleteFactor(userId: number, factorId: number): Promise<boolean> {
      const rows = await db
        .delete(mfaFactors)
        .where(and(eq(mfaFactors.id, factorId), eq(mfaFactors.userId, userId)))
        .returning({ id: mfaFactors.id });
      return rows.length === 1;
    },

    /** Removes every factor, recovery code and open ceremony of a user (an administrator's reset). */
    async resetFactors(userId: number): Promise<number> {
      return db.transaction(async (tx) => {
        const removed = await tx
          .delete(mfaFactors)
          .where(eq(mfaFactors.userId, userId))
          .returning({ id: mfaFactors.id });
        await tx.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
        await tx.delete(mfaChallenges).where(eq(mfaChallenges.userId, userId));
        return removed.length;
      });
    },

    async hasRecoveryCodes(userId: number): Promise<boolean> {
      const [row] = await db
        .select({ n: count() })
        .from(mfaRecoveryCodes)
        .where(eq(mfaRecoveryCodes.userId, userId));
      return (row?.n ?? 0) > 0;
    },

    /** Opens a ceremony; an earlier open one of the same kind for the session is closed. */
    async openChallenge(
      values: Omit<typeof mfaChallenges.$inferInsert, "id" | "createdAt">,
    ): Promise<ChallengeRow> {
      return db.transaction(async (tx) => {
        await tx
          .update(mfaChallenges)
          .set({ consumedAt: new Date() })
          .where(
            and(
              eq(mfaChallenges.sessionHash, values.sessionHash),
              eq(mfaChallenges.kind, values.kind),
              isNull(mfaChallenges.consumedAt),
            ),
          );
        const [row] = await tx.insert(mfaChallenges).values(values).returning();
        if (!row) throw new Error("challenge insert returned no row");
        return row;
      });
    },

    /** The session's newest open, unexpired ceremony of a kind. */
    async openChallengeOf(sessionHash: string, kind: ChallengeKind): Promise<ChallengeRow | undefined> {
      const [row] = await db
        .select()
        .from(mfaChallenges)
        .where(
          and(
            eq(mfaChallenges.sessionHash, sessionHash),
            eq(mfaChallenges.kind, kind),
            isNull(mfaChallenges.consumedAt),
            gt(mfaChallenges.expiresAt, new Date()),
          ),
        )
        .orderBy(desc(mfaChallenges.id))
        .limit(1);
      return row;
    },

    async challengeByState(stateHash: string): Promise<ChallengeRow | undefined> {
      const [row] = await db
        .select()
        .from(mfaChallenges)
        .where(and(eq(mfaChallenges.kind, "DUO"), eq(mfaChallenges.challenge, stateHash)))
        .limit(1);
      return row;
    },

    /** Closes a ceremony; of parallel attempts exactly one wins. */
    async consumeChallenge(id: number): Promise<boolean> {
      const rows = await db
        .update(mfaChallenges)
        .set({ consumedAt: new Date() })
        .where(and(eq(mfaChallenges.id, id), isNull(mfaChallenges.consumedAt)))
        .returning({ id: mfaChallenges.id });
      return rows.length === 1;
    },

    /** Counts one wrong code against a ceremony; returns the attempts made. */
    async countAttempt(id: number): Promise<number> {
      const [row] = await db
        .update(mfaChallenges)
        .set({ attempts: sql`${mfaChallenges.attempts} + 1` })
        .where(eq(mfaChallenges.id, id))
        .returning({ attempts: mfaChallenges.attempts });
      return row?.attempts ?? 0;
    },

    async recordResend(id: number, codeHash: string, expiresAt: Date) {
      await db
        .update(mfaChallenges)
        .set({
          codeHash,
          expiresAt,
          attempts: 0,
          sends: sql`${mfaChallenges.sends} + 1`,
          lastSentAt: new Date(),
        })
        .where(eq(mfaChallenges.id, id));
    },

    async smsSendsSince(since: Date, by: { userId: number } | { phoneHash: string }): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(mfaSmsSends)
        .where(
          and(
            gt(mfaSmsSends.sentAt, since),
            "userId" in by ? eq(mfaSmsSends.userId, by.userId) : eq(mfaSmsSends.phoneHash, by.phoneHash),
          ),
        );
      return row?.n ?? 0;
    },

    async recordSmsSend(userId: number, phoneHash: string) {
      await db.insert(mfaSmsSends).values({ userId, phoneHash });
    },

    async provider(kind: "SMS" | "DUO") {
      const [row] = await db.select().from(mfaProviders).where(eq(mfaProviders.kind, kind));
      return row;
    },

    async saveProvider(
      kind: "SMS" | "DUO",
      config: Record<string, string>,
      secretEncrypted: string | null | undefined,
    ) {
      const set = {
        config,
        updatedAt: new Date(),
        ...(secretEncrypted !== undefined ? { secretEncrypted } : {}),
      };
      await db
        .insert(mfaProviders)
        .values({ kind, config, secretEncrypted: secretEncrypted ?? null })
        .onConflictDoUpdate({ target: mfaProviders.kind, set });
    },

    async roleRequirements(roleId: number): Promise<string[]> {
      const [row] = await db
        .select({ factors: roleMfaRequirements.factors })
        .from(roleMfaRequirements)
        .where(eq(roleMfaRequirements.roleId, roleId));
      return row?.factors ?? [];
    },

    async setRoleRequirements(roleId: number, factors: string[]) {
      await db
        .insert(roleMfaRequirements)
        .values({ roleId, factors })
        .onConflictDoUpdate({ target: roleMfaRequirements.roleId, set: { factors } });
    },

    /** Per role the user holds, the factor types it requires (roles without requirements left out). */
    requirementsOfUser: (userId: number) => roleRequirementsOfUser(db, userId),
  };
}

export type MfaRepository = ReturnType<typeof createMfaRepository>;

/** The factor types each of a user's roles requires (roles that require none are left out). */
export async function roleRequirementsOfUser(db: Db, userId: number): Promise<string[][]> {
  const rows = await db
    .select({ factors: roleMfaRequirements.factors })
    .from(roleMfaRequirements)
    .innerJoin(userTechnicianRoles, eq(userTechnicianRoles.roleId, roleMfaRequirements.roleId))
    .where(eq(userTechnicianRoles.userId, userId));
  return rows.map((r) => r.factors).filter((f) => f.length > 0);
}
