import { AppError } from "../../platform/errors/app-error.js";
import { randomToken } from "../../platform/crypto/index.js";
import { auditAs, type ResolvedSession } from "../../platform/identity/index.js";
import type { ClientMeta } from "./auth.service.js";
import { DuoError } from "./mfa.duo.js";
import { CEREMONY_SECONDS, type Completed, type MfaContext } from "./mfa.context.js";

/** Duo through the Universal Prompt: a redirect round with state and nonce, then the code exchange. */
export function duoFlows(ctx: MfaContext) {
  const { auth, repo, later } = ctx;
  const { db, config, secretBox } = ctx.deps;

  return {
    /** Starts a Duo Universal Prompt round: the browser is sent to Duo and comes back to /mfa/duo. */
    async startDuo(session: ResolvedSession) {
      await ctx.assertAllowed("DUO");
      const held = await repo.confirmedFactors(session.user.id, "DUO");
      if (held.length > 0) await ctx.assertOffered(session, "DUO");
      else await ctx.assertMayEnroll(session);
      const duo = await ctx.duoClient();
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
        await auditAs(db, ctx.actor(meta, session.user), {
          action: "auth.mfa_failed",
          targetType: "user",
          targetId: session.user.id,
          outcome: "FAILURE",
          data: { method: "duo", reason },
        });
        throw new AppError("E_MFA_DENIED", 401);
      };
      if (input.error || !input.code) return denied(input.error ?? "no_code");
      const duo = await ctx.duoClient();
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
        const first = await ctx.isFirstFactor(session.user.id);
        const id = await repo.insertFactor(session.user.id, "DUO", "Duo", { username });
        await ctx.factorAdded(session, meta, id, "DUO", "Duo");
        return ctx.finish(session, meta, first);
      }
      return ctx.finish(session, meta, false);
    },
  };
}
