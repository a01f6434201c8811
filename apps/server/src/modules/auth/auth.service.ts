import { randomBytes } from "node:crypto";
import { lockoutSeconds } from "@steward/domain";
import type { LoginRequest, MfaVerifyRequest, SessionResponse, SetupRequest } from "@steward/contracts";
import { sql } from "drizzle-orm";
import { AppError, notFound } from "../../platform/errors/app-error.js";
import type { AppDeps } from "../../platform/deps.js";
import {
  burnPasswordTime,
  matchTotpStep,
  base32Decode,
  newTotpSecret,
  otpauthUrl,
  base32Encode,
  sha256,
  verifyPassword,
} from "../../platform/crypto/index.js";
import {
  confirmedFactorTypes,
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
} from "../../platform/identity/index.js";
import { createAuthRepository } from "./auth.repository.js";
import { presentSession } from "./auth.presenter.js";

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
  const policy = { idleSeconds: config.sessionIdleSeconds, absoluteSeconds: config.sessionAbsoluteSeconds };
  const now = () => new Date();
  const lockUntil = (failures: number) => {
    const seconds = lockoutSeconds(failures);
    return seconds > 0 ? new Date(Date.now() + seconds * 1000) : null;
  };

  async function viewOf(token: string): Promise<SessionResponse> {
    const found = await lookupSession(db, token, policy);
    if (found.kind !== "ok") throw new AppError("E_UNAUTHENTICATED", 401);
    return sessionResponseFor(found.session);
  }

  async function sessionResponseFor(session: ResolvedSession): Promise<SessionResponse> {
    return presentSession({
      user: session.user,
      permissions: await permissionsFor(db, session.user),
      csrfToken: session.csrfToken,
      mfaVerified: session.mfaVerified,
      factors: await confirmedFactorTypes(db, session.user.id),
      lastSeenAt: session.lastSeenAt,
      expiresAt: session.expiresAt,
      idleSeconds: policy.idleSeconds,
    });
  }

  async function issueSession(userId: number, meta: ClientMeta, mfaVerified = false): Promise<IssuedSession> {
    // A password was just proven (login, setup, accepted invite): that is a sign-in.
    if (!mfaVerified) await repo.recordLoginSuccess(userId);
    const created = await createSession(db, userId, policy, meta);
    if (mfaVerified) await markSessionMfaVerified(db, sha256(created.token));
    return { token: created.token, response: await viewOf(created.token) };
  }

  function assertNotLocked(until: Date | null) {
    if (until && until.getTime() > Date.now()) {
      const retryAfterSeconds = Math.ceil((until.getTime() - Date.now()) / 1000);
      throw new AppError(
        "E_LOCKED_OUT",
        429,
        `Too many failed attempts. Try again in ${retryAfterSeconds} seconds.`,
        { retryAfterSeconds },
      );
    }
  }

  async function mfaUser(session: ResolvedSession) {
    const user = await repo.userById(session.user.id);
    if (!user) throw new AppError("E_UNAUTHENTICATED", 401);
    assertNotLocked(user.mfaLockedUntil);
    return user;
  }

  /** A fresh session id after MFA (no fixation): the pre-MFA session is deleted. */
  async function completeMfa(session: ResolvedSession, meta: ClientMeta): Promise<IssuedSession> {
    await repo.recordMfaSuccess(session.user.id);
    await deleteSession(db, session.idHash);
    return issueSession(session.user.id, meta, true);
  }

  return {
    session: sessionResponseFor,

    async isSetupRequired(): Promise<boolean> {
      return (await countSystemAdmins(db)) === 0;
    },

    /** First run: creates the first system administrator, exactly once even under races. */
    async setup(input: SetupRequest, meta: ClientMeta): Promise<IssuedSession> {
      const created = await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(730145)`);
        if ((await countSystemAdmins(tx)) > 0) return null;
        return insertSystemAdmin(tx, input);
      });
      if (!created) throw notFound();
      if (input.companyName) await hooks.onSetup?.({ companyName: input.companyName });
      return issueSession(created.id, meta);
    },

    async login(input: LoginRequest, meta: ClientMeta): Promise<IssuedSession> {
      const user = await findUserByEmail(db, input.email);
      if (!user || !user.passwordHash || user.status === "INVITED") {
        await burnPasswordTime(input.password);
        throw new AppError("E_INVALID_CREDENTIALS", 401);
      }
      assertNotLocked(user.loginLockedUntil);
      if (!(await verifyPassword(user.passwordHash, input.password))) {
        await repo.recordLoginFailure(user.id, lockUntil);
        throw new AppError("E_INVALID_CREDENTIALS", 401);
      }
      if (user.status === "DISABLED") {
        throw new AppError("E_USER_DISABLED", 403, "This account is disabled. Ask a system administrator.");
      }
      return issueSession(user.id, meta);
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
      if (await repo.confirmedTotp(session.user.id))
        throw new AppError("E_MFA_ALREADY_ENROLLED", 409, "Multi-factor authentication is already set up");
      const secret = newTotpSecret();
      await repo.startTotpEnrollment(session.user.id, secretBox.seal(secret));
      return {
        secret,
        otpauthUrl: otpauthUrl(TOTP_ISSUER, session.user.email, secret),
        issuer: TOTP_ISSUER,
        accountName: session.user.email,
      };
    },

    /** Confirms enrollment with a first code; returns recovery codes (shown once) and a verified session. */
    async confirmTotp(session: ResolvedSession, code: string, meta: ClientMeta) {
      await mfaUser(session);
      if (await repo.confirmedTotp(session.user.id))
        throw new AppError("E_MFA_ALREADY_ENROLLED", 409, "Multi-factor authentication is already set up");
      const factor = await repo.pendingTotp(session.user.id);
      if (!factor?.secretEncrypted)
        throw new AppError("E_MFA_ENROLLMENT_NOT_STARTED", 409, "Start the authenticator setup first");
      const step = matchTotpStep(
        base32Decode(secretBox.open(factor.secretEncrypted)),
        code,
        Date.now() / 1000,
      );
      if (step === null || !(await repo.consumeTotpStep(factor.id, step))) {
        await repo.recordMfaFailure(session.user.id, lockUntil);
        throw new AppError("E_MFA_INVALID_CODE", 401);
      }
      const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
      await repo.replaceRecoveryCodes(session.user.id, recoveryCodes.map(hashRecoveryCode));
      const issued = await completeMfa(session, meta);
      return { ...issued, recoveryCodes };
    },

    async verifyMfa(
      session: ResolvedSession,
      input: MfaVerifyRequest,
      meta: ClientMeta,
    ): Promise<IssuedSession> {
      await mfaUser(session);
      const factor = await repo.confirmedTotp(session.user.id);
      if (!factor?.secretEncrypted)
        throw new AppError("E_MFA_NOT_ENROLLED", 409, "Set up multi-factor authentication first");
      let ok: boolean;
      if ("code" in input) {
        const step = matchTotpStep(
          base32Decode(secretBox.open(factor.secretEncrypted)),
          input.code,
          Date.now() / 1000,
        );
        ok = step !== null && (await repo.consumeTotpStep(factor.id, step));
      } else {
        ok = await repo.consumeRecoveryCode(session.user.id, hashRecoveryCode(input.recoveryCode));
      }
      if (!ok) {
        await repo.recordMfaFailure(session.user.id, lockUntil);
        throw new AppError("E_MFA_INVALID_CODE", 401);
      }
      return completeMfa(session, meta);
    },

    /** For flows outside this module (accepting an invite) that start a session. */
    issueSession,
  };
}

export interface AuthHooks {
  onSetup?: (input: { companyName: string }) => Promise<void>;
}

export type AuthService = ReturnType<typeof createAuthService>;

function newRecoveryCode(): string {
  // 50 bits of base32: typed by hand from paper, so no ambiguous punctuation.
  const raw = base32Encode(randomBytes(7)).toLowerCase().slice(0, 10);
  return `${raw.slice(0, 5)}-${raw.slice(5, 10)}`;
}

export function hashRecoveryCode(code: string): string {
  return sha256(
    code
      .trim()
      .toLowerCase()
      .replace(/[^a-z0-9]/g, ""),
  );
}
