import { randomBytes } from "node:crypto";
import type {
  LoginRequest,
  MfaVerifyRequest,
  SessionResponse,
  SetupRequest,
  UserPreferences,
} from "@steward/contracts";
import { sql } from "drizzle-orm";
import { AppError, notFound } from "../../platform/errors/app-error.js";
import type { AppDeps } from "../../platform/deps.js";
import {
  burnPasswordTime,
  prepareDummyHash,
  matchTotpStep,
  base32Decode,
  newTotpSecret,
  otpauthUrl,
  base32Encode,
  safeEqual,
  sha256,
  verifyPassword,
  type SecretBox,
} from "../../platform/crypto/index.js";
import {
  auditAs,
  countSystemAdmins,
  createSession,
  deleteSession,
  findUserByEmail,
  insertSystemAdmin,
  lookupSession,
  markSessionMfaVerified,
  permissionsFor,
  touchSession,
  type ResolvedSession,
  type SessionPolicy,
} from "../../platform/identity/index.js";
import { throttleAddress } from "../../platform/http/client-address.js";
import { createAuthRepository } from "./auth.repository.js";
import { createThrottle, throttleKey, type ThrottleKey } from "./auth.throttle.js";
import { presentSession } from "./auth.presenter.js";
import { factorStanding, usableFactorTypes, type AllowedFactorsSource } from "./mfa.policy.js";

export const TOTP_ISSUER = "Steward";
export const RECOVERY_CODE_COUNT = 10;

export interface ClientMeta {
  ip?: string | undefined;
  userAgent?: string | undefined;
}

export interface IssuedSession {
  token: string;
  response: SessionResponse;
}

