import { randomInt } from "node:crypto";
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransportFuture,
  type RegistrationResponseJSON,
} from "@simplewebauthn/server";
import type { MfaFactorSummary, MfaFactorType } from "@steward/contracts";
import { AppError } from "../../platform/errors/app-error.js";
import type { AppDeps } from "../../platform/deps.js";
import { randomToken, safeEqual } from "../../platform/crypto/index.js";
import {
  auditAs,
  confirmedFactorTypes,
  deleteUserSessions,
  type ResolvedSession,
} from "../../platform/identity/index.js";
import type { AuthService, ClientMeta, IssuedSession } from "./auth.service.js";
import type { ChallengeKind, ChallengeRow, FactorRow, MfaRepository } from "./mfa.repository.js";
import { maskPhone, normalizePhone, SmsSendError, twilioSmsProvider, type SmsProvider } from "./mfa.sms.js";
import { createDuoClient, DuoError, type DuoClient } from "./mfa.duo.js";
import { ALL_FACTOR_TYPES, allowEveryFactor, type AllowedFactorsSource } from "./mfa.policy.js";

/** How long a WebAuthn challenge or Duo redirect stays usable. */
export const CEREMONY_SECONDS = 300;
/** How long an SMS code is accepted. */
export const SMS_CODE_SECONDS = 300;
/** Wait before the same ceremony's code is sent again, and how often it may be. */
export const SMS_RESEND_AFTER_SECONDS = 30;
export const SMS_MAX_SENDS_PER_CODE = 3;
/** Codes sent per hour to one number and for one account, whatever the ceremony. */
export const SMS_PER_NUMBER_PER_HOUR = 5;
export const SMS_PER_ACCOUNT_PER_HOUR = 8;
/** Wrong codes a single SMS code tolerates before it is void. */
export const SMS_MAX_ATTEMPTS = 5;

export interface MfaServiceOptions {
  fetch?: typeof fetch;
  allowedFactors?: AllowedFactorsSource;
}

export interface Completed {
  issued: IssuedSession;
  recoveryCodes?: string[];
}

interface U2fData {
  credentialId: string;
  publicKey: string;
  counter: number;
  transports?: AuthenticatorTransportFuture[];
}

const providerSecretContext = (kind: "SMS" | "DUO") => `mfa_providers:${kind}:secret`;

