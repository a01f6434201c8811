import { z } from "zod";
import { userPreferences } from "./preferences.js";
import { text } from "../common.js";
import { permissions } from "../permissions.js";
import { fillTemplate } from "../i18n/localize.js";
import { validationEn } from "../i18n/shared/en/validation.js";

export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 256;

export const emailField = text().trim().toLowerCase().pipe(z.email(validationEn.email).max(254));
export const passwordField = text()
  .min(PASSWORD_MIN_LENGTH, fillTemplate(validationEn.password.tooShort, { min: PASSWORD_MIN_LENGTH }))
  .max(PASSWORD_MAX_LENGTH, fillTemplate(validationEn.password.tooLong, { max: PASSWORD_MAX_LENGTH }));
export const personNameField = text().trim().min(1).max(100);

/** A TOTP code as typed: six digits, spaces tolerated. */
export const totpCodeField = text()
  .transform((s) => s.replace(/\s+/g, ""))
  .pipe(text().regex(/^\d{6}$/, validationEn.mfaCode));

export const setupStatusResponse = z.object({ setupRequired: z.literal(true) });

export const setupRequest = z.object({
  email: emailField,
  password: passwordField,
  firstName: personNameField,
  lastName: personNameField,
  companyName: text().trim().min(1).max(200).optional(),
});
export type SetupRequest = z.infer<typeof setupRequest>;

export const loginRequest = z.object({
  email: emailField,
  password: text().min(1).max(PASSWORD_MAX_LENGTH),
});
export type LoginRequest = z.infer<typeof loginRequest>;

export const sessionUser = z.object({
  id: z.number().int(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  isSystemAdmin: z.boolean(),
  permissions: z.array(z.enum(permissions)),
  /** The technician's own console settings (language, theme, time zone, date format, start page). */
  preferences: userPreferences.optional(),
});
export type SessionUser = z.infer<typeof sessionUser>;

export const mfaFactorType = z.enum(["TOTP", "U2F", "SMS", "DUO"]);
export type MfaFactorType = z.infer<typeof mfaFactorType>;

/** What the web needs to decide where a visitor goes next. */
export const sessionResponse = z.discriminatedUnion("state", [
  z.object({ state: z.literal("anonymous"), setupRequired: z.boolean() }),
  z.object({
    state: z.literal("mfa-enrollment"),
    user: sessionUser,
    csrfToken: z.string(),
    idleExpiresAt: z.string(),
    absoluteExpiresAt: z.string(),
  }),
  z.object({
    state: z.literal("mfa-verification"),
    user: sessionUser,
    csrfToken: z.string(),
    factors: z.array(mfaFactorType),
    idleExpiresAt: z.string(),
    absoluteExpiresAt: z.string(),
  }),
  z.object({
    state: z.literal("authenticated"),
    user: sessionUser,
    csrfToken: z.string(),
    idleExpiresAt: z.string(),
    absoluteExpiresAt: z.string(),
  }),
]);
export type SessionResponse = z.infer<typeof sessionResponse>;

export const totpEnrollmentResponse = z.object({
  secret: z.string(),
  otpauthUrl: z.string(),
  issuer: z.string(),
  accountName: z.string(),
});
export type TotpEnrollmentResponse = z.infer<typeof totpEnrollmentResponse>;

export const totpConfirmRequest = z.object({ code: totpCodeField });
export const recoveryCodesResponse = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodesResponse = z.infer<typeof recoveryCodesResponse>;

export const mfaVerifyRequest = z.union([
  z.object({ code: totpCodeField }),
  z.object({ recoveryCode: text().trim().min(8).max(32) }),
]);
export type MfaVerifyRequest = z.infer<typeof mfaVerifyRequest>;

export const inviteInfoResponse = z.object({
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
});
export const acceptInviteRequest = z.object({ password: passwordField });
