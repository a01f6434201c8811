import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "../../platform/db/database.js";
import { mfaFactors, mfaRecoveryCodes, users } from "../../platform/identity/index.js";

/** Every query of the sign-in and MFA flows. */
export function createAuthRepository(db: Db) {
  return {
    async userById(id: number) {
      const rows = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return rows[0];
    },

    async recordLoginFailure(userId: number, lockedUntil: (failures: number) => Date | null) {
      const [row] = await db
        .update(users)
        .set({ loginFailedCount: sql`${users.loginFailedCount} + 1` })
        .where(eq(users.id, userId))
        .returning({ failures: users.loginFailedCount });
      const until = row ? lockedUntil(row.failures) : null;
      if (until) await db.update(users).set({ loginLockedUntil: until }).where(eq(users.id, userId));
    },

    async recordLoginSuccess(userId: number) {
      await db
        .update(users)
        .set({ loginFailedCount: 0, loginLockedUntil: null, lastLoginAt: new Date() })
        .where(eq(users.id, userId));
    },

    async recordMfaFailure(userId: number, lockedUntil: (failures: number) => Date | null) {
      const [row] = await db
        .update(users)
        .set({ mfaFailedCount: sql`${users.mfaFailedCount} + 1` })
        .where(eq(users.id, userId))
        .returning({ failures: users.mfaFailedCount });
      const until = row ? lockedUntil(row.failures) : null;
      if (until) await db.update(users).set({ mfaLockedUntil: until }).where(eq(users.id, userId));
    },

    async recordMfaSuccess(userId: number) {
      await db.update(users).set({ mfaFailedCount: 0, mfaLockedUntil: null }).where(eq(users.id, userId));
    },

    async confirmedTotp(userId: number) {
      const rows = await db
        .select()
        .from(mfaFactors)
        .where(
          and(
            eq(mfaFactors.userId, userId),
            eq(mfaFactors.type, "TOTP"),
            sql`${mfaFactors.confirmedAt} is not null`,
          ),
        )
        .limit(1);
      return rows[0];
    },

    async pendingTotp(userId: number) {
      const rows = await db
        .select()
        .from(mfaFactors)
        .where(
          and(eq(mfaFactors.userId, userId), eq(mfaFactors.type, "TOTP"), isNull(mfaFactors.confirmedAt)),
        )
        .limit(1);
      return rows[0];
    },

    /** Replaces any unconfirmed TOTP factor with a new one holding the sealed secret. */
    async startTotpEnrollment(userId: number, secretEncrypted: string) {
      await db.transaction(async (tx) => {
        await tx
          .delete(mfaFactors)
          .where(
            and(eq(mfaFactors.userId, userId), eq(mfaFactors.type, "TOTP"), isNull(mfaFactors.confirmedAt)),
          );
        await tx
          .insert(mfaFactors)
          .values({ userId, type: "TOTP", name: "Authenticator app", secretEncrypted });
      });
    },

    /**
     * Accepts a TOTP step for a factor at most once: the conditional update is atomic, so of
     * two parallel requests with the same code exactly one wins. Confirms the factor if pending.
     */
    async consumeTotpStep(factorId: number, step: number): Promise<boolean> {
      const rows = await db
        .update(mfaFactors)
        .set({ lastUsedStep: step, confirmedAt: sql`coalesce(${mfaFactors.confirmedAt}, now())` })
        .where(
          and(
            eq(mfaFactors.id, factorId),
            or(isNull(mfaFactors.lastUsedStep), lt(mfaFactors.lastUsedStep, step)),
          ),
        )
        .returning({ id: mfaFactors.id });
      return rows.length === 1;
    },

    async replaceRecoveryCodes(userId: number, codeHashes: string[]) {
      await db.transaction(async (tx) => {
        await tx.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
        await tx.insert(mfaRecoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
      });
    },

    /** Uses a recovery code once; true if it was valid and unused. */
    async consumeRecoveryCode(userId: number, codeHash: string): Promise<boolean> {
      const rows = await db
        .update(mfaRecoveryCodes)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(mfaRecoveryCodes.userId, userId),
            eq(mfaRecoveryCodes.codeHash, codeHash),
            isNull(mfaRecoveryCodes.usedAt),
          ),
        )
        .returning({ id: mfaRecoveryCodes.id });
      return rows.length === 1;
    },
  };
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;
