import { randomInt } from "node:crypto";
import { AppError } from "../../platform/errors/app-error.js";
import { safeEqual } from "../../platform/crypto/index.js";
import type { ResolvedSession } from "../../platform/identity/index.js";
import type { ClientMeta } from "./auth.service.js";
import type { ChallengeKind, ChallengeRow } from "./mfa.repository.js";
import { maskPhone, normalizePhone, SmsSendError } from "./mfa.sms.js";
import type { Completed, MfaContext } from "./mfa.context.js";

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

type SmsKind = Extract<ChallengeKind, "SMS_ENROLL" | "SMS_SIGN_IN">;

function sendLimited(seconds: number): never {
  throw new AppError(
    "E_MFA_SEND_LIMIT",
    429,
    { id: "errors.auth.mfaSendLimit", values: { seconds } },
    { retryAfterSeconds: seconds },
  );
}

/** SMS one-time codes: phone verification at enrollment and codes at sign-in, within sending limits. */
export function smsFlows(ctx: MfaContext) {
  const { auth, repo, later } = ctx;
  const { secretBox } = ctx.deps;
  const smsCodeHash = (challengeSession: string, code: string) =>
    secretBox.mac("sms-code", `${challengeSession}:${code}`);
  const phoneHash = (phone: string) => secretBox.mac("sms-phone", phone);

  /** Sends a fresh code for a ceremony, within the resend, per-number and per-account limits. */
  async function sendSmsCode(
    session: ResolvedSession,
    kind: SmsKind,
    phone: string,
    factorId: number | null,
  ) {
    const sms = await ctx.smsProvider();
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
    kind: SmsKind,
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

  return {
    async startSmsEnrollment(session: ResolvedSession, phoneInput: string) {
      await ctx.assertAllowed("SMS");
      await ctx.assertMayEnroll(session);
      const phone = normalizePhone(phoneInput);
      if (!phone) throw new AppError("E_MFA_PHONE_INVALID", 400);
      return sendSmsCode(session, "SMS_ENROLL", phone, null);
    },

    async confirmSmsEnrollment(session: ResolvedSession, code: string, meta: ClientMeta): Promise<Completed> {
      await ctx.assertAllowed("SMS");
      await ctx.assertMayEnroll(session);
      const challenge = await checkSmsCode(session, "SMS_ENROLL", code, meta);
      const first = await ctx.isFirstFactor(session.user.id);
      const phone = challenge.phone ?? "";
      const name = `SMS ${maskPhone(phone)}`;
      const id = await repo.insertFactor(session.user.id, "SMS", name, { phone });
      await ctx.factorAdded(session, meta, id, "SMS", name);
      return ctx.finish(session, meta, first);
    },

    async sendSignInSms(session: ResolvedSession, factorId?: number) {
      await ctx.assertOffered(session, "SMS");
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
      await ctx.assertOffered(session, "SMS");
      await checkSmsCode(session, "SMS_SIGN_IN", code, meta);
      return ctx.finish(session, meta, false);
    },
  };
}
