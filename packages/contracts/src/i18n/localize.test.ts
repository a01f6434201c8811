import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { demoRequestRules, messages, scriptMessages, STRIPPED_SCRIPT_CHARACTERS } from "@steward/domain";
import { ed25519PublicKey, x25519PublicKey } from "../agent/protocol.js";
import { checkJson, UNSTORABLE_TEXT_MESSAGE } from "../common.js";
import { activityQuery } from "../http/activities.js";
import { auditEventFilters } from "../http/audit.js";
import { emailField, passwordField, totpCodeField } from "../http/auth.js";
import { createCustomFieldRequest } from "../http/custom-fields.js";
import { listDevicesQuery } from "../http/device-criteria.js";
import { createDeviceRoleRequest } from "../http/device-roles.js";
import { runScriptJobContent } from "../http/jobs.js";
import { createOrganizationRequest } from "../http/organizations.js";
import { createTechnicianRoleRequest } from "../http/roles.js";
import { saveScheduledTaskRequest } from "../http/scheduled-tasks.js";
import { saveScriptRequest, scriptTemplateIdParam } from "../http/scripts.js";
import { generalSettings } from "../http/settings.js";
import { createTechnicianRequest } from "../http/technicians.js";
import { flattenCatalogue } from "./catalogue.js";
import { createMessageMatcher, fillTemplate } from "./localize.js";
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

  it("knows the texts of the domain's script and demo request rules, with their values", () => {
    const texts = [
      scriptMessages.parameterName,
      scriptMessages.parameterNameTaken("Target"),
      scriptMessages.choicesRequired,
      scriptMessages.choicesUnique,
      scriptMessages.choicesOnlyForChoice,
      scriptMessages.choiceStripped,
      scriptMessages.presetNameTaken("Nightly"),
      scriptMessages.unknownParameter("Path"),
      scriptMessages.boolean,
      scriptMessages.choice(["fast", "full"]),
      scriptMessages.unknownPreset("Weekly"),
      demoRequestRules.messages.emailInvalid,
      UNSTORABLE_TEXT_MESSAGE,
    ];
    expect(texts.filter((text) => match(text) === null)).toEqual([]);
    expect(match(scriptMessages.choice(["fast", "full"]))).toEqual({
      id: "validation.scripts.choice",
      values: { choices: "fast, full" },
    });
    expect(match(scriptMessages.choiceStripped)).toEqual({
      id: "validation.scripts.choiceStripped",
      values: { characters: STRIPPED_SCRIPT_CHARACTERS.join(" ") },
    });
  });
});

