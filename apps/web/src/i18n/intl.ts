import { createIntl, createIntlCache, type IntlShape } from "react-intl";
import type { Locale } from "@steward/contracts";
import { messagesByLocale, type MessageKey } from "./catalogue";
import { getLocaleSettings } from "./store";

const cache = createIntlCache();
const intls = new Map<string, IntlShape>();

/** Ids asked for that no catalogue holds (tests fail on these; in use they show the id). */
export const missingMessages = new Set<string>();

/** The FormatJS formatter of a language and time zone (one per pair, reused). */
export function intlFor(locale: Locale, timeZone?: string): IntlShape {
  const key = `${locale}|${timeZone ?? ""}`;
  let intl = intls.get(key);
  if (!intl) {
    intl = createIntl(
      {
        locale,
        defaultLocale: "en",
        messages: messagesByLocale[locale],
        ...(timeZone ? { timeZone } : {}),
        onError: (error) => {
          if (error.code === "MISSING_TRANSLATION") return;
          console.error(error);
        },
      },
      cache,
    );
    intls.set(key, intl);
  }
  return intl;
}

/** The formatter of the console's current settings. */
export function currentIntl(): IntlShape {
  const { locale, timeZone } = getLocaleSettings();
  return intlFor(locale, timeZone);
}

export type MessageValues = Record<string, string | number | boolean | Date | null | undefined>;

/** True when `id` names a text of the catalogue (for ids built at run time, such as error codes). */
export function isMessageKey(id: string): id is MessageKey {
  return id in messagesByLocale.en;
}

/** A text of the catalogue in the given formatter's language; an unknown id is recorded and shown as is. */
export function formatWith(intl: IntlShape, id: MessageKey, values?: MessageValues): string {
  if (!(id in messagesByLocale.en)) {
    missingMessages.add(id);
    return id;
  }
  return intl.formatMessage({ id }, values as Record<string, string | number | boolean | Date | null>);
}

/** A text in the current language, for code outside components (notifications, helpers). */
export function translate(id: MessageKey, values?: MessageValues): string {
  return formatWith(currentIntl(), id, values);
}