/** Security keys (WebAuthn), SMS codes and Duo as second factors, beside TOTP and recovery codes. */
export function createMfaService(
  deps: Pick<AppDeps, "db" | "config" | "secretBox">,
  auth: AuthService,
  repo: MfaRepository,
  options: MfaServiceOptions = {},
) {
  const { db, config, secretBox } = deps;
  const allowed = options.allowedFactors ?? allowEveryFactor;
  const fetchImpl = options.fetch ?? fetch;
  const publicOrigin = new URL(config.publicUrl).origin;
  const rpID = new URL(config.publicUrl).hostname;
  const later = (seconds: number) => new Date(Date.now() + seconds * 1000);
  const actor = (meta: ClientMeta, user: { id: number; email: string }) => ({
    actorUserId: user.id,
    actorLabel: user.email,
    ip: meta.ip ?? null,
  });

  async function assertAllowed(type: MfaFactorType) {
    if (!(await allowed()).includes(type)) throw new AppError("E_FORBIDDEN", 403);
  }

  /**
   * A factor may be added by a session that passed MFA, or by one whose user holds no factor
   * yet (first enrollment): a password alone never adds a factor beside existing ones.
   */
  async function assertMayEnroll(session: ResolvedSession) {
    if (session.mfaVerified) return;
    if ((await confirmedFactorTypes(db, session.user.id)).length > 0)
      throw new AppError("E_MFA_REQUIRED", 401);
  }

  /** A session may sign in with a factor type only while that type is offered to it. */
  async function assertOffered(session: ResolvedSession, type: MfaFactorType) {
    if (!(await auth.usableFactors(session.user.id)).includes(type))
      throw new AppError("E_MFA_NOT_ENROLLED", 409);
  }

  /** Ends a successful step: first factor of a user brings recovery codes; the session is renewed. */
  async function finish(
    session: ResolvedSession,
    meta: ClientMeta,
    firstFactor: boolean,
  ): Promise<Completed> {
    const recoveryCodes =
      firstFactor && !(await repo.hasRecoveryCodes(session.user.id))
        ? await auth.issueRecoveryCodes(session.user.id)
        : undefined;
    const issued = await auth.completeMfa(session, meta);
    return recoveryCodes ? { issued, recoveryCodes } : { issued };
  }

  async function factorAdded(
    session: ResolvedSession,
    meta: ClientMeta,
    id: number,
    type: string,
    name: string,
  ) {
    await auditAs(db, actor(meta, session.user), {
      action: "auth.mfa_factor_added",
      targetType: "user",
      targetId: session.user.id,
      data: { factorId: id, type, name },
    });
  }

  async function isFirstFactor(userId: number) {
    return (await confirmedFactorTypes(db, userId)).length === 0;
  }

  // ---------- providers ----------

  async function smsProvider(): Promise<{ provider: SmsProvider } | null> {
    const row = await repo.provider("SMS");
    if (!row?.secretEncrypted || !row.config.apiBase || !row.config.accountSid || !row.config.from)
      return null;
    const authToken = secretBox.open(row.secretEncrypted, providerSecretContext("SMS"));
    return {
      provider: twilioSmsProvider(
        {
          apiBase: row.config.apiBase,
          accountSid: row.config.accountSid,
          from: row.config.from,
          authToken,
        },
        fetchImpl,
      ),
    };
  }

  async function duoClient(): Promise<DuoClient | null> {
    const row = await repo.provider("DUO");
    if (!row?.secretEncrypted || !row.config.apiBase || !row.config.clientId) return null;
    return createDuoClient(
      {
        apiBase: row.config.apiBase,
        clientId: row.config.clientId,
        clientSecret: secretBox.open(row.secretEncrypted, providerSecretContext("DUO")),
      },
      fetchImpl,
    );
  }

  // ---------- SMS ----------

  const smsCodeHash = (challengeSession: string, code: string) =>
    secretBox.mac("sms-code", `${challengeSession}:${code}`);
  const phoneHash = (phone: string) => secretBox.mac("sms-phone", phone);

  function sendLimited(seconds: number): never {
    throw new AppError(
      "E_MFA_SEND_LIMIT",
      429,
      { id: "errors.auth.mfaSendLimit", values: { seconds } },
      { retryAfterSeconds: seconds },
    );
  }

  /** Sends a fresh code for a ceremony, within the resend, per-number and per-account limits. */
  async function sendSmsCode(
    session: ResolvedSession,
    kind: Extract<ChallengeKind, "SMS_ENROLL" | "SMS_SIGN_IN">,
    phone: string,
    factorId: number | null,
  ) {
    const sms = await smsProvider();
    if (!sms) throw new AppError("E_MFA_PROVIDER_UNAVAILABLE", 503);
    const open = await repo.openChallengeOf(session.idHash, kind);
    const resend = open && open.phone === phone ? open : undefined;
    if (resend) {
      if (resend.sends >= SMS_MAX_SENDS_PER_CODE) sendLimited(SMS_CODE_SECONDS);
      const since = resend.lastSentAt ? (Date.now() - resend.lastSentAt.getTime()) / 1000 : Infinity;
      if (since < SMS_RESEND_AFTER_SECONDS) sendLimited(Math.ceil(SMS_RESEND_AFTER_SECONDS - since));
    }
    const hourAgo = new Date(Date.now() - 3600_000);
    if ((await repo.smsSendsSince(hourAgo, { userId: session.user.id })) >= SMS_PER_ACCOUNT_PER_HOUR)
      sendLimited(3600);
    if ((await repo.smsSendsSince(hourAgo, { phoneHash: phoneHash(phone) })) >= SMS_PER_NUMBER_PER_HOUR)
      sendLimited(3600);

    const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
    const expiresAt = later(SMS_CODE_SECONDS);
    let challenge: ChallengeRow;
    if (resend) {
      await repo.recordResend(resend.id, smsCodeHash(session.idHash, code), expiresAt);
      challenge = resend;
    } else {
      challenge = await repo.openChallenge({
        userId: session.user.id,
        sessionHash: session.idHash,
        kind,
        factorId,
        phone,
        codeHash: smsCodeHash(session.idHash, code),
        sends: 1,
        lastSentAt: new Date(),
        expiresAt,
      });
    }
    await repo.recordSmsSend(session.user.id, phoneHash(phone));
    try {
      await sms.provider.send(
        phone,
        `Your Steward verification code is ${code}. It expires in ${SMS_CODE_SECONDS / 60} minutes.`,
      );
    } catch (error) {
      if (error instanceof SmsSendError) {
        await repo.consumeChallenge(challenge.id);
        throw new AppError("E_MFA_PROVIDER_UNAVAILABLE", 503);
      }
      throw error;
    }
    return {
      to: maskPhone(phone),
      expiresAt: expiresAt.toISOString(),
      resendAfterSeconds: SMS_RESEND_AFTER_SECONDS,
    };
  }

  /** Checks a typed SMS code against the session's open ceremony; the code works once. */
  async function checkSmsCode(
    session: ResolvedSession,
    kind: Extract<ChallengeKind, "SMS_ENROLL" | "SMS_SIGN_IN">,
    code: string,
    meta: ClientMeta,
  ): Promise<ChallengeRow> {
    const challenge = await repo.openChallengeOf(session.idHash, kind);
    if (!challenge?.codeHash) throw new AppError("E_MFA_CHALLENGE_EXPIRED", 410);
    await auth.claimMfaAttempt(session, meta);
    if (!safeEqual(challenge.codeHash, smsCodeHash(session.idHash, code))) {
      if ((await repo.countAttempt(challenge.id)) >= SMS_MAX_ATTEMPTS)
        await repo.consumeChallenge(challenge.id);
      return auth.mfaFailed(session, meta, "sms");
    }
    if (!(await repo.consumeChallenge(challenge.id))) return auth.mfaFailed(session, meta, "sms");
    return challenge;
  }

  // ---------- WebAuthn ----------

  const u2fData = (factor: FactorRow) => factor.data as U2fData;

  return {
    async list(session: ResolvedSession): Promise<{ items: MfaFactorSummary[]; available: MfaFactorType[] }> {
      const factors = await repo.confirmedFactors(session.user.id);
      const permitted = await allowed();
      const configured = {
        TOTP: true,
        U2F: true,
        SMS: (await smsProvider()) !== null,
        DUO: (await duoClient()) !== null,
      };
      return {
        items: factors.map((f) => ({
          id: f.id,
          type: f.type as MfaFactorType,
          name: f.name,
          detail: f.type === "SMS" ? maskPhone(String((f.data as { phone?: string }).phone ?? "")) : null,
          createdAt: f.createdAt.toISOString(),
        })),
        available: ALL_FACTOR_TYPES.filter((t) => permitted.includes(t) && configured[t]),
      };
    },

    async remove(session: ResolvedSession, factorId: number, meta: ClientMeta) {
      const factor = await repo.factor(session.user.id, factorId);
      if (!factor || !(await repo.deleteFactor(session.user.id, factorId)))
        throw new AppError("E_MFA_FACTOR_NOT_FOUND", 404);
      await auditAs(db, actor(meta, session.user), {
        action: "auth.mfa_factor_removed",
        targetType: "user",
        targetId: session.user.id,
        data: { factorId, type: factor.type, name: factor.name },
      });
    },

    /** An administrator removes every factor of a user; the user is signed out and enrolls anew. */
    async resetFactors(userId: number) {
      const removed = await repo.resetFactors(userId);
      await deleteUserSessions(db, userId);
      return removed;
    },

    async securityKeyRegistrationOptions(session: ResolvedSession, name: string) {
      await assertAllowed("U2F");
      await assertMayEnroll(session);
      const existing = await repo.confirmedFactors(session.user.id, "U2F");
      const options = await generateRegistrationOptions({
        rpName: "Steward",
        rpID,
        userName: session.user.email,
        userDisplayName: `${session.user.firstName} ${session.user.lastName}`.trim(),
        userID: new TextEncoder().encode(`steward-user-${session.user.id}`),
        attestationType: "none",
        excludeCredentials: existing.map((f) => ({
          id: u2fData(f).credentialId,
          ...(u2fData(f).transports ? { transports: u2fData(f).transports } : {}),
        })),
        authenticatorSelection: { residentKey: "preferred", userVerification: "preferred" },
      });
      await repo.openChallenge({
        userId: session.user.id,
        sessionHash: session.idHash,
        kind: "U2F_REGISTER",
        challenge: options.challenge,
        data: { name },
        expiresAt: later(CEREMONY_SECONDS),
      });
      return options as unknown as Record<string, unknown>;
    },

    async registerSecurityKey(
      session: ResolvedSession,
      response: unknown,
      meta: ClientMeta,
    ): Promise<Completed> {
      await assertAllowed("U2F");
      await assertMayEnroll(session);
      const challenge = await repo.openChallengeOf(session.idHash, "U2F_REGISTER");
      if (!challenge?.challenge || !(await repo.consumeChallenge(challenge.id)))
        throw new AppError("E_MFA_CHALLENGE_EXPIRED", 410);
      await auth.claimMfaAttempt(session, meta);
      let verification;
      try {
        verification = await verifyRegistrationResponse({
          response: response as RegistrationResponseJSON,
          expectedChallenge: challenge.challenge,
          expectedOrigin: publicOrigin,
          expectedRPID: rpID,
          requireUserVerification: false,
        });
      } catch {
        return auth.mfaFailed(session, meta, "u2f_register");
      }
      if (!verification.verified) return auth.mfaFailed(session, meta, "u2f_register");
      const { credential } = verification.registrationInfo;
      const name = String((challenge.data as { name?: string }).name ?? "Security key");
      const first = await isFirstFactor(session.user.id);
      const data: U2fData = {
        credentialId: credential.id,
        publicKey: Buffer.from(credential.publicKey).toString("base64url"),
        counter: credential.counter,
        ...(credential.transports ? { transports: credential.transports } : {}),
      };
      const id = await repo.insertFactor(session.user.id, "U2F", name, { ...data });
      await factorAdded(session, meta, id, "U2F", name);
      return finish(session, meta, first);
    },

    async securityKeySignInOptions(session: ResolvedSession) {
      await assertOffered(session, "U2F");
      const keys = await repo.confirmedFactors(session.user.id, "U2F");
      const options = await generateAuthenticationOptions({
        rpID,
        userVerification: "preferred",
        allowCredentials: keys.map((f) => ({
          id: u2fData(f).credentialId,
          ...(u2fData(f).transports ? { transports: u2fData(f).transports } : {}),
        })),
      });
      await repo.openChallenge({
        userId: session.user.id,
        sessionHash: session.idHash,
        kind: "U2F_SIGN_IN",
        challenge: options.challenge,
        expiresAt: later(CEREMONY_SECONDS),
      });
      return options as unknown as Record<string, unknown>;
    },

    async signInWithSecurityKey(
      session: ResolvedSession,
      response: unknown,
      meta: ClientMeta,
    ): Promise<Completed> {
      await assertOffered(session, "U2F");
      const challenge = await repo.openChallengeOf(session.idHash, "U2F_SIGN_IN");
      if (!challenge?.challenge || !(await repo.consumeChallenge(challenge.id)))
        throw new AppError("E_MFA_CHALLENGE_EXPIRED", 410);
      await auth.claimMfaAttempt(session, meta);
      const answer = response as AuthenticationResponseJSON;
      const key = (await repo.confirmedFactors(session.user.id, "U2F")).find(
        (f) => u2fData(f).credentialId === answer.id,
      );
      if (!key) return auth.mfaFailed(session, meta, "u2f");
      const data = u2fData(key);
      let verification;
      try {
        verification = await verifyAuthenticationResponse({
          response: answer,
          expectedChallenge: challenge.challenge,
          expectedOrigin: publicOrigin,
          expectedRPID: rpID,
          requireUserVerification: false,
          credential: {
            id: data.credentialId,
            publicKey: new Uint8Array(Buffer.from(data.publicKey, "base64url")),
            counter: data.counter,
            ...(data.transports ? { transports: data.transports } : {}),
          },
        });
      } catch {
        return auth.mfaFailed(session, meta, "u2f");
      }
      if (!verification.verified) return auth.mfaFailed(session, meta, "u2f");
      await repo.updateFactorData(key.id, { ...data, counter: verification.authenticationInfo.newCounter });
      return finish(session, meta, false);
    },

    // ---------- SMS ----------

    async startSmsEnrollment(session: ResolvedSession, phoneInput: string) {
      await assertAllowed("SMS");
      await assertMayEnroll(session);
      const phone = normalizePhone(phoneInput);
      if (!phone) throw new AppError("E_MFA_PHONE_INVALID", 400);
      return sendSmsCode(session, "SMS_ENROLL", phone, null);
    },

    async confirmSmsEnrollment(session: ResolvedSession, code: string, meta: ClientMeta): Promise<Completed> {
      await assertAllowed("SMS");
      await assertMayEnroll(session);
      const challenge = await checkSmsCode(session, "SMS_ENROLL", code, meta);
      const first = await isFirstFactor(session.user.id);
      const phone = challenge.phone ?? "";
      const name = `SMS ${maskPhone(phone)}`;
      const id = await repo.insertFactor(session.user.id, "SMS", name, { phone });
      await factorAdded(session, meta, id, "SMS", name);
      return finish(session, meta, first);
    },

    async sendSignInSms(session: ResolvedSession, factorId?: number) {
      await assertOffered(session, "SMS");
      const numbers = await repo.confirmedFactors(session.user.id, "SMS");
      const factor = factorId === undefined ? numbers[0] : numbers.find((f) => f.id === factorId);
      if (!factor) throw new AppError("E_MFA_FACTOR_NOT_FOUND", 404);
      return sendSmsCode(
        session,
        "SMS_SIGN_IN",
        String((factor.data as { phone?: string }).phone),
        factor.id,
      );
    },

    async verifySignInSms(session: ResolvedSession, code: string, meta: ClientMeta): Promise<Completed> {
      await assertOffered(session, "SMS");
      await checkSmsCode(session, "SMS_SIGN_IN", code, meta);
      return finish(session, meta, false);
    },

    // ---------- Duo ----------

    /** Starts a Duo Universal Prompt round: the browser is sent to Duo and comes back to /mfa/duo. */
    async startDuo(session: ResolvedSession) {
      await assertAllowed("DUO");
      const held = await repo.confirmedFactors(session.user.id, "DUO");
      if (held.length > 0) await assertOffered(session, "DUO");
      else await assertMayEnroll(session);
      const duo = await duoClient();
      if (!duo || !(await duo.healthy())) throw new AppError("E_MFA_PROVIDER_UNAVAILABLE", 503);
      const state = randomToken(32);
      const nonce = randomToken(24);
      const username = String(
        (held[0]?.data as { username?: string } | undefined)?.username ?? session.user.email,
      );
      await repo.openChallenge({
        userId: session.user.id,
        sessionHash: session.idHash,
        kind: "DUO",
        challenge: secretBox.mac("duo-state", state),
        nonce,
        data: { username, enroll: held.length === 0 },
        expiresAt: later(CEREMONY_SECONDS),
      });
      return {
        authorizeUrl: duo.authorizeUrl({
          username,
          state,
          nonce,
          redirectUri: `${config.publicUrl}/mfa/duo`,
        }),
      };
    },

    /**
     * Duo sent the browser back: the state must be this session's open one (used once, so a
     * replayed state fails), then the code is exchanged and the ID token checked.
     */
    async completeDuo(
      session: ResolvedSession,
      input: { state: string; code?: string | undefined; error?: string | undefined },
      meta: ClientMeta,
    ): Promise<Completed> {
      const challenge = await repo.challengeByState(secretBox.mac("duo-state", input.state));
      if (
        !challenge?.nonce ||
        challenge.sessionHash !== session.idHash ||
        challenge.userId !== session.user.id ||
        challenge.expiresAt.getTime() <= Date.now() ||
        !(await repo.consumeChallenge(challenge.id))
      )
        throw new AppError("E_MFA_CHALLENGE_EXPIRED", 410);
      await auth.claimMfaAttempt(session, meta);
      const { username, enroll } = challenge.data as { username: string; enroll: boolean };
      const denied = async (reason: string): Promise<never> => {
        await auditAs(db, actor(meta, session.user), {
          action: "auth.mfa_failed",
          targetType: "user",
          targetId: session.user.id,
          outcome: "FAILURE",
          data: { method: "duo", reason },
        });
        throw new AppError("E_MFA_DENIED", 401);
      };
      if (input.error || !input.code) return denied(input.error ?? "no_code");
      const duo = await duoClient();
      if (!duo) throw new AppError("E_MFA_PROVIDER_UNAVAILABLE", 503);
      try {
        await duo.exchange({
          code: input.code,
          redirectUri: `${config.publicUrl}/mfa/duo`,
          username,
          nonce: challenge.nonce,
        });
      } catch (error) {
        if (error instanceof DuoError && error.reason === "unavailable")
          throw new AppError("E_MFA_PROVIDER_UNAVAILABLE", 503);
        if (error instanceof DuoError && error.reason === "denied") return denied("denied");
        return auth.mfaFailed(session, meta, "duo");
      }
      if (enroll) {
        const first = await isFirstFactor(session.user.id);
        const id = await repo.insertFactor(session.user.id, "DUO", "Duo", { username });
        await factorAdded(session, meta, id, "DUO", "Duo");
        return finish(session, meta, first);
      }
      return finish(session, meta, false);
    },

    // ---------- provider settings ----------

    async providers() {
      const sms = await repo.provider("SMS");
      const duo = await repo.provider("DUO");
      return {
        sms: sms
          ? {
              apiBase: sms.config.apiBase ?? "",
              accountSid: sms.config.accountSid ?? "",
              from: sms.config.from ?? "",
              authTokenSet: sms.secretEncrypted !== null,
            }
          : null,
        duo: duo
          ? {
              apiBase: duo.config.apiBase ?? "",
              clientId: duo.config.clientId ?? "",
              clientSecretSet: duo.secretEncrypted !== null,
            }
          : null,
      };
    },

    async saveSmsProvider(input: {
      apiBase: string;
      accountSid: string;
      from: string;
      authToken?: string | undefined;
    }) {
      const { authToken, ...config } = input;
      await repo.saveProvider(
        "SMS",
        config,
        authToken === undefined ? undefined : secretBox.seal(authToken, providerSecretContext("SMS")),
      );
    },

    async saveDuoProvider(input: { apiBase: string; clientId: string; clientSecret?: string | undefined }) {
      const { clientSecret, ...config } = input;
      await repo.saveProvider(
        "DUO",
        config,
        clientSecret === undefined ? undefined : secretBox.seal(clientSecret, providerSecretContext("DUO")),
      );
    },

    roleRequirements: (roleId: number) => repo.roleRequirements(roleId),
    setRoleRequirements: (roleId: number, factors: string[]) =>
      repo.setRoleRequirements(roleId, [...new Set(factors)]),
  };
}

export type MfaService = ReturnType<typeof createMfaService>;
