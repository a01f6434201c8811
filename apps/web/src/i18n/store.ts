import {
  defaultUserPreferences,
  isLocale,
  negotiateLocale,
  type DateFormatPreference,
  type Locale,
} from "@steward/contracts";

/** What decides how texts, dates and numbers read: language, time zone, date format. */
export interface LocaleSettings {
  locale: Locale;
  /** An IANA zone, or undefined for the browser's own. */
  timeZone: string | undefined;
  dateFormat: DateFormatPreference;
}

const STORAGE_KEY = "steward.locale";

function storedLocale(): Locale | null {
  try {
    const value = globalThis.localStorage?.getItem(STORAGE_KEY);
    return isLocale(value) ? value : null;
  } catch {
    return null;
  }
}

/** The language before anyone signs in: the one last used in this browser, else the browser's own. */
export function initialLocale(): Locale {
  return storedLocale() ?? negotiateLocale(globalThis.navigator?.languages ?? []);
}

let settings: LocaleSettings = {
  locale: initialLocale(),
  timeZone: undefined,
  dateFormat: defaultUserPreferences.dateFormat,
};
const listeners = new Set<() => void>();

export function getLocaleSettings(): LocaleSettings {
  return settings;
}

export function subscribeLocaleSettings(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Changes the language, time zone or date format of the whole console. The language is also
 * remembered in this browser, so the sign-in page of the next visit speaks it.
 */
export function setLocaleSettings(change: Partial<LocaleSettings>): void {
  const next = { ...settings, ...change };
  if (
    next.locale === settings.locale &&
    next.timeZone === settings.timeZone &&
    next.dateFormat === settings.dateFormat
  )
    return;
  settings = next;
  if (change.locale) {
    try {
      globalThis.localStorage?.setItem(STORAGE_KEY, change.locale);
    } catch {
      // Storage may be unavailable (private mode); the choice then lasts for this page.
    }
  }
  for (const listener of listeners) listener();
}
