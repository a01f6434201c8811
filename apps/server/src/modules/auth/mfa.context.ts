import type { MfaFactorType } from "@steward/contracts";
import { AppError } from "../../platform/errors/app-error.js";
import type { AppDeps } from "../../platform/deps.js";
import { auditAs, confirmedFactorTypes, type ResolvedSession } from "../../platform/identity/index.js";
import type { AuthService, ClientMeta, IssuedSession } from "./auth.service.js";
import type { MfaRepository } from "./mfa.repository.js";
import { twilioSmsProvider, type SmsProvider } from "./mfa.sms.js";
import { createDuoClient, type DuoClient } from "./mfa.duo.js";
import { allowEveryFactor, type AllowedFactorsSource } from "./mfa.policy.js";

/** How long a WebAuthn challenge or Duo redirect stays usable. */
export const CEREMONY_SECONDS = 300;

export interface MfaServiceOptions {
  fetch?: typeof fetch;
  allowedFactors?: AllowedFactorsSource;
}

export interface Completed {
  issued: IssuedSession;
  recoveryCodes?: string[];
}

export const providerSecretContext = (kind: "SMS" | "DUO") => `mfa_providers:${kind}:secret`;

/**
 * What every second-factor flow shares: the rules on who may add or use a factor, the end of a
 * successful step, the audit of an added factor and the configured SMS and Duo providers.
 */
export function mfaContext(
  deps: Pick<AppDeps, "db" | "config" | "secretBox">,
  auth: AuthService,
  repo: MfaRepository,
  options: MfaServiceOptions,
) {
  const { db, secretBox } = deps;
  const allowed = options.allowedFactors ?? allowEveryFactor;
  const fetchImpl = options.fetch ?? fetch;
  const actor = (meta: ClientMeta, user: { id: number; email: string }) => ({
    actorUserId: user.id,
    actorLabel: user.email,
    ip: meta.ip ?? null,
  });

  /** The console does not allow this factor type (security settings): it cannot be added. */
  async function assertAllowed(type: MfaFactorType) {
    if (!(await allowed()).includes(type)) throw new AppError("E_MFA_FACTOR_NOT_ALLOWED", 403);
  }

  /**
   * A factor may be added by a session that passed MFA, or by one whose user holds no factor
   * they may still sign in with (first enrollment, or every held type is no longer allowed): a
   * password alone never adds a factor beside usable ones.
   */
  async function assertMayEnroll(session: ResolvedSession) {
    if (session.mfaVerified) return;
    if ((await auth.usableFactors(session.user.id)).length > 0) throw new AppError("E_MFA_REQUIRED", 401);
  }

  /**
   * A session may sign in with a factor type only while that type is offered to it; a held type
   * the console no longer allows answers so, and the user is to enroll an allowed one.
   */
  async function assertOffered(session: ResolvedSession, type: MfaFactorType) {
    if ((await auth.usableFactors(session.user.id)).includes(type)) return;
    if (!(await allowed()).includes(type)) throw new AppError("E_MFA_FACTOR_NOT_ALLOWED", 403);
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

  async function smsProvider(): Promise<{ provider: SmsProvider } | null> {
    const row = await repo.provider("SMS");
    if (!row?.secretEncrypted || !row.config.apiBase || !row.config.accountSid || !row.config.from)
      return null;
    const authToken = secretBox.open(row.secretEncrypted, providerSecretContext("SMS"));
    return {
      provider: twilioSmsProvider(
        { apiBase: row.config.apiBase, accountSid: row.config.accountSid, from: row.config.from, authToken },
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

  return {
    deps,
    auth,
    repo,
    allowed,
    actor,
    later: (seconds: number) => new Date(Date.now() + seconds * 1000),
    assertAllowed,
    assertMayEnroll,
    assertOffered,
    finish,
    factorAdded,
    isFirstFactor,
    smsProvider,
    duoClient,
  };
}

export type MfaContext = ReturnType<typeof mfaContext>;
