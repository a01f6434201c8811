import type { MfaFactorSummary, MfaFactorType } from "@steward/contracts";
import { AppError } from "../../platform/errors/app-error.js";
import type { AppDeps } from "../../platform/deps.js";
import { auditAs, deleteUserSessions, type ResolvedSession } from "../../platform/identity/index.js";
import type { AuthService, ClientMeta } from "./auth.service.js";
import type { MfaRepository } from "./mfa.repository.js";
import { maskPhone } from "./mfa.sms.js";
import { ALL_FACTOR_TYPES } from "./mfa.policy.js";
import { mfaContext, providerSecretContext, type MfaServiceOptions } from "./mfa.context.js";
import { webAuthnFlows } from "./mfa.webauthn.js";
import { smsFlows } from "./mfa.sms-flow.js";
import { duoFlows } from "./mfa.duo-flow.js";

export { CEREMONY_SECONDS, type Completed, type MfaServiceOptions } from "./mfa.context.js";
export {
  SMS_CODE_SECONDS,
  SMS_MAX_ATTEMPTS,
  SMS_MAX_SENDS_PER_CODE,
  SMS_PER_ACCOUNT_PER_HOUR,
  SMS_PER_NUMBER_PER_HOUR,
  SMS_RESEND_AFTER_SECONDS,
} from "./mfa.sms-flow.js";

/** Security keys (WebAuthn), SMS codes and Duo as second factors, beside TOTP and recovery codes. */
export function createMfaService(
  deps: Pick<AppDeps, "db" | "config" | "secretBox">,
  auth: AuthService,
  repo: MfaRepository,
  options: MfaServiceOptions = {},
) {
  const { db, secretBox } = deps;
  const ctx = mfaContext(deps, auth, repo, options);

  return {
    async list(session: ResolvedSession): Promise<{ items: MfaFactorSummary[]; available: MfaFactorType[] }> {
      const factors = await repo.confirmedFactors(session.user.id);
      const permitted = await ctx.allowed();
      const configured = {
        TOTP: true,
        U2F: true,
        SMS: (await ctx.smsProvider()) !== null,
        DUO: (await ctx.duoClient()) !== null,
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
      await auditAs(db, ctx.actor(meta, session.user), {
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

    ...webAuthnFlows(ctx),
    ...smsFlows(ctx),
    ...duoFlows(ctx),

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
