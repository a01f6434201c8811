import { describe, expect, it } from "vitest";
import { flattenCatalogue, sharedDe, sharedEn, supportedLocales } from "@steward/contracts";
import { translatorFor, type Catalogues, type SharedMessageId } from "./translator.js";

const mailIds = Object.keys(flattenCatalogue({ mail: sharedEn.mail })) as SharedMessageId[];
// Values for every argument any mail text takes.
// Every value any mail text takes (invitations, alerts).
const sampleValues = {
  inviter: "Ada Admin",
  hours: 24,
  url: "https://steward.example/invite/abc",
  severity: "Critical",
  priority: "High",
  condition: "Disk almost full",
  device: "web-01",
  organization: "Acme",
  detail: "/ 3% free",
};

describe("mail texts", () => {
  it("exist in every language and format with their values, leaving no placeholder behind", () => {
    expect(mailIds.length).toBeGreaterThan(0);
    const english = flattenCatalogue(sharedEn);
    const german = flattenCatalogue(sharedDe);
    for (const id of mailIds) {
      expect(german[id], id).toBeTruthy();
      // A German text identical to the English one was left untranslated.
      expect(german[id], id).not.toBe(english[id]);
      for (const locale of supportedLocales) {
        const text = translatorFor(locale)(id, sampleValues);
        expect(text, `${locale} ${id}`).not.toBe(id);
        expect(text, `${locale} ${id}`).not.toMatch(/[{}#]/);
      }
    }
  });

  it("keeps a value's characters as they are (no markup, no quoting)", () => {
    const text = translatorFor("en")("mail.invitation.body", {
      ...sampleValues,
      inviter: "<b>O'Brien</b> {x}",
    });
    expect(text.startsWith("<b>O'Brien</b> {x} invited you")).toBe(true);
  });
});

describe("the translator's fallbacks", () => {
  const id = "mail.invitation.subject" as SharedMessageId;
  const english = { [id]: "Hello {name}" };

  it("writes a text missing in the language in English", () => {
    const catalogues: Catalogues = { en: english, de: {} };
    expect(translatorFor("de", catalogues)(id, { name: "Ada" })).toBe("Hello Ada");
  });

  it("writes a broken translation in English instead of failing", () => {
    const catalogues: Catalogues = { en: english, de: { [id]: "Hallo {name" } };
    expect(translatorFor("de", catalogues)(id, { name: "Ada" })).toBe("Hello Ada");
  });

  it("answers the id itself for a text no language has", () => {
    expect(translatorFor("de", { en: {}, de: {} })(id)).toBe(id);
  });
});
