import { defaultUserPreferences, userPreferences, type UserPreferences } from "@steward/contracts";
import type { PreferencesRow } from "./preferences.repository.js";

/**
 * A stored row as the contract shapes it. A value the contract no longer accepts (a language
 * dropped, a time zone renamed away) falls back to its default alone, so one stale setting
 * never costs the others.
 */
export function presentPreferences(row: PreferencesRow | undefined): UserPreferences {
  if (!row) return { ...defaultUserPreferences };
  const result: Record<string, unknown> = {};
  for (const key of Object.keys(defaultUserPreferences) as (keyof UserPreferences)[]) {
    const parsed = userPreferences.shape[key].safeParse(row[key]);
    result[key] = parsed.success ? parsed.data : defaultUserPreferences[key];
  }
  return result as UserPreferences;
}
