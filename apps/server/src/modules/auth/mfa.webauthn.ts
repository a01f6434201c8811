import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransportFuture,
  type RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { AppError } from "../../platform/errors/app-error.js";
import type { ResolvedSession } from "../../platform/identity/index.js";
import type { ClientMeta } from "./auth.service.js";
import type { FactorRow } from "./mfa.repository.js";
import { CEREMONY_SECONDS, type Completed, type MfaContext } from "./mfa.context.js";

interface U2fData {
  credentialId: string;
  publicKey: string;
  counter: number;
  transports?: AuthenticatorTransportFuture[];
}

const u2fData = (factor: FactorRow) => factor.data as U2fData;

/** Security keys (WebAuthn): registering keys and signing in with any of them. */
export function webAuthnFlows(ctx: MfaContext) {
  const { auth, repo, later } = ctx;
  const publicOrigin = new URL(ctx.deps.config.publicUrl).origin;
  const rpID = new URL(ctx.deps.config.publicUrl).hostname;

  return {
    async securityKeyRegistrationOptions(session: ResolvedSession, name: string) {
      await ctx.assertAllowed("U2F");
      await ctx.assertMayEnroll(session);
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
      await ctx.assertAllowed("U2F");
      await ctx.assertMayEnroll(session);
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
      const first = await ctx.isFirstFactor(session.user.id);
      const data: U2fData = {
        credentialId: credential.id,
        publicKey: Buffer.from(credential.publicKey).toString("base64url"),
        counter: credential.counter,
        ...(credential.transports ? { transports: credential.transports } : {}),
      };
      const id = await repo.insertFactor(session.user.id, "U2F", name, { ...data });
      await ctx.factorAdded(session, meta, id, "U2F", name);
      return ctx.finish(session, meta, first);
    },

    async securityKeySignInOptions(session: ResolvedSession) {
      await ctx.assertOffered(session, "U2F");
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
      await ctx.assertOffered(session, "U2F");
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
      return ctx.finish(session, meta, false);
    },
  };
}
