import type { Translation } from "../catalogue.js";
import { activityDe } from "./de/activity.js";
import { errorsDe } from "./de/errors.js";
import { mailDe } from "./de/mail.js";
import { validationDe } from "./de/validation.js";
import type { sharedEn } from "./en.js";

export const sharedDe: Translation<typeof sharedEn> = {
  errors: errorsDe,
  validation: validationDe,
  mail: mailDe,
  activity: activityDe,
};
