import { z } from "zod";
import { canonicalTimeZone, conditionSeverities } from "@steward/domain";
import { supportedLocales } from "../i18n/locales.js";
import { sharedEn } from "../i18n/shared/en.js";

export const themePreference = z.enum(["light", "dark", "system"]);
export type ThemePreference = z.infer<typeof themePreference>;

/**
 * How dates and times are written: "locale" as the chosen language writes them, "iso" as
 * 2025-11-22 14:30, "dmy" as 22.11.2025 14:30, "mdy" as 11/22/2025 2:30 PM.
 */
export const dateFormatPreference = z.enum(["locale", "iso", "dmy", "mdy"]);
export type DateFormatPreference = z.infer<typeof dateFormatPreference>;

/** A console page: an absolute path inside the console, never an API path or another host. */
const startPage = z
  .string()
  .max(300)
  .refine(
    (path) => /^\/(?!\/)[^\s\\]*$/.test(path) && !/^\/api(\/|$)/i.test(path),
    sharedEn.validation.startPage,
  );

const timeZone = z
  .string()
  .max(64)
  .refine((zone) => canonicalTimeZone(zone) !== null, sharedEn.validation.unknownTimeZone);

/** A technician's own settings of the console; kept on the server, so they follow the person. */
export const userPreferences = z.object({
  /** null: the browser's language. */
  language: z.enum(supportedLocales).nullable(),
  theme: themePreference,
  /** null: the browser's time zone. */
  timeZone: timeZone.nullable(),
  dateFormat: dateFormatPreference,
  /** null: the dashboard. */
  startPage: startPage.nullable(),
  /**
   * Alert severities emailed to the technician (by conditions that notify technicians); [] for
   * none. Always answered; optional in a form that does not show it.
   */
  alertEmailSeverities: z.array(z.enum(conditionSeverities)).max(conditionSeverities.length).optional(),
});
export type UserPreferences = z.infer<typeof userPreferences>;

export const defaultUserPreferences: UserPreferences = {
  language: null,
  theme: "system",
  timeZone: null,
  dateFormat: "locale",
  startPage: null,
  alertEmailSeverities: ["CRITICAL", "MAJOR"],
};

/** PUT /api/me/preferences: any subset; the answer is the whole saved set. */
export const updateUserPreferencesRequest = userPreferences.partial().strict();
export type UpdateUserPreferencesRequest = z.infer<typeof updateUserPreferencesRequest>;
