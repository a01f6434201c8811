import { isMessageKey, translate, useT, type Translate } from "../i18n";

/**
 * A registry text (title, tab or sidebar label, area, section) as people read it: a catalogue id
 * is shown in the reader's language; any other value is shown as it is.
 */
export function routeTextWith(t: Translate | typeof translate, text: string): string {
  return isMessageKey(text) ? t(text) : text;
}

/** The registry texts of the current language, for components (they re-render with the language). */
export function useRouteText(): (text: string) => string {
  const t = useT();
  return (text) => routeTextWith(t, text);
}

/** A registry text in the current language, for code outside components. */
export function routeText(text: string): string {
  return routeTextWith(translate, text);
}