/** Sign-in rules: first-run setup, password check with lockout, mandatory TOTP. */
export function createAuthService(deps: Pick<AppDeps, "db" | "config" | "secretBox">, hooks: AuthHooks = {}) {
  const { db, config, secretBox } = deps;
  const repo = createAuthRepository(db);
  const throttle = createThrottle(db);
  void prepareDummyHash();
  const envPolicy = {
    idleSeconds: config.sessionIdleSeconds,
    absoluteSeconds: config.sessionAbsoluteSeconds,
  };
  // The session limits in force (security settings over the environment's), asked each time.
  const sessionPolicy = hooks.sessionPolicy ?? (async () => envPolicy);
  const now = () => new Date();
  const actor = (meta: ClientMeta, user: { id: number; email: string } | null, label?: string) => ({
    actorUserId: user?.id ?? null,
    actorLabel: user?.email ?? label ?? null,
    ip: meta.ip ?? null,
  });

  async function viewOf(token: string): Promise<SessionResponse> {
    const found = await lookupSession(db, token, await sessionPolicy());
    if (found.kind !== "ok") throw new AppError("E_UNAUTHENTICATED", 401);
    return sessionResponseFor(found.session);
  }

  async function standingOf(userId: number) {
    const standing = await factorStanding(db, userId, hooks.allowedFactors);
    return { factors: standing.offered, mustEnroll: !standing.requirementMet };
  }

  async function sessionResponseFor(session: ResolvedSession): Promise<SessionResponse> {
    return presentSession({
      user: session.user,
      permissions: await permissionsFor(db, session.user),
      csrfToken: session.csrfToken,
      mfaVerified: session.mfaVerified,
      ...(await standingOf(session.user.id)),
      lastSeenAt: session.lastSeenAt,
      expiresAt: session.expiresAt,
      idleSeconds: (await sessionPolicy()).idleSeconds,
      ...(hooks.preferencesOf ? { preferences: await hooks.preferencesOf(session.user.id) } : {}),
    });
  }

  async function issueSession(userId: number, meta: ClientMeta, mfaVerified = false): Promise<IssuedSession> {
    // A password was just proven (login, setup, accepted invite): that is a sign-in.
    if (!mfaVerified) await repo.recordLoginSuccess(userId);
    const created = await createSession(db, userId, await sessionPolicy(), meta);
    if (mfaVerified) await markSessionMfaVerified(db, sha256(created.token));
    return { token: created.token, response: await viewOf(created.token) };
  }

  /** TOTP can be neither added nor used while the security settings do not allow it. */
  async function assertTotpAllowed() {
    if (hooks.allowedFactors && !(await hooks.allowedFactors()).includes("TOTP"))
      throw new AppError("E_MFA_FACTOR_NOT_ALLOWED", 403);
  }

  const mfaKey = (userId: number) => [throttleKey("mfa", userId)];

  /**
   * Counts a second-factor attempt before the code is checked; refuses it, unchecked, while
   * the user's codes are blocked.
   */
  async function claimMfaAttempt(session: ResolvedSession, meta: ClientMeta) {
    const verdict = await throttle.attempt(mfaKey(session.user.id));
    if (verdict.allowed) return;
    await auditAs(db, actor(meta, session.user), {
      action: "auth.mfa_locked",
      targetType: "user",
      targetId: session.user.id,
      outcome: "FAILURE",
      data: { retryAfterSeconds: verdict.retryAfterSeconds },
    });
    throw new AppError(
      "E_LOCKED_OUT",
      429,
      { id: "errors.auth.lockedOut", values: { seconds: verdict.retryAfterSeconds } },
      { retryAfterSeconds: verdict.retryAfterSeconds },
    );
  }

  async function mfaFailed(session: ResolvedSession, meta: ClientMeta, method: string): Promise<never> {
    await auditAs(db, actor(meta, session.user), {
      action: "auth.mfa_failed",
      targetType: "user",
      targetId: session.user.id,
      outcome: "FAILURE",
      data: { method },
    });
    throw new AppError("E_MFA_INVALID_CODE", 401);
  }

  /** A fresh session id after MFA (no fixation): the pre-MFA session is deleted. */
  async function completeMfa(session: ResolvedSession, meta: ClientMeta): Promise<IssuedSession> {
    await throttle.succeeded(mfaKey(session.user.id));
    await deleteSession(db, session.idHash);
    return issueSession(session.user.id, meta, true);
  }

  /** The throttle keys of a sign-in attempt; unknown emails get keys of their own, counted alike. */
  function loginKeys(email: string, userId: number | undefined, ip: string | undefined): ThrottleKey[] {
    const account =
      userId === undefined ? `email-${sha256(email.trim().toLowerCase()).slice(0, 24)}` : String(userId);
    const address = throttleAddress(ip);
    return [
      throttleKey("ip", address),
      throttleKey("account-ip", account, address),
      throttleKey("account", account),
    ];
  }

  return {
    session: sessionResponseFor,

    async isSetupRequired(): Promise<boolean> {
      return (await countSystemAdmins(db)) === 0;
    },

    /** First run: creates the first system administrator, exactly once even under races. */
    async setup(input: SetupRequest, meta: ClientMeta): Promise<IssuedSession> {
      await hooks.checkPassword?.(input.password, null);
      const created = await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(730145)`);
        if ((await countSystemAdmins(tx)) > 0) return null;
        return insertSystemAdmin(tx, input);
      });
      if (!created) throw notFound();
      if (input.companyName) await hooks.onSetup?.({ companyName: input.companyName });
      return issueSession(created.id, meta);
    },

    /**
     * The password step. Unknown email, wrong password, invited and disabled accounts answer
     * the same 401 after the same argon2 work; every attempt is counted before the password is
     * checked, and a blocked one answers 429 E_RATE_LIMITED without being checked, whether the
     * account exists or not.
     */
    async login(input: LoginRequest, meta: ClientMeta): Promise<IssuedSession> {
      const found = await findUserByEmail(db, input.email);
      const keys = loginKeys(input.email, found?.id, meta.ip);
      const verdict = await throttle.attempt(keys);
      if (!verdict.allowed) {
        await auditAs(db, actor(meta, null, input.email), {
          action: "auth.sign_in_throttled",
          targetType: "user",
          targetId: found?.id ?? null,
          outcome: "FAILURE",
          data: { email: input.email, retryAfterSeconds: verdict.retryAfterSeconds },
        });
        throw new AppError(
          "E_RATE_LIMITED",
          429,
          { id: "errors.auth.signInRateLimited", values: { seconds: verdict.retryAfterSeconds } },
          { retryAfterSeconds: verdict.retryAfterSeconds },
        );
      }
      const usable = found?.passwordHash && found.status !== "INVITED" ? found : undefined;
      const passwordOk = usable?.passwordHash
        ? await verifyPassword(usable.passwordHash, input.password)
        : (await burnPasswordTime(input.password), false);
      if (!usable || !passwordOk || usable.status !== "ACTIVE") {
        const reason = !found
          ? "unknown_account"
          : !usable
            ? "not_activated"
            : !passwordOk
              ? "wrong_password"
              : "disabled";
        await auditAs(db, actor(meta, null, input.email), {
          action: "auth.sign_in",
          targetType: "user",
          targetId: found?.id ?? null,
          outcome: "FAILURE",
          data: { email: input.email, reason },
        });
        throw new AppError("E_INVALID_CREDENTIALS", 401);
      }
      // The address's count is shared with other accounts: only this attempt is given back.
      await throttle.succeeded(keys.slice(1), keys.slice(0, 1));
      await auditAs(db, actor(meta, usable), {
        action: "auth.sign_in",
        targetType: "user",
        targetId: usable.id,
      });
      return issueSession(usable.id, meta);
    },

    async logout(session: ResolvedSession): Promise<void> {
      await deleteSession(db, session.idHash);
    },

    async keepAlive(session: ResolvedSession): Promise<SessionResponse> {
      await touchSession(db, session.idHash);
      return sessionResponseFor({ ...session, lastSeenAt: now() });
    },

    /** Starts (or restarts) TOTP enrollment; the secret is shown this once. */
    async enrollTotp(session: ResolvedSession) {
      await assertTotpAllowed();
      if (await repo.confirmedTotp(session.user.id)) throw new AppError("E_MFA_ALREADY_ENROLLED", 409);
      const secret = newTotpSecret();
      await repo.startTotpEnrollment(session.user.id, (factorId) =>
        secretBox.seal(secret, factorSecretContext(factorId)),
      );
      return {
        secret,
        otpauthUrl: otpauthUrl(TOTP_ISSUER, session.user.email, secret),
        issuer: TOTP_ISSUER,
        accountName: session.user.email,
      };
    },

    /** Confirms enrollment with a first code; returns recovery codes (shown once) and a verified session. */
    async confirmTotp(session: ResolvedSession, code: string, meta: ClientMeta) {
      if (await repo.confirmedTotp(session.user.id)) throw new AppError("E_MFA_ALREADY_ENROLLED", 409);
      await assertTotpAllowed();
      const factor = await repo.pendingTotp(session.user.id);
      if (!factor?.secretEncrypted) throw new AppError("E_MFA_ENROLLMENT_NOT_STARTED", 409);
      await claimMfaAttempt(session, meta);
      const step = matchTotpStep(
        base32Decode(secretBox.open(factor.secretEncrypted, factorSecretContext(factor.id))),
        code,
        Date.now() / 1000,
      );
      if (step === null || !(await repo.consumeTotpStep(factor.id, step)))
        return mfaFailed(session, meta, "totp");
      const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
      await repo.replaceRecoveryCodes(
        session.user.id,
        recoveryCodes.map((c) => hashRecoveryCode(secretBox, c)),
      );
      const issued = await completeMfa(session, meta);
      return { ...issued, recoveryCodes };
    },

    async verifyMfa(
      session: ResolvedSession,
      input: MfaVerifyRequest,
      meta: ClientMeta,
    ): Promise<IssuedSession> {
      const usable = await usableFactorTypes(db, session.user.id, hooks.allowedFactors);
      // A code for a type the console no longer allows: the user is to enroll an allowed one.
      if ("code" in input && !usable.includes("TOTP")) await assertTotpAllowed();
      if (usable.length === 0) throw new AppError("E_MFA_NOT_ENROLLED", 409);
      if ("code" in input) {
        const factor = usable.includes("TOTP") ? await repo.confirmedTotp(session.user.id) : undefined;
        if (!factor?.secretEncrypted) throw new AppError("E_MFA_NOT_ENROLLED", 409);
        await claimMfaAttempt(session, meta);
        const context = factorSecretContext(factor.id);
        const secret = secretBox.open(factor.secretEncrypted, context);
        const step = matchTotpStep(base32Decode(secret), input.code, Date.now() / 1000);
        if (step === null || !(await repo.consumeTotpStep(factor.id, step)))
          return mfaFailed(session, meta, "totp");
        // A secret sealed in the old format (bound to no row) is sealed anew for its row.
        if (secretBox.needsReseal(factor.secretEncrypted))
          await repo.resealFactorSecret(factor.id, secretBox.seal(secret, context));
        return completeMfa(session, meta);
      }
      await claimMfaAttempt(session, meta);
      const codes = await repo.unusedRecoveryCodes(session.user.id);
      const matched = matchRecoveryCode(secretBox, input.recoveryCode, codes);
      if (matched === undefined || !(await repo.consumeRecoveryCode(matched.id)))
        return mfaFailed(session, meta, "recovery_code");
      await auditAs(db, actor(meta, session.user), {
        action: "auth.recovery_code_used",
        targetType: "user",
        targetId: session.user.id,
        data: { remaining: codes.length - 1 },
      });
      return completeMfa(session, meta);
    },

    /** For flows outside this module (accepting an invite) that start a session. */
    issueSession,

    /** For the other factors' flows: counting, failing and completing a second-factor step. */
    claimMfaAttempt,
    mfaFailed,
    completeMfa,
    usableFactors: (userId: number) => usableFactorTypes(db, userId, hooks.allowedFactors),

    /** Issues a fresh set of recovery codes (shown once) replacing any earlier set. */
    async issueRecoveryCodes(userId: number): Promise<string[]> {
      const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
      await repo.replaceRecoveryCodes(
        userId,
        recoveryCodes.map((c) => hashRecoveryCode(secretBox, c)),
      );
      return recoveryCodes;
    },
  };
}

export interface AuthHooks {
  onSetup?: (input: { companyName: string }) => Promise<void>;
  /** The user's own console settings, for the session answer. */
  preferencesOf?: (userId: number) => Promise<UserPreferences>;
  /** The factor types the console allows (security settings); every type when absent. */
  allowedFactors?: AllowedFactorsSource;
  /** The session limits in force (security settings); the environment's when absent. */
  sessionPolicy?: () => Promise<SessionPolicy>;
  /** Refuses a new password the password policy does not allow (first-run setup). */
  checkPassword?: (password: string, userId: number | null) => Promise<void>;
}

export type AuthService = ReturnType<typeof createAuthService>;

/** Where a TOTP factor's secret is sealed for: its own row. */
export const factorSecretContext = (factorId: number) => `mfa_factors:${factorId}:secret`;

/** 80 random bits as 16 base32 characters in four groups: typed by hand from paper. */
export function newRecoveryCode(): string {
  const raw = base32Encode(randomBytes(10)).toLowerCase();
  return raw.match(/.{4}/g)!.join("-");
}

const normalizeRecoveryCode = (code: string) =>
  code
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "");

const RECOVERY_MAC_PREFIX = "hmac:";

/**
 * Recovery codes are stored as keyed hashes (HMAC-SHA256 under a key derived from the server
 * key), so a copy of the database alone does not allow testing guesses offline.
 */
export function hashRecoveryCode(box: Pick<SecretBox, "mac">, code: string): string {
  return RECOVERY_MAC_PREFIX + box.mac("recovery-code", normalizeRecoveryCode(code));
}

/**
 * The stored code a typed one matches, compared in constant time against every unused code.
 * Codes issued before keyed hashes (plain SHA-256 of the 10-character code) still match.
 */
export function matchRecoveryCode<T extends { codeHash: string }>(
  box: Pick<SecretBox, "mac">,
  typed: string,
  stored: T[],
): T | undefined {
  const keyed = hashRecoveryCode(box, typed);
  const legacy = sha256(normalizeRecoveryCode(typed));
  let found: T | undefined;
  for (const row of stored) {
    const candidate = row.codeHash.startsWith(RECOVERY_MAC_PREFIX) ? keyed : legacy;
    if (safeEqual(row.codeHash, candidate) && found === undefined) found = row;
  }
  return found;
}
