import { z } from "zod";
import { coercedId, id, text } from "../common.js";
import { CUSTOM_FIELD_NAME, customFieldBehaviours, customFieldTypes, messages } from "@steward/domain";
import { validationEn } from "../i18n/shared/en/validation.js";

export const customFieldType = z.enum(customFieldTypes);
export const customFieldBehaviour = z.enum(customFieldBehaviours);
export const customFieldScope = z.enum(["GLOBAL", "ROLE"]);

export const customFieldOptions = z
  .object({
    choices: z.array(text().trim().min(1).max(200)).max(200).optional(),
    min: z.number().optional(),
    max: z.number().optional(),
    decimals: z.number().int().min(0).max(10).optional(),
  })
  .strict();

export const customFieldDefinition = z.object({
  id: z.number().int(),
  scope: customFieldScope,
  roleId: z.number().int().nullable(),
  roleName: z.string().nullable(),
  /** Technical name (scripts and the API use it); unique over all definitions. */
  name: z.string(),
  label: z.string(),
  description: z.string(),
  type: customFieldType,
  behaviour: customFieldBehaviour,
  options: customFieldOptions,
  position: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CustomFieldDefinition = z.infer<typeof customFieldDefinition>;

/** GET /api/custom-fields: global fields and role fields (administration → devices). */
export const customFieldDefinitionList = z.object({
  globalCustomFields: z.array(customFieldDefinition),
  roleCustomFields: z.array(customFieldDefinition),
});

export const listCustomFieldsQuery = z.object({
  scope: z.enum(["global", "role"]).optional(),
  roleId: coercedId().optional(),
});

const label = text().trim().min(1, messages.mandatory).max(200);

function checkOptions(
  value: { type?: string; options?: z.infer<typeof customFieldOptions> | undefined },
  ctx: z.RefinementCtx,
) {
  const o = value.options ?? {};
  if ((value.type === "DROPDOWN" || value.type === "MULTI_SELECT") && (o.choices ?? []).length === 0) {
    ctx.addIssue({ code: "custom", path: ["options", "choices"], message: validationEn.choices.required });
  }
  if (o.choices && new Set(o.choices).size !== o.choices.length) {
    ctx.addIssue({ code: "custom", path: ["options", "choices"], message: validationEn.choices.unique });
  }
  if (o.min !== undefined && o.max !== undefined && o.min > o.max) {
    ctx.addIssue({
      code: "custom",
      path: ["options", "max"],
      message: messages.numeric.greaterOrEqual(o.min),
    });
  }
}

export const createCustomFieldRequest = z
  .object({
    scope: customFieldScope,
    roleId: id().nullable().default(null),
    name: text().regex(CUSTOM_FIELD_NAME, validationEn.customFieldDefinition.name),
    label,
    description: text().trim().max(2000).default(""),
    type: customFieldType,
    behaviour: customFieldBehaviour.default("OPTIONAL"),
    options: customFieldOptions.default({}),
    position: z.number().int().min(0).max(10_000).default(0),
  })
  .superRefine((v, ctx) => {
    if (v.scope === "ROLE" && v.roleId === null)
      ctx.addIssue({ code: "custom", path: ["roleId"], message: messages.mandatory });
    if (v.scope === "GLOBAL" && v.roleId !== null) {
      ctx.addIssue({
        code: "custom",
        path: ["roleId"],
        message: validationEn.customFieldDefinition.globalHasNoRole,
      });
    }
    checkOptions(v, ctx);
  });
export type CreateCustomFieldRequest = z.input<typeof createCustomFieldRequest>;

/** Name, type and scope are fixed once created (values and scripts depend on them). */
export const updateCustomFieldRequest = z
  .object({
    label: label.optional(),
    description: text().trim().max(2000).optional(),
    behaviour: customFieldBehaviour.optional(),
    options: customFieldOptions.optional(),
    position: z.number().int().min(0).max(10_000).optional(),
  })
  .strict();
export type UpdateCustomFieldRequest = z.input<typeof updateCustomFieldRequest>;

export const customFieldValue = z.union([z.string(), z.number(), z.boolean(), z.array(z.string())]);
/** A value as a request sets it: text that can be stored. */
const customFieldValueInput = z.union([text(), z.number(), z.boolean(), z.array(text()).max(200)]);
export const valueSource = z.enum(["DEVICE", "LOCATION", "ORGANIZATION"]);

/** One field at one level: the value set here, and the value that applies (from here or above). */
export const customFieldValueItem = z.object({
  field: customFieldDefinition,
  /** The value set at this level (null: none). */
  value: customFieldValue.nullable(),
  /** The value in effect: this level's, else the nearest level above. */
  effectiveValue: customFieldValue.nullable(),
  effectiveSource: valueSource.nullable(),
});
export const customFieldValues = z.object({ items: z.array(customFieldValueItem) });
export type CustomFieldValues = z.infer<typeof customFieldValues>;

/** PUT …/custom-fields: sets the listed fields at this level; null (or "") clears one. */
export const putCustomFieldValuesRequest = z.object({
  values: z
    .array(
      z.object({
        fieldId: id(),
        value: z.union([customFieldValueInput, z.null()]),
      }),
    )
    .max(500),
});
export type PutCustomFieldValuesRequest = z.input<typeof putCustomFieldValuesRequest>;
