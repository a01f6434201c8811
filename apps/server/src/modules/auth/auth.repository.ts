import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "../../platform/db/database.js";
import { mfaFactors, mfaRecoveryCodes, users } from "../../platform/identity/index.js";

/** Every query of the sign-in and MFA flows. */
export function createAuthRepository(db: Db) {
  return {
    /** A password was proven: the last sign-in time (attempt counters live in auth_throttle). */
    async recordLoginSuccess(userId: number) {
      await db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, userId));
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

    /**
     * Replaces any unconfirmed TOTP factor with a new one holding the secret, sealed for the new
     * row's id (written in the same transaction right after the row exists).
     */
    async startTotpEnrollment(userId: number, sealSecret: (factorId: number) => string) {
      await db.transaction(async (tx) => {
        await tx
          .delete(mfaFactors)
          .where(
            and(eq(mfaFactors.userId, userId), eq(mfaFactors.type, "TOTP"), isNull(mfaFactors.confirmedAt)),
          );
        const [row] = await tx
          .insert(mfaFactors)
          .values({ userId, type: "TOTP", name: "Authenticator app" })
          .returning({ id: mfaFactors.id });
        if (!row) throw new Error("factor insert returned no row");
        await tx
          .update(mfaFactors)
          .set({ secretEncrypted: sealSecret(row.id) })
          .where(eq(mfaFactors.id, row.id));
      });
    },

    /** Writes a factor's secret sealed anew (values from the old format move to the new one). */
    async resealFactorSecret(factorId: number, secretEncrypted: string) {
      await db.update(mfaFactors).set({ secretEncrypted }).where(eq(mfaFactors.id, factorId));
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

    /** The user's unused recovery codes (their hashes), compared by the caller. */
    async unusedRecoveryCodes(userId: number) {
      return db
        .select({ id: mfaRecoveryCodes.id, codeHash: mfaRecoveryCodes.codeHash })
        .from(mfaRecoveryCodes)
        .where(and(eq(mfaRecoveryCodes.userId, userId), isNull(mfaRecoveryCodes.usedAt)));
    },

    /** Uses a recovery code once: of parallel uses of the same code exactly one wins. */
    async consumeRecoveryCode(codeId: number): Promise<boolean> {
      const rows = await db
        .update(mfaRecoveryCodes)
        .set({ usedAt: new Date() })
        .where(and(eq(mfaRecoveryCodes.id, codeId), isNull(mfaRecoveryCodes.usedAt)))
        .returning({ id: mfaRecoveryCodes.id });
      return rows.length === 1;
    },
  };
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;
