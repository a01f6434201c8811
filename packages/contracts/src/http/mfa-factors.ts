import { z } from "zod";
import { jsonValue, text } from "../common.js";
import { validationEn } from "../i18n/shared/en/validation.js";
import { mfaFactorType, recoveryCodesResponse, sessionResponse } from "./auth.js";

/** An SMS code as typed: six digits, spaces tolerated. */
export const smsCodeField = text()
  .transform((s) => s.replace(/\s+/g, ""))
  .pipe(text().regex(/^\d{6}$/, validationEn.mfaCode));

export const mfaFactorSummary = z.object({
  id: z.number().int(),
  type: mfaFactorType,
  name: z.string(),
  /** SMS: the number's last digits only. */
  detail: z.string().nullable(),
  createdAt: z.string(),
});
export type MfaFactorSummary = z.infer<typeof mfaFactorSummary>;
export const mfaFactorList = z.object({
  items: z.array(mfaFactorSummary),
  /** Factor types the console can offer (allowed and, for SMS and Duo, configured). */
  available: z.array(mfaFactorType),
});
export type MfaFactorList = z.infer<typeof mfaFactorList>;

/** A completed second-factor step: the fresh session, and recovery codes when the first factor was set up. */
export const mfaCompletedResponse = z.object({
  session: sessionResponse,
  recoveryCodes: recoveryCodesResponse.shape.recoveryCodes.optional(),
});
export type MfaCompletedResponse = z.infer<typeof mfaCompletedResponse>;

export const securityKeyNameField = text().trim().min(1).max(64);
export const securityKeyRegisterStart = z.object({ name: securityKeyNameField });
/** WebAuthn options and responses are the browser API's JSON forms, passed through unchanged. */
export const webAuthnOptionsResponse = z.object({ options: z.record(z.string(), z.unknown()) });
export const webAuthnResponseRequest = z.object({
  response: z
    .object({ id: text().max(1024), rawId: text().max(1024), type: z.literal("public-key") })
    .catchall(jsonValue()),
});

export const smsEnrollRequest = z.object({ phone: text().trim().min(4).max(32) });
export const smsCodeRequest = z.object({ code: smsCodeField });
export const smsSentResponse = z.object({
  /** The number the code went to, last digits only. */
  to: z.string(),
  expiresAt: z.string(),
  resendAfterSeconds: z.number().int(),
});
export type SmsSentResponse = z.infer<typeof smsSentResponse>;

export const duoStartResponse = z.object({ authorizeUrl: z.string() });
export const duoCompleteRequest = z.object({
  state: text().min(16).max(200),
  code: text().min(1).max(2000).optional(),
  error: text().max(200).optional(),
});

export const smsProviderSettings = z.object({
  apiBase: z.url().max(300),
  accountSid: text().trim().min(1).max(100),
  from: text().trim().min(1).max(40),
  /** Sent only to change it; never answered. */
  authToken: text().min(1).max(200).optional(),
});
export const duoProviderSettings = z.object({
  apiBase: z.url().max(300),
  clientId: text().trim().min(1).max(100),
  clientSecret: text().min(1).max(200).optional(),
});
export const mfaProvidersResponse = z.object({
  sms: smsProviderSettings.omit({ authToken: true }).extend({ authTokenSet: z.boolean() }).nullable(),
  duo: duoProviderSettings.omit({ clientSecret: true }).extend({ clientSecretSet: z.boolean() }).nullable(),
});
export type MfaProvidersResponse = z.infer<typeof mfaProvidersResponse>;

export const roleMfaRequirementsBody = z.object({ factors: z.array(mfaFactorType).max(4) });
export type RoleMfaRequirements = z.infer<typeof roleMfaRequirementsBody>;
