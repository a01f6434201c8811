import type { SsoRefusalReason } from "@steward/contracts";
import type { Db } from "../../platform/db/database.js";
import type { SecretBox } from "../../platform/crypto/index.js";
import { auditAs, findUserByEmail } from "../../platform/identity/index.js";
import type { AuthService, IssuedSession } from "../auth/index.js";
import { SsoFlowError, type OidcClient, type PendingSignIn, type ProviderIdentity } from "./sso.client.js";
import type { SsoRepository } from "./sso.repository.js";
import type { SsoSettings, StoredSsoSettings } from "./sso.settings.js";

type ClientMeta = Parameters<AuthService["issueSession"]>[1];

const PENDING_CONTEXT = "sso:pending-sign-in";
/** How long the browser may take at the provider before the round is refused. */
export const SSO_ROUND_SECONDS = 600;

export interface SsoSignInDeps {
  db: Db;
  settings: SsoSettings;
  repo: SsoRepository;
  client: OidcClient;
  secretBox: SecretBox;
  auth: Pick<AuthService, "issueSession">;
  redirectUri: string;
}

export type SsoStart =
  { kind: "redirect"; url: string; pending: string } | { kind: "refused"; reason: SsoRefusalReason };
export type SsoResult =
  { kind: "signedIn"; issued: IssuedSession } | { kind: "refused"; reason: SsoRefusalReason };

class Refusal extends Error {
  constructor(
    readonly reason: SsoRefusalReason,
    readonly detail: string,
    readonly email: string | null = null,
  ) {
    super(detail);
  }
}

/** The provider's amr claim says several factors were used. */
const assertsMfa = (identity: ProviderIdentity) => identity.amr.includes("mfa");

function namesOf(identity: ProviderIdentity, email: string): { firstName: string; lastName: string } {
  if (identity.givenName || identity.familyName)
    return { firstName: identity.givenName ?? "", lastName: identity.familyName ?? "" };
  const [first = email.split("@")[0] ?? email, ...rest] = (identity.name ?? "").split(/\s+/).filter(Boolean);
  return { firstName: first, lastName: rest.join(" ") };
}

