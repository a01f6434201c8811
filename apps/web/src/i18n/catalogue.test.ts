import { TYPE, parse, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { describe, expect, it } from "vitest";
import { messagesByLocale } from "./catalogue";

/** The names of a message's arguments and tags (the values a caller must give). */
function argumentsOf(elements: MessageFormatElement[], names = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
    names.add(element.value);
    if (element.type === TYPE.tag) argumentsOf(element.children, names);
    if (element.type === TYPE.plural || element.type === TYPE.select)
      for (const option of Object.values(element.options)) argumentsOf(option.value, names);
  }
  return names;
}

const english = messagesByLocale.en;
const german = messagesByLocale.de;

/**
 * Texts that read the same in German (names, abbreviations, words German borrowed). A text of
 * more than one word that reads the same in German must be listed here, or it was not translated.
 */
const sameInGerman = new Set<string>([]);

describe("the catalogues", () => {
  it("ship German with exactly the ids of English", () => {
    expect(Object.keys(german).filter((id) => !(id in english))).toEqual([]);
    expect(Object.keys(english).filter((id) => !(id in german))).toEqual([]);
  });

  it("hold valid ICU messages whose German takes the same values as the English", () => {
    const problems: string[] = [];
    for (const [id, source] of Object.entries(english)) {
      try {
        const expected = [...argumentsOf(parse(source))].sort();
        const actual = [...argumentsOf(parse(german[id] ?? ""))].sort();
        if (expected.join() !== actual.join())
          problems.push(`${id}: English takes {${expected}}, German {${actual}}`);
      } catch (error) {
        problems.push(`${id}: ${(error as Error).message}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it("leave no sentence untranslated in German", () => {
    const untranslated = Object.entries(english)
      .filter(([id, text]) => german[id] === text && /\p{L}+\s+\p{L}+/u.test(text) && !sameInGerman.has(text))
      .map(([id, text]) => `${id}: ${text}`);
    expect(untranslated).toEqual([]);
  });
});
