import { afterEach, describe, expect, it } from "vitest";
import { messages } from "@steward/domain";
import { describeApiError, localizeText } from "./localize";
import { setLocaleSettings } from "./store";

describe("texts the server and the shared schemas write in English", () => {
  afterEach(() => setLocaleSettings({ locale: "en" }));

  it("show in German when the catalogue knows them, and as they came otherwise", () => {
    setLocaleSettings({ locale: "de" });
    expect(localizeText(messages.mandatory)).toBe("Pflichtwert fehlt. Bitte geben Sie einen Wert ein.");
    expect(localizeText(messages.numeric.lessOrEqual(365))).toBe(
      "Der Wert muss kleiner oder gleich 365 sein",
    );
    expect(localizeText("Something only the server knows")).toBe("Something only the server knows");
    // Activity messages the server stored in English.
    expect(localizeText("Device vm-01 enrolled (waiting for approval)")).toBe(
      "Gerät vm-01 registriert (wartet auf Genehmigung)",
    );
    expect(localizeText("Tag web added by Ada Lovelace")).toBe("Tag web hinzugefügt von Ada Lovelace");
  });

  it("show a server error by its message id, with an English issue inside translated too", () => {
    setLocaleSettings({ locale: "de" });
    const shown = describeApiError({
      message: `name: ${messages.mandatory}`,
      messageId: "errors.validation.field",
      messageValues: { field: "name", issue: messages.mandatory },
    });
    expect(shown).toContain("Pflichtwert fehlt");
    expect(shown).not.toContain("Mandatory value");
    setLocaleSettings({ locale: "en" });
    expect(
      describeApiError({
        message: "x",
        messageId: "errors.validation.field",
        messageValues: { field: "name", issue: "y" },
      }),
    ).toBe("name: y");
  });
});
