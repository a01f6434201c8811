/** The languages the console ships complete; English is the source every other one translates. */
export const supportedLocales = ["en", "de"] as const;
export type Locale = (typeof supportedLocales)[number];

export const defaultLocale: Locale = "en";

/** Each language's name in itself, as a language picker shows it. */
export const localeNames: Record<Locale, string> = { en: "English", de: "Deutsch" };

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (supportedLocales as readonly string[]).includes(value);
}

/** The language tags of an Accept-Language header, best first (quality 0 dropped). */
export function parseAcceptLanguage(header: string): string[] {
  return header
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const quality = q ? Number(q.slice(2)) : 1;
      return { tag: tag.trim(), quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((entry) => entry.tag !== "" && entry.tag !== "*" && entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index)
    .map((entry) => entry.tag);
}

/**
 * The first supported language among the preferred ones ("de-AT" counts as German), or English.
 * Takes a list of tags (navigator.languages) or an Accept-Language header.
 */
export function negotiateLocale(preferred: readonly string[] | string | null | undefined): Locale {
  const tags = typeof preferred === "string" ? parseAcceptLanguage(preferred) : (preferred ?? []);
  for (const tag of tags) {
    const primary = tag.toLowerCase().split(/[-_]/)[0];
    if (isLocale(primary)) return primary;
  }
  return defaultLocale;
}
