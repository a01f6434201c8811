import { IntlMessageFormat } from "intl-messageformat";
import {
  defaultLocale,
  flattenCatalogue,
  sharedDe,
  sharedEn,
  type Locale,
  type MessagePaths,
} from "@steward/contracts";

/** An id of the texts the server and the console share ("mail.invitation.subject"). */
export type SharedMessageId = MessagePaths<typeof sharedEn>;
export type MessageValues = Record<string, string | number | Date>;
/** Formats one shared text in a fixed language. */
export type Translate = (id: SharedMessageId, values?: MessageValues) => string;

/** Each language's texts by flat id. */
export type Catalogues = Record<Locale, Readonly<Record<string, string>>>;

const shipped: Catalogues = { en: flattenCatalogue(sharedEn), de: flattenCatalogue(sharedDe) };

// Parsing a message is the costly part: each text is parsed once per language.
const compiled = new WeakMap<Readonly<Record<string, string>>, Map<string, IntlMessageFormat>>();

function formatterFor(texts: Readonly<Record<string, string>>, locale: Locale, id: string) {
  let cache = compiled.get(texts);
  if (!cache) compiled.set(texts, (cache = new Map()));
  const cached = cache.get(id);
  if (cached) return cached;
  const text = texts[id];
  if (text === undefined) return undefined;
  // Mail is plain text: "<" is a character, never the start of a rich-text tag.
  const formatter = new IntlMessageFormat(text, locale, undefined, { ignoreTag: true });
  cache.set(id, formatter);
  return formatter;
}

function format(catalogues: Catalogues, locale: Locale, id: string, values: MessageValues | undefined) {
  try {
    const formatter = formatterFor(catalogues[locale], locale, id);
    if (!formatter) return undefined;
    const out = formatter.format<string>(values);
    return Array.isArray(out) ? out.join("") : String(out);
  } catch {
    // A broken translation (bad syntax, a value it lacks) must not cost the reader the text.
    return undefined;
  }
}

/**
 * The shared texts in one language. A text missing or broken there is written in English;
 * an id no catalogue knows comes back as itself, so the gap shows instead of failing.
 */
export function translatorFor(locale: Locale, catalogues: Catalogues = shipped): Translate {
  return (id, values) =>
    format(catalogues, locale, id, values) ??
    (locale === defaultLocale ? undefined : format(catalogues, defaultLocale, id, values)) ??
    id;
}
