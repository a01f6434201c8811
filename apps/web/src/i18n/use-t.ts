import { useMemo, type ReactNode } from "react";
import { useIntl } from "react-intl";
import type { Locale } from "@steward/contracts";
import type { MessageKey } from "./catalogue";
import { formatWith, isMessageKey, missingMessages, type MessageValues } from "./intl";

type RichValue = string | number | ReactNode | ((chunks: ReactNode[]) => ReactNode);

export interface Translate {
  /** The text of `id` in the reader's language, with ICU values filled in. */
  (id: MessageKey, values?: MessageValues): string;
  /** A text with markup: `<link>…</link>` in the message becomes `values.link(chunks)`. */
  rich(id: MessageKey, values: Record<string, RichValue>): ReactNode;
  locale: Locale;
}

/** The translator of the current language; components re-render when the language changes. */
export function useT(): Translate {
  const intl = useIntl();
  return useMemo(() => {
    const rich = (id: MessageKey, values: Record<string, RichValue>): ReactNode => {
      if (!isMessageKey(id)) {
        missingMessages.add(id);
        return id;
      }
      return intl.formatMessage({ id }, values as never) as ReactNode;
    };
    return Object.assign((id: MessageKey, values?: MessageValues) => formatWith(intl, id, values), {
      rich,
      locale: intl.locale as Locale,
    });
  }, [intl]);
}
