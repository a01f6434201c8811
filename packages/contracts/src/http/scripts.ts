import { z } from "zod";
import { validationEn } from "../i18n/shared/en/validation.js";
import {
  checkScriptDefinition,
  messages,
  SCRIPT_ARCHITECTURES,
  SCRIPT_DEFAULT_TIMEOUT_SECONDS,
  SCRIPT_LANGUAGES,
  SCRIPT_MAX_BODY,
  SCRIPT_MAX_PARAMETERS,
  SCRIPT_MAX_PRESETS,
  SCRIPT_MAX_TIMEOUT_SECONDS,
  SCRIPT_OPERATING_SYSTEMS,
  SCRIPT_PARAMETER_NAME,
  SCRIPT_PARAMETER_TYPES,
  scriptMessages,
} from "@steward/domain";
import { pageNumber, text } from "../common.js";

export const scriptLanguage = z.enum(SCRIPT_LANGUAGES);
export const scriptOs = z.enum(SCRIPT_OPERATING_SYSTEMS);
export const scriptArchitecture = z.enum(SCRIPT_ARCHITECTURES);
export const scriptParameterType = z.enum(SCRIPT_PARAMETER_TYPES);

const mandatoryText = (max: number) => text().trim().min(1, messages.mandatory).max(max);

export const scriptParameter = z.object({
  name: text().regex(SCRIPT_PARAMETER_NAME, scriptMessages.parameterName),
  label: mandatoryText(200),
  type: scriptParameterType,
  required: z.boolean().default(false),
  defaultValue: text().max(10_000).default(""),
  choices: z.array(text().min(1, messages.mandatory).max(200)).max(200).optional(),
  /** Help text shown under the field. */
  description: text().trim().max(1000).default(""),
});
export type ScriptParameter = z.infer<typeof scriptParameter>;

export const scriptPreset = z.object({
  name: mandatoryText(100),
  /** Parameter name → value; parameters left out keep their default. */
  values: z.record(text().max(200), text().max(10_000)).default({}),
});
export type ScriptPreset = z.infer<typeof scriptPreset>;

const definitionFields = {
  name: mandatoryText(200),
  description: text().trim().max(4000).default(""),
  language: scriptLanguage,
  os: scriptOs,
  architecture: scriptArchitecture.default("ALL"),
  timeoutSeconds: z
    .number()
    .int()
    .min(1, messages.numeric.greaterOrEqual(1))
    .max(SCRIPT_MAX_TIMEOUT_SECONDS, messages.numeric.lessOrEqual(SCRIPT_MAX_TIMEOUT_SECONDS))
    .default(SCRIPT_DEFAULT_TIMEOUT_SECONDS),
  parameters: z.array(scriptParameter).max(SCRIPT_MAX_PARAMETERS).default([]),
  presets: z.array(scriptPreset).max(SCRIPT_MAX_PRESETS).default([]),
  body: text()
    .max(SCRIPT_MAX_BODY)
    .refine((b) => b.trim() !== "", messages.mandatory),
};

function checkDefinition(
  v: { parameters: ScriptParameter[]; presets: ScriptPreset[] },
  ctx: z.RefinementCtx,
) {
  for (const issue of checkScriptDefinition(v.parameters, v.presets))
    ctx.addIssue({ code: "custom", path: issue.path, message: issue.message });
}

/** POST /api/scripts and PUT /api/scripts/:id (a PUT replaces the whole script). */
export const saveScriptRequest = z.object(definitionFields).superRefine(checkDefinition);
export type SaveScriptRequest = z.input<typeof saveScriptRequest>;

const scriptFields = {
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  language: scriptLanguage,
  os: scriptOs,
  architecture: scriptArchitecture,
  timeoutSeconds: z.number().int(),
  parameters: z.array(scriptParameter),
  presets: z.array(scriptPreset),
  /** The template it was copied from, if any. */
  templateId: z.string().nullable(),
  createdBy: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  updatedBy: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
};

/** A library script in lists (no body). */
export const scriptSummary = z.object(scriptFields);
export type ScriptSummary = z.infer<typeof scriptSummary>;

export const scriptDetail = z.object({ ...scriptFields, body: z.string() });
export type ScriptDetail = z.infer<typeof scriptDetail>;

export const scriptListQuery = z.object({
  page: pageNumber(),
  pageSize: z.coerce.number().int().min(1).max(500).default(50),
  /** Name or description contains (case-insensitive). */
  search: text().trim().max(200).optional(),
  language: scriptLanguage.optional(),
  /** Exactly this target OS. */
  os: scriptOs.optional(),
  /** Scripts a device of this OS can run: its own OS and ANY. */
  runnableOn: z.enum(["WINDOWS", "MAC", "LINUX"]).optional(),
});
export type ScriptListQuery = z.input<typeof scriptListQuery>;

export const scriptList = z.object({
  items: z.array(scriptSummary),
  total: z.number().int().nonnegative(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ScriptList = z.infer<typeof scriptList>;

// ---- Template scripts (/editor/templateScript/:id): built in, read-only, copied into the library ----

export const scriptTemplateCategory = z.enum([
  "Maintenance",
  "Diagnostics",
  "Security",
  "Networking",
  "Users",
  "Updates",
]);

const templateFields = {
  id: z.string(),
  name: z.string(),
  description: z.string(),
  category: scriptTemplateCategory,
  language: scriptLanguage,
  os: scriptOs,
  architecture: scriptArchitecture,
  timeoutSeconds: z.number().int(),
  parameters: z.array(scriptParameter),
  presets: z.array(scriptPreset),
  /** True when the script only reads and reports: it changes nothing on the device. */
  readOnly: z.boolean(),
};

export const scriptTemplateSummary = z.object(templateFields);
export type ScriptTemplateSummary = z.infer<typeof scriptTemplateSummary>;
export const scriptTemplate = z.object({ ...templateFields, body: z.string() });
export type ScriptTemplate = z.infer<typeof scriptTemplate>;

export const scriptTemplateListQuery = z.object({
  search: text().trim().max(200).optional(),
  language: scriptLanguage.optional(),
  os: scriptOs.optional(),
  category: scriptTemplateCategory.optional(),
});
export const scriptTemplateList = z.object({ items: z.array(scriptTemplateSummary) });

export const scriptTemplateIdParam = z.object({
  id: text().regex(/^[a-z0-9-]{1,80}$/, validationEn.scripts.templateId),
});

/** POST /api/script-templates/:id/copy: the name defaults to the template's (made unique). */
export const copyScriptTemplateRequest = z.object({ name: mandatoryText(200).optional() }).optional();
