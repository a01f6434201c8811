import { describe, expect, it } from "vitest";
import { errorCodes, flattenCatalogue, sharedDe, sharedEn } from "@steward/contracts";
import { scriptOsMismatchMessage, scriptOsMismatchValues } from "@steward/domain";
import { translatorFor, type SharedMessageId } from "../i18n/translator.js";
import { AppError } from "./app-error.js";
import { errorMessageIds } from "./error-messages.js";

const english = flattenCatalogue(sharedEn);
const german = flattenCatalogue(sharedDe);
const errorIds = Object.keys(flattenCatalogue({ errors: sharedEn.errors })) as SharedMessageId[];

// A value for every argument any error text takes (a count of 2 takes the "other" form).
const sample = {
  field: "organizationIds",
  issue: "Choose at least one organization",
  method: "GET",
  path: "/api/nothing",
  max: 64,
  seconds: 30,
  name: "Helpdesk",
  verb: "change",
  permissions: "devices.manage, jobs.run",
  id: 42,
  ids: "7, 9",
  role: "Web servers",
  os: "LINUX",
  action: "REBOOT",
  label: "Asset tag",
  type: "PATCH",
  status: "COMPLETED",
  script: "Defrag",
  scriptOs: "Windows",
  count: 2,
  devices: "db-1 (Linux), db-2 (Linux)",
  more: 0,
  min: 12,
  ip: "203.0.113.7",
};

describe("error texts", () => {
  it("format every errors id in English and German with its values, leaving no placeholder", () => {
    expect(errorIds.length).toBeGreaterThan(50);
    for (const id of errorIds) {
      for (const locale of ["en", "de"] as const) {
        const text = translatorFor(locale)(id, sample);
        expect(text, `${locale} ${id}`).not.toBe(id);
        expect(text, `${locale} ${id}`).not.toMatch(/[{}#]/);
      }
      // The German translator writes English for a broken or missing German text: it must differ
      // (unless the text has no words of its own, as "{field}: {issue}").
      const hasWords = /[A-Za-z]/.test(english[id]!.replace(/\{[^{}]*\}/g, ""));
      if (hasWords) expect(translatorFor("de")(id, sample), id).not.toBe(translatorFor("en")(id, sample));
      expect(german[id], id).toBeTruthy();
    }
  });

  it("puts each value where the English text names it", () => {
    const en = translatorFor("en");
    expect(en("errors.roles.inUse", { name: "Helpdesk" })).toBe(
      'The role "Helpdesk" is held by technicians: take it away from them first',
    );
    expect(en("errors.http.noEndpoint", { method: "GET", path: "/api/x" })).toBe(
      "No such endpoint: GET /api/x",
    );
    expect(en("errors.roles.exceedsGrants", { verb: "copy", permissions: "jobs.run" })).toBe(
      "You cannot copy a role with permissions you do not hold in all of its organizations: jobs.run",
    );
    expect(en("errors.roles.exceedsGrants", { verb: "create", permissions: "jobs.run" })).toMatch(
      /^You cannot create a role/,
    );
  });

  it("counts in English and German: one second, many seconds, digits as the server always wrote them", () => {
    const en = translatorFor("en");
    const de = translatorFor("de");
    expect(en("errors.auth.lockedOut", { seconds: 1 })).toBe(
      "Too many failed attempts. Try again in 1 second.",
    );
    expect(en("errors.auth.lockedOut", { seconds: 900 })).toBe(
      "Too many failed attempts. Try again in 900 seconds.",
    );
    expect(en("errors.http.nestedTooDeeply", { max: 64 })).toBe(
      "The request body is nested too deeply (at most 64 levels)",
    );
    expect(de("errors.auth.lockedOut", { seconds: 1 })).toBe(
      "Zu viele Fehlversuche. Versuchen Sie es in 1 Sekunde erneut.",
    );
    expect(de("errors.devices.tooManyTags", { max: 50 })).toBe("Ein Gerät kann höchstens 50 Tags haben");
  });

  it("writes a script's OS refusal exactly as the domain's rule does, for one device and for many", () => {
    const one = [{ name: "db-1", os: "LINUX" }];
    const five = ["a", "b", "c", "d", "e"].map((name) => ({ name, os: "WINDOWS" }));
    for (const devices of [one, five, five.slice(0, 3)]) {
      expect(
        translatorFor("en")(
          "errors.jobs.scriptOsMismatch",
          scriptOsMismatchValues("Mac only", "MAC", devices),
        ),
      ).toBe(scriptOsMismatchMessage("Mac only", "MAC", devices));
    }
    expect(
      translatorFor("de")("errors.jobs.scriptOsMismatch", scriptOsMismatchValues("Mac only", "MAC", five)),
    ).toBe(
      "Das Skript „Mac only“ ist für macOS geschrieben, aber 5 Geräte laufen mit einem anderen Betriebssystem: a (Windows), b (Windows), c (Windows) und 2 weitere",
    );
  });
});

describe("error codes and their texts", () => {
  it("gives every error code at least one catalogue text, each known in English and German", () => {
    for (const code of errorCodes) {
      const ids = errorMessageIds[code];
      expect(ids.length, code).toBeGreaterThan(0);
      for (const id of ids) {
        expect(english[id], `${code} ${id}`).toBeTruthy();
        expect(german[id], `${code} ${id}`).toBeTruthy();
      }
    }
  });

  it("uses every errors text for some code (no text the server can never answer)", () => {
    const used = new Set<string>(Object.values(errorMessageIds).flat());
    expect(errorIds.filter((id) => !used.has(id))).toEqual([]);
  });

  it("answers a code's first text when a throw gives none", () => {
    for (const code of errorCodes) {
      const error = new AppError(code, 400);
      expect(error.messageId, code).toBe(errorMessageIds[code][0]);
      expect(error.message, code).toBe(translatorFor("en")(errorMessageIds[code][0]));
    }
  });

  it("finds the catalogue id of a field message a rule wrote in English, and keeps an unknown one as it is", () => {
    const tag = new AppError("E_TAG_INVALID", 400, { english: "Tag cannot contain spaces" });
    expect(tag).toMatchObject({ messageId: "validation.tag.spaces", message: "Tag cannot contain spaces" });
    expect(tag.messageValues).toBeUndefined();
    const bound = new AppError("E_CUSTOM_FIELD_INVALID", 400, { english: "Value must be less than 10" });
    expect(bound).toMatchObject({ messageId: "validation.numeric.lessThan", messageValues: { max: "10" } });
    const odd = new AppError("E_VALIDATION", 400, { english: "Too small: expected number to be >=1" });
    expect(odd.message).toBe("Too small: expected number to be >=1");
    expect(odd.messageId).toBeUndefined();
  });

  it("renames a field of an error and adds a result code without losing its text", () => {
    const error = new AppError("E_VALIDATION", 400, {
      id: "errors.scripts.scriptOrTemplate",
      values: { field: "content.templateId" },
    });
    const renamed = error.with({ values: { field: "action.templateId" }, resultCode: "FAILURE" });
    expect(renamed).toMatchObject({
      code: "E_VALIDATION",
      statusCode: 400,
      messageId: "errors.scripts.scriptOrTemplate",
      messageValues: { field: "action.templateId" },
      message: "action.templateId: give a scriptId or a templateId, not both",
      resultCode: "FAILURE",
    });
  });
});
