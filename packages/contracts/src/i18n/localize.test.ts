import { describe, expect, it } from "vitest";
import { messages } from "@steward/domain";
import { flattenCatalogue } from "./catalogue.js";
import { createMessageMatcher } from "./localize.js";
import { negotiateLocale, parseAcceptLanguage } from "./locales.js";
import { sharedDe } from "./shared/de.js";
import { sharedEn } from "./shared/en.js";

describe("message matcher", () => {
  const match = createMessageMatcher(flattenCatalogue(sharedEn));

  it("finds the id of a fixed text and of a text with values", () => {
    expect(match(messages.mandatory)).toEqual({ id: "validation.mandatory", values: {} });
    expect(match(messages.numeric.decimals(2))).toEqual({
      id: "validation.numeric.decimals",
      values: { n: "2" },
    });
    expect(match(messages.numeric.greaterOrEqual(-5))).toEqual({
      id: "validation.numeric.greaterOrEqual",
      values: { min: "-5" },
    });
  });

  it("knows every fixed text of the domain's messages", () => {
    const fixed: string[] = [];
    const walk = (node: unknown) => {
      for (const value of Object.values(node as object)) {
        if (typeof value === "string") fixed.push(value);
        else if (typeof value === "object") walk(value);
      }
    };
    walk({ ...messages, demoRequest: {} });
    expect(fixed.filter((text) => match(text) === null)).toEqual([]);
  });

  it("answers null for a text no template made", () => {
    expect(match("Something else entirely")).toBeNull();
  });
});

describe("locales", () => {
  it("reads Accept-Language by quality, and falls back to English", () => {
    expect(parseAcceptLanguage("fr;q=0.5, de-AT, en;q=0.8, *;q=0.1")).toEqual(["de-AT", "en", "fr"]);
    expect(negotiateLocale("fr-FR, de;q=0.9")).toBe("de");
    expect(negotiateLocale(["ja", "pt-BR"])).toBe("en");
    expect(negotiateLocale("de;q=0")).toBe("en");
  });

  it("ships German with the same ids as English", () => {
    expect(Object.keys(flattenCatalogue(sharedDe)).sort()).toEqual(
      Object.keys(flattenCatalogue(sharedEn)).sort(),
    );
  });
});
