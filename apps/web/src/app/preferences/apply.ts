import { useEffect, useRef } from "react";
import { useMantineColorScheme, type MantineColorScheme } from "@mantine/core";
import { useQueryClient, type QueryClient } from "@tanstack/react-query";
import { negotiateLocale, type ThemePreference, type UserPreferences } from "@steward/contracts";
import { setLocaleSettings, type LocaleSettings } from "../../i18n";

/** The colour scheme Mantine uses for each theme choice ("system" follows the operating system). */
export const colorSchemeOf: Record<ThemePreference, MantineColorScheme> = {
  light: "light",
  dark: "dark",
  system: "auto",
};

export const themeOf: Record<MantineColorScheme, ThemePreference> = {
  light: "light",
  dark: "dark",
  auto: "system",
};

/** The browser's own language among the console's languages. */
export function browserLocale() {
  return negotiateLocale(globalThis.navigator?.languages ?? []);
}

/** Language, time zone and date format of saved preferences (unset ones: the browser's). */
export function localeSettingsOf(
  preferences: Pick<UserPreferences, "language" | "timeZone" | "dateFormat">,
): LocaleSettings {
  return {
    locale: preferences.language ?? browserLocale(),
    timeZone: preferences.timeZone ?? undefined,
    dateFormat: preferences.dateFormat,
  };
}

/**
 * The saved preferences last applied, per console (its query client outlives the pages, which a
 * language change renders anew): a page mounting again must not re-apply an older saved set
 * while a change is still on its way to the server.
 */
const lastApplied = new WeakMap<QueryClient, string>();

/**
 * Applies a technician's saved preferences to the console whenever the session brings other ones
 * (sign-in, another browser's change): language, time zone, date format and theme. The theme also
 * stays in this browser's storage, so the next visit paints in it before the console loads.
 */
export function useApplyPreferences(userId: number, preferences: UserPreferences | undefined): void {
  const queryClient = useQueryClient();
  const { setColorScheme } = useMantineColorScheme();
  const setScheme = useRef(setColorScheme);
  useEffect(() => {
    setScheme.current = setColorScheme;
  }, [setColorScheme]);
  const key = preferences ? `${userId}|${JSON.stringify(preferences)}` : null;
  useEffect(() => {
    if (!key || lastApplied.get(queryClient) === key) return;
    lastApplied.set(queryClient, key);
    const saved = JSON.parse(key.slice(key.indexOf("|") + 1)) as UserPreferences;
    setLocaleSettings(localeSettingsOf(saved));
    setScheme.current(colorSchemeOf[saved.theme]);
  }, [key, queryClient]);
}
