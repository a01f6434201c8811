import * as oidc from "openid-client";
import { isAcceptableIssuer } from "@steward/contracts";

/** What the client needs of the provider settings (the secret already opened). */
export interface OidcClientSettings {
  issuerUrl: string;
  clientId: string;
  clientSecret: string;
}

/** The checks a sign-in round keeps between the redirect to the provider and its return. */
export interface PendingSignIn {
  state: string;
  nonce: string;
  codeVerifier: string;
  /** Milliseconds since the epoch after which the round is refused. */
  expiresAt: number;
}

/** The identity the provider vouched for, read from a validated ID token (and user info). */
export interface ProviderIdentity {
  subject: string;
  email: string | null;
  emailVerified: boolean | null;
  givenName: string | null;
  familyName: string | null;
  name: string | null;
  groups: string[];
  /** Authentication methods the provider reports (RFC 8176), e.g. ["pwd", "mfa"]. */
  amr: string[];
}

export class SsoFlowError extends Error {}

const stringOrNull = (v: unknown) => (typeof v === "string" && v.trim() !== "" ? v.trim() : null);

/** The library's reason, with the claim or check it names (for the audit log; never a token). */
function describe(error: unknown): string {
  if (!(error instanceof Error)) return "code exchange failed";
  // The library wraps its checks' errors: the claim or parameter is named somewhere down the causes.
  for (
    let cause: unknown = error.cause, depth = 0;
    cause && typeof cause === "object" && depth < 4;
    depth++
  ) {
    const { claim, parameter } = cause as { claim?: unknown; parameter?: unknown };
    const named = typeof claim === "string" ? claim : typeof parameter === "string" ? parameter : null;
    if (named) return `${error.message} (${named})`;
    cause = (cause as { cause?: unknown }).cause;
  }
  return error.message;
}

/** A claim holding groups: a list of names, or one name. */
function groupsOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((g): g is string => typeof g === "string");
  return typeof value === "string" && value !== "" ? [value] : [];
}

/**
 * The OpenID Connect relying party: discovery (cached per provider settings), the authorization
 * redirect with PKCE, state and nonce, and the code exchange whose ID token is validated by
 * openid-client (signature against the provider's keys, issuer, audience, expiry, nonce).
 */
export function createOidcClient() {
  const cache = new Map<string, Promise<oidc.Configuration>>();

  function configurationFor(settings: OidcClientSettings): Promise<oidc.Configuration> {
    const key = JSON.stringify([settings.issuerUrl, settings.clientId, settings.clientSecret]);
    let found = cache.get(key);
    if (!found) {
      // Plain http is accepted only for a provider on this computer (the contract's rule).
      const insecure = new URL(settings.issuerUrl).protocol === "http:";
      if (!isAcceptableIssuer(settings.issuerUrl)) throw new SsoFlowError("issuer must use https");
      found = oidc.discovery(
        new URL(settings.issuerUrl),
        settings.clientId,
        { client_secret: settings.clientSecret },
        oidc.ClientSecretPost(settings.clientSecret),
        {
          // The ID token's signature is checked against the provider's keys too, not only TLS.
          execute: [oidc.enableNonRepudiationChecks, ...(insecure ? [oidc.allowInsecureRequests] : [])],
          timeout: 10,
        },
      );
      // A failed discovery is tried again on the next sign-in.
      found.catch(() => cache.delete(key));
      cache.clear();
      cache.set(key, found);
    }
    return found;
  }

  return {
    /** The provider's authorization URL for a new round, and the checks to keep for its return. */
    async begin(
      settings: OidcClientSettings,
      round: { redirectUri: string; scopes: string; lifetimeMs: number },
    ): Promise<{ url: URL; pending: PendingSignIn }> {
      const config = await configurationFor(settings);
      const codeVerifier = oidc.randomPKCECodeVerifier();
      const pending: PendingSignIn = {
        state: oidc.randomState(),
        nonce: oidc.randomNonce(),
        codeVerifier,
        expiresAt: Date.now() + round.lifetimeMs,
      };
      const scopes = new Set(["openid", ...round.scopes.split(/\s+/).filter(Boolean)]);
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: round.redirectUri,
        scope: [...scopes].join(" "),
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: "S256",
        state: pending.state,
        nonce: pending.nonce,
      });
      return { url, pending };
    },

    /**
     * The provider sent the browser back: exchanges the code (PKCE) and validates the ID token
     * (state and nonce must be this round's). Throws SsoFlowError on any mismatch.
     */
    async complete(
      settings: OidcClientSettings,
      callbackUrl: URL,
      pending: PendingSignIn,
      groupClaim: string,
    ): Promise<ProviderIdentity> {
      const config = await configurationFor(settings);
      let claims: Record<string, unknown>;
      let accessToken: string;
      try {
        const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
          pkceCodeVerifier: pending.codeVerifier,
          expectedState: pending.state,
          expectedNonce: pending.nonce,
          idTokenExpected: true,
        });
        const idClaims = tokens.claims();
        if (!idClaims) throw new SsoFlowError("no ID token");
        claims = { ...idClaims };
        accessToken = tokens.access_token;
      } catch (error) {
        throw new SsoFlowError(describe(error));
      }
      const subject = String(claims.sub);
      // Providers that keep profile claims out of the ID token answer them at user info.
      if (
        (claims.email === undefined || claims[groupClaim] === undefined) &&
        config.serverMetadata().userinfo_endpoint
      ) {
        try {
          const info = await oidc.fetchUserInfo(config, accessToken, subject);
          claims = { ...info, ...claims };
        } catch {
          // The ID token alone decides then.
        }
      }
      return {
        subject,
        email: stringOrNull(claims.email)?.toLowerCase() ?? null,
        emailVerified: typeof claims.email_verified === "boolean" ? claims.email_verified : null,
        givenName: stringOrNull(claims.given_name),
        familyName: stringOrNull(claims.family_name),
        name: stringOrNull(claims.name),
        groups: groupsOf(claims[groupClaim]),
        amr: Array.isArray(claims.amr) ? claims.amr.filter((m): m is string => typeof m === "string") : [],
      };
    },
  };
}

export type OidcClient = ReturnType<typeof createOidcClient>;
