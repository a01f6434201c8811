import { activityEn } from "./en/activity.js";
import { errorsEn } from "./en/errors.js";
import { mailEn } from "./en/mail.js";
import { validationEn } from "./en/validation.js";

/**
 * Texts the server and the console share, in English (the source). Texts are ICU messages:
 * `{name}` for a value, `{count, plural, one {…} other {…}}` for plurals.
 */
export const sharedEn = {
  errors: errorsEn,
  validation: validationEn,
  mail: mailEn,
  activity: activityEn,
} as const;
