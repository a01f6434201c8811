import { within } from "@testing-library/react";
import { expect } from "vitest";
import { messagesByLocale } from "../i18n/catalogue";

/** The English texts of some namespaces ("dashboard.") whose German reads differently (texts without values). */
export function englishOnlyTexts(...prefixes: string[]): string[] {
  return Object.entries(messagesByLocale.en)
    .filter(([id, text]) => prefixes.some((p) => id.startsWith(p)) && !/[{}<]/.test(text))
    .filter(([id, text]) => messagesByLocale.de[id] !== text)
    .map(([, text]) => text);
}

/** Fails on any English text of those namespaces inside `root`, shown or as a name (label, placeholder, title). */
export function expectNoEnglish(root: HTMLElement, ...prefixes: string[]): void {
  const englishOnly = englishOnlyTexts(...prefixes);
  const left: string[] = [];
  for (const text of englishOnly) if (within(root).queryAllByText(text).length > 0) left.push(text);
  for (const element of Array.from(root.querySelectorAll("[aria-label], [placeholder], [title]")))
    for (const name of ["aria-label", "placeholder", "title"]) {
      const value = element.getAttribute(name);
      if (value && englishOnly.includes(value)) left.push(`${name}=${value}`);
    }
  expect(left).toEqual([]);
}