/** The messages of every issue a schema finds in a value. */
function issuesOf(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe("the contracts' own field messages", () => {
  const match = createMessageMatcher(flattenCatalogue(sharedEn));
  const held = (schema: z.ZodType, value: unknown) =>
    issuesOf(schema, value).map((text) => ({ text, found: match(text) }));

  it("come from the validation catalogue, values included", () => {
    const cases: [z.ZodType, unknown, string, Record<string, string>?][] = [
      [emailField, "not an address", "validation.email"],
      [passwordField, "short", "validation.password.tooShort", { min: "12" }],
      [passwordField, "x".repeat(300), "validation.password.tooLong", { max: "256" }],
      [totpCodeField, "12 ab 56", "validation.mfaCode"],
      [createOrganizationRequest, { name: "  " }, "validation.mandatory"],
      [createDeviceRoleRequest, { name: "", osFamily: "WINDOWS" }, "validation.mandatory"],
      [
        createTechnicianRoleRequest,
        { name: "Ops", permissions: [], allOrganizations: true },
        "validation.choosePermission",
      ],
      [
        createTechnicianRoleRequest,
        { name: "Ops", permissions: ["devices.read"], allOrganizations: false, organizationIds: [] },
        "validation.chooseOrganization",
      ],
      [
        createTechnicianRequest,
        { email: "ada@example.com", firstName: "Ada", lastName: "L", isSystemAdmin: false, roleIds: [] },
        "validation.chooseRole",
      ],
      [
        generalSettings.pick({ defaultTimeZone: true }),
        { defaultTimeZone: "Mars/Olympus" },
        "validation.unknownTimeZone",
      ],
      [scriptTemplateIdParam, { id: "Not Valid!" }, "validation.scripts.templateId"],
      [activityQuery, { scope: "device" }, "validation.activities.scopeId", { scope: "device" }],
      [
        activityQuery,
        { from: "2025-02-01T00:00:00Z", to: "2025-01-01T00:00:00Z" },
        "validation.activities.endBeforeStart",
      ],
      [activityQuery, { type: "lower" }, "validation.activities.type"],
      [
        auditEventFilters,
        { from: "2025-02-01T00:00:00Z", to: "2025-01-01T00:00:00Z" },
        "validation.audit.periodOrder",
      ],
      [
        listDevicesQuery,
        { cf: "oops" },
        "validation.customFieldDefinition.filter",
        { format: "<fieldId>:<op>:<value>" },
      ],
      [ed25519PublicKey, "abc", "validation.publicKey.ed25519"],
      [x25519PublicKey, "abc", "validation.publicKey.x25519"],
      [
        runScriptJobContent,
        { script: "echo", parameters: [{ name: "1x", value: "" }] },
        "validation.jobs.parameterName",
      ],
    ];
    for (const [schema, value, id, values] of cases) {
      const found = held(schema, value).map((issue) => issue.found);
      expect(found, id).toContainEqual({ id, values: values ?? {} });
    }
  });

  it("leave no custom message of a schema unknown to the matcher", () => {
    const values: [z.ZodType, unknown][] = [
      [createCustomFieldRequest, { name: "1bad", label: "X", type: "DROPDOWN", scope: "GLOBAL", roleId: 3 }],
      [createCustomFieldRequest, { name: "ok", label: "X", type: "TEXT", scope: "ROLE" }],
      [
        createCustomFieldRequest,
        { name: "ok", label: "X", type: "DROPDOWN", scope: "GLOBAL", options: { choices: ["a", "a"] } },
      ],
      [saveScriptRequest, { name: "", body: " ", language: "POWERSHELL", os: "WINDOWS", parameters: [] }],
      [
        saveScheduledTaskRequest,
        {
          name: "",
          targets: { deviceIds: [], groupIds: [], organizationIds: [] },
          action: {},
          timeZone: "Mars/Olympus",
          schedule: { repeats: "DAILY", every: 0, startDate: "x" },
        },
      ],
    ];
    const unknown: string[] = [];
    for (const [schema, value] of values) {
      const result = schema.safeParse(value);
      expect(result.success).toBe(false);
      if (result.success) continue;
      for (const issue of result.error.issues)
        if (issue.code === "custom" && match(issue.message) === null) unknown.push(issue.message);
    }
    expect(unknown).toEqual([]);
  });

  it("write the JSON value rules from the catalogue", () => {
    expect(match(checkJson(Number.NaN)!.message)).toEqual({ id: "validation.json.notFinite", values: {} });
    expect(match(checkJson({ a: { b: {} } }, { maxDepth: 2 })!.message)).toEqual({
      id: "validation.json.nestedTooDeeply",
      values: { max: "2" },
    });
    expect(match(checkJson("x".repeat(50), { maxBytes: 10 })!.message)).toEqual({
      id: "validation.json.tooLarge",
      values: { max: "10" },
    });
    expect(match(checkJson(new Date())!.message)?.id).toBe("validation.json.notJson");
  });

  it("are written through the catalogue, not as text in the schemas", () => {
    // A literal message in a schema file would be English the console cannot translate.
    const root = dirname(dirname(fileURLToPath(import.meta.url)));
    const files = [
      "common.ts",
      ...readdirSync(join(root, "http")).map((f) => join("http", f)),
      join("agent", "protocol.ts"),
    ].filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"));
    const literal =
      /(message:\s*["'`])|(\.(?:min|max|length|regex|refine|email)\([^()]*?,\s*["'`][A-Z])|(z\.email\(\s*["'`])|(fail\(\s*["'`])/;
    const offenders = files.flatMap((file) =>
      readFileSync(join(root, file), "utf8")
        .split("\n")
        .map((line, i) => ({ at: `${file}:${i + 1}`, line }))
        .filter(({ line }) => literal.test(line))
        .map(({ at, line }) => `${at} ${line.trim()}`),
    );
    expect(offenders).toEqual([]);
  });

  it("fill a template's plain values and leave unknown ones as written", () => {
    expect(fillTemplate("Value must be less than {max}", { max: 5 })).toBe("Value must be less than 5");
    expect(fillTemplate("{a} and {b}", { a: "x" })).toBe("x and {b}");
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
