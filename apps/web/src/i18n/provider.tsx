import { Fragment, useEffect, useSyncExternalStore, type ReactNode } from "react";
import { RawIntlProvider } from "react-intl";
import { z } from "zod";
import { de as zodDe, en as zodEn } from "zod/locales";
import { intlFor } from "./intl";
import { getLocaleSettings, subscribeLocaleSettings } from "./store";

/**
 * Gives the console its language, time zone and date format. Changing any of them renders the
 * pages anew, so every text, date and number follows at once.
 */
export function I18nProvider({ children }: { children: ReactNode }) {
  const { locale, timeZone, dateFormat } = useSyncExternalStore(
    subscribeLocaleSettings,
    getLocaleSettings,
    getLocaleSettings,
  );

  useEffect(() => {
    document.documentElement.lang = locale;
    // Zod's own messages (for rules without a message of ours) in the same language.
    z.config(locale === "de" ? zodDe() : zodEn());
  }, [locale]);

  return (
    <RawIntlProvider value={intlFor(locale, timeZone)}>
      <Fragment key={`${locale}|${timeZone ?? ""}|${dateFormat}`}>{children}</Fragment>
    </RawIntlProvider>
  );
}
