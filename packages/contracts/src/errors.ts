import { z } from "zod";

/** Stable error codes; the web switches on these, never on messages. */
export const errorCodes = [
  "E_VALIDATION",
  "E_BAD_JSON",
  "E_BODY_TOO_LARGE",
  "E_UNSUPPORTED_MEDIA_TYPE",
  "E_NOT_FOUND",
  "E_METHOD_NOT_ALLOWED",
  "E_UNAUTHENTICATED",
  "E_SESSION_EXPIRED",
  "E_MFA_REQUIRED",
  "E_FORBIDDEN",
  "E_CSRF",
  "E_INVALID_CREDENTIALS",
  "E_LOCKED_OUT",
  "E_RATE_LIMITED",
  "E_MFA_INVALID_CODE",
  "E_MFA_ALREADY_ENROLLED",
  "E_MFA_NOT_ENROLLED",
  "E_MFA_ENROLLMENT_NOT_STARTED",
  "E_WEAK_PASSWORD",
  "E_SETUP_ALREADY_DONE",
  "E_USER_NOT_FOUND",
  "E_USER_DISABLED",
  "E_EMAIL_TAKEN",
  "E_INVITE_INVALID",
  "E_CANNOT_MODIFY_SELF",
  "E_ORGANIZATION_NOT_FOUND",
  "E_ORGANIZATION_NAME_TAKEN",
  "E_LOCATION_NOT_FOUND",
  "E_LOCATION_NAME_TAKEN",
  "E_DEFAULT_LOCATION_UNDELETABLE",
  "E_LAST_ADMIN",
  "E_INVITE_NOT_PENDING",
  "E_ENROLLMENT_TOKEN_INVALID",
  "E_ENROLLMENT_TOKEN_EXPIRED",
  "E_ENROLLMENT_TOKEN_REVOKED",
  "E_ENROLLMENT_TOKEN_EXHAUSTED",
  "E_ENROLLMENT_WRONG_ORGANIZATION",
  "E_ENROLLMENT_REJECTED",
  "E_DEVICE_KEY_TAKEN",
  "E_ENROLLMENT_TOKEN_NOT_FOUND",
  "E_DEVICE_NOT_FOUND",
  "E_DEVICE_NOT_PENDING",
  "E_TAG_INVALID",
  "E_LOCATION_HAS_DEVICES",
  "E_DEVICE_ROLE_NOT_FOUND",
  "E_DEVICE_ROLE_NAME_TAKEN",
  "E_DEVICE_ROLE_BUILT_IN",
  "E_SAVED_SEARCH_NOT_FOUND",
  "E_SAVED_SEARCH_NAME_TAKEN",
  "E_CUSTOM_FIELD_NOT_FOUND",
  "E_CUSTOM_FIELD_NAME_TAKEN",
  "E_CUSTOM_FIELD_INVALID",
  "E_CUSTOM_FIELD_READ_ONLY",
  "E_CUSTOM_FIELD_NOT_APPLICABLE",
  "E_INVALID_JOB_TYPE",
  "E_JOB_NOT_FOUND",
  "E_JOB_TRANSITION",
  "E_DEVICE_NOT_APPROVED",
  "E_SCRIPT_NOT_FOUND",
  "E_SCRIPT_NAME_TAKEN",
  "E_SCRIPT_TEMPLATE_NOT_FOUND",
  "E_CREDENTIAL_NOT_FOUND",
  "E_CREDENTIAL_NAME_TAKEN",
  "E_NO_USABLE_MAC_ADDRESSES",
  "E_SCRIPT_OS_MISMATCH",
  "E_DEVICES_CACHE_EXPIRED",
  "E_RUN_AS_INVALID",
  "E_ROLE_NOT_FOUND",
  "E_ROLE_NAME_TAKEN",
  "E_ROLE_BUILT_IN",
  "E_ROLE_IN_USE",
  "E_ROLE_EXCEEDS_GRANTS",
  "E_POLICY_NOT_FOUND",
  "E_POLICY_NAME_TAKEN",
  "E_POLICY_DEFAULT_UNDELETABLE",
  "E_POLICY_IN_USE",
  "E_POLICY_PARENT_INVALID",
  "E_POLICY_CLASS_MISMATCH",
  "E_INTERNAL",
] as const;

export type ErrorCode = (typeof errorCodes)[number];

/** The one error body every failing /api request answers with. */
export const errorResponseSchema = z
  .object({
    code: z.enum(errorCodes),
    message: z.string(),
    details: z.unknown().optional(),
    requestId: z.string(),
    /** Present on calls whose spec'd answers carry a resultCode (e.g. GET /api/client/{id}). */
    resultCode: z.string().optional(),
    /**
     * The shared catalogue's id of the message ("errors.roles.inUse"); `message` is its English text
     * formatted with `messageValues`, so a console can write the same message in another language.
     */
    messageId: z.string().optional(),
    /** The values of the message's arguments (names, counts; never secrets). */
    messageValues: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  })
  .meta({ id: "Error" });

export type ErrorResponse = z.infer<typeof errorResponseSchema>;
