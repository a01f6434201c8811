import { generalSettings, type GeneralSettings } from "@steward/contracts";

/** What general settings are before anyone saves them. */
export const GENERAL_SETTINGS_DEFAULTS: GeneralSettings = { companyName: "", defaultTimeZone: "UTC" };

/** The stored JSON as the contract's shape; a missing or unreadable field falls back to its default. */
export function presentGeneralSettings(stored: unknown): GeneralSettings {
  const value = (typeof stored === "object" && stored !== null ? stored : {}) as Record<string, unknown>;
  const companyName = generalSettings.shape.companyName.safeParse(value.companyName);
  const defaultTimeZone = generalSettings.shape.defaultTimeZone.safeParse(value.defaultTimeZone);
  return {
    companyName: companyName.success ? companyName.data : GENERAL_SETTINGS_DEFAULTS.companyName,
    defaultTimeZone: defaultTimeZone.success
      ? defaultTimeZone.data
      : GENERAL_SETTINGS_DEFAULTS.defaultTimeZone,
  };
}