/** Single sign-on rounds: the redirect to the provider, and the technician its answer signs in. */
export function createSsoSignIn(deps: SsoSignInDeps) {
  const seal = (pending: PendingSignIn) => deps.secretBox.seal(JSON.stringify(pending), PENDING_CONTEXT);
  function open(sealed: string | undefined): PendingSignIn {
    if (!sealed) throw new Refusal("failed", "no_pending_round");
    let pending: PendingSignIn;
    try {
      pending = JSON.parse(deps.secretBox.open(sealed, PENDING_CONTEXT)) as PendingSignIn;
    } catch {
      throw new Refusal("failed", "unreadable_round");
    }
    if (!(pending.expiresAt > Date.now())) throw new Refusal("failed", "round_expired");
    return pending;
  }

  async function clientSettings(s: StoredSsoSettings) {
    const clientSecret = deps.settings.openSecret(s);
    if (!s.enabled || clientSecret === null) throw new Refusal("disabled", "not_enabled");
    return { issuerUrl: s.issuerUrl, clientId: s.clientId, clientSecret };
  }

  /** The roles the user's groups map to (roles deleted since are left out). */
  async function mappedRoles(s: StoredSsoSettings, groups: readonly string[]): Promise<number[]> {
    const wanted = [...new Set(s.groupMappings.filter((m) => groups.includes(m.group)).map((m) => m.roleId))];
    const existing = await deps.repo.existingRoleIds(wanted);
    return wanted.filter((id) => existing.has(id)).sort((a, b) => a - b);
  }

  /** Finds (or, when allowed, creates) the technician and applies the group mapping. */
  async function technicianFor(s: StoredSsoSettings, identity: ProviderIdentity) {
    const email = identity.email;
    if (!email || identity.emailVerified === false) throw new Refusal("noEmail", "no_verified_email");
    const roleIds = await mappedRoles(s, identity.groups);
    return deps.repo.transaction(async (tx, txDb) => {
      const found = await findUserByEmail(txDb, email);
      if (!found) {
        if (!s.jitEnabled) throw new Refusal("unknownAccount", "unknown_account", email);
        if (roleIds.length === 0) throw new Refusal("noMappedGroup", "no_mapped_group", email);
        const id = await tx.insertTechnician({ email, ...namesOf(identity, email) });
        await tx.replaceRoles(id, roleIds);
        return { id, email, created: true, roleIds };
      }
      if (found.status !== "ACTIVE") throw new Refusal("inactive", "not_active", email);
      // The mapping decides the roles of technicians at every sign-in; administrators keep theirs.
      if (s.groupMappings.length > 0 && !found.isSystemAdmin) {
        if (roleIds.length === 0) throw new Refusal("noMappedGroup", "no_mapped_group", email);
        await tx.replaceRoles(found.id, roleIds);
      }
      return { id: found.id, email, created: false, roleIds: await tx.roleIdsOf(found.id) };
    });
  }

  async function refused(
    error: unknown,
    meta: ClientMeta,
  ): Promise<{ kind: "refused"; reason: SsoRefusalReason }> {
    const refusal =
      error instanceof Refusal
        ? error
        : new Refusal(
            "failed",
            error instanceof SsoFlowError ? `provider_answer: ${error.message}` : "error",
          );
    await auditAs(
      deps.db,
      { actorUserId: null, actorLabel: refusal.email ?? "single sign-on", ip: meta.ip ?? null },
      {
        action: "auth.sso_sign_in",
        targetType: "user",
        outcome: "FAILURE",
        data: { reason: refusal.reason, detail: refusal.detail, email: refusal.email },
      },
    );
    if (!(error instanceof Refusal) && !(error instanceof SsoFlowError)) throw error;
    return { kind: "refused", reason: refusal.reason };
  }

  return {
    /** Where to send the browser, and the round's checks sealed for a cookie. */
    async start(meta: ClientMeta): Promise<SsoStart> {
      try {
        const s = await deps.settings.stored();
        const { url, pending } = await deps.client.begin(await clientSettings(s), {
          redirectUri: deps.redirectUri,
          scopes: s.scopes,
          lifetimeMs: SSO_ROUND_SECONDS * 1000,
        });
        return { kind: "redirect", url: url.href, pending: seal(pending) };
      } catch (error) {
        // An unreachable provider or a failed discovery is a refusal, not a server error.
        const unreachable = error instanceof Error && !(error instanceof Refusal);
        return refused(unreachable ? new SsoFlowError(error.message) : error, meta);
      }
    },

    /**
     * The provider sent the browser back: the code is exchanged, the ID token validated against
     * this round's state and nonce, then the technician is signed in (the console's second factor
     * still to come unless the provider asserted one and the settings trust it).
     */
    async complete(callbackUrl: URL, sealedRound: string | undefined, meta: ClientMeta): Promise<SsoResult> {
      try {
        const s = await deps.settings.stored();
        const settings = await clientSettings(s);
        const pending = open(sealedRound);
        const identity = await deps.client.complete(settings, callbackUrl, pending, s.groupClaim);
        const user = await technicianFor(s, identity);
        const mfaTrusted = s.trustProviderMfa && assertsMfa(identity);
        const issued = await deps.auth.issueSession(user.id, meta, mfaTrusted);
        if (mfaTrusted) await deps.repo.touchLastLogin(user.id);
        await auditAs(
          deps.db,
          { actorUserId: user.id, actorLabel: user.email, ip: meta.ip ?? null },
          {
            action: "auth.sso_sign_in",
            targetType: "user",
            targetId: user.id,
            data: {
              email: user.email,
              subject: identity.subject,
              groups: identity.groups,
              roleIds: user.roleIds,
              created: user.created,
              amr: identity.amr,
              mfaTrusted,
            },
          },
        );
        return { kind: "signedIn", issued };
      } catch (error) {
        return refused(error, meta);
      }
    },
  };
}

export type SsoSignIn = ReturnType<typeof createSsoSignIn>;
