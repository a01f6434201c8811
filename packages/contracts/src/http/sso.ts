import { z } from "zod";
import { id, text } from "../common.js";
import { sharedEn } from "../i18n/shared/en.js";

/** True for an https URL, or an http one on this computer (a provider on loopback). */
export function isAcceptableIssuer(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.protocol === "https:") return true;
  const host = url.hostname.replace(/^\[|\]$/g, "");
  return url.protocol === "http:" && (host === "localhost" || host === "::1" || /^127\./.test(host));
}

/** One identity-provider group and the console role its members hold. */
export const ssoGroupMapping = z.object({
  group: text().trim().min(1).max(200),
  roleId: id(),
});
export type SsoGroupMapping = z.infer<typeof ssoGroupMapping>;

/**
 * PUT /api/settings/sso. The client secret is sent only to set or replace it; leaving it out
 * keeps the stored one.
 */
export const ssoSettingsRequest = z.object({
  /** Shown on the sign-in page: "Sign in with <name>". */
  providerName: text().trim().min(1).max(60),
  issuerUrl: text().trim().max(300).refine(isAcceptableIssuer, sharedEn.validation.ssoIssuer),
  clientId: text().trim().min(1).max(200),
  /** Space-separated; "openid" is always asked for. */
  scopes: text().trim().min(1).max(300),
  /** The ID-token (or user-info) claim listing the user's groups. */
  groupClaim: text().trim().min(1).max(100),
  groupMappings: z.array(ssoGroupMapping).max(200),
  /** Create a technician at the first sign-in of an unknown email (roles from the group mapping). */
  jitEnabled: z.boolean(),
  /** Skip the console's second factor when the provider says (amr) it asked for one. */
  trustProviderMfa: z.boolean(),
  enabled: z.boolean(),
  clientSecret: text().min(1).max(500).optional(),
});
export type SsoSettingsRequest = z.infer<typeof ssoSettingsRequest>;

/**
 * GET /api/settings/sso: the settings without the secret, only whether one is stored (before
 * the first save the texts are empty).
 */
export const ssoSettingsResponse = z.object({
  providerName: z.string(),
  issuerUrl: z.string(),
  clientId: z.string(),
  scopes: z.string(),
  groupClaim: z.string(),
  groupMappings: z.array(z.object({ group: z.string(), roleId: z.number().int() })),
  jitEnabled: z.boolean(),
  trustProviderMfa: z.boolean(),
  enabled: z.boolean(),
  clientSecretSet: z.boolean(),
  /** The address to register at the provider as the redirect (callback) URI. */
  redirectUri: z.string(),
});
export type SsoSettingsResponse = z.infer<typeof ssoSettingsResponse>;

/** GET /api/auth/sso: what the sign-in page offers (public). */
export const ssoSignInOption = z.object({
  enabled: z.boolean(),
  providerName: z.string().nullable(),
});
export type SsoSignInOption = z.infer<typeof ssoSignInOption>;

/** Why a single sign-on attempt was refused; the sign-in page explains each. */
export const ssoRefusalReason = z.enum([
  "failed",
  "unknownAccount",
  "inactive",
  "noMappedGroup",
  "noEmail",
  "disabled",
]);
export type SsoRefusalReason = z.infer<typeof ssoRefusalReason>;
