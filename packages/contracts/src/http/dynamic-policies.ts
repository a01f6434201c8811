import { z } from "zod";
import { checkDynamicSections, deviceClasses } from "@steward/domain";
import { checkJson, id, jsonObject, text } from "../common.js";
import { validationEn } from "../i18n/shared/en/validation.js";
import { deviceCriteria } from "./device-criteria.js";

const deviceClass = z.enum(deviceClasses);
const name = text().trim().min(1, validationEn.mandatory).max(100);
const description = text().trim().max(2000);

/** One section of a dynamic policy: applied only when `configure` is ticked. */
export const dynamicPolicySection = z.object({
  configure: z.boolean(),
  /**
   * The section's items as the policy editor writes them (a fixed section: its fields). Text and
   * depth are checked here too, so bad items are refused at their own field even when the rest of
   * the section is missing.
   */
  items: jsonObject({ maxDepth: 16 }),
});
export type DynamicPolicySection = z.infer<typeof dynamicPolicySection>;

/**
 * A dynamic policy's sections, keyed by section. Checked against the registered sections (known
 * sections, each item by its section's rules), then read as the sections read them.
 */
export const dynamicPolicySections = z
  .record(text().min(1).max(64), dynamicPolicySection)
  .superRefine((sections, ctx) => {
    const json = checkJson(sections, { maxDepth: 18 });
    if (json) {
      ctx.addIssue({ code: "custom", path: json.path, message: json.message, input: sections });
      return;
    }
    const checked = checkDynamicSections(sections);
    if (!checked.ok)
      for (const problem of checked.problems)
        ctx.addIssue({ code: "custom", path: problem.path, message: problem.message, input: sections });
  })
  .transform((sections) => {
    const checked = checkDynamicSections(sections);
    return checked.ok ? checked.sections : sections;
  });

/** A dynamic policy as the API answers it. */
export const dynamicPolicyView = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  deviceClass,
  enabled: z.boolean(),
  /** Place in its class's order: 1 is the highest priority (it wins over every later one). */
  priority: z.number().int().positive(),
  /** Which devices of the class it applies to (the device search's criteria). */
  criteria: deviceCriteria,
  sections: z.record(z.string(), dynamicPolicySection),
  /** Moves whenever the dynamic policy changes. */
  version: z.number().int(),
  /** Devices of its class in the caller's organizations that match it now. */
  deviceCount: z.number().int().nonnegative(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type DynamicPolicyView = z.infer<typeof dynamicPolicyView>;

/** Every dynamic policy (of one class when asked), by class then priority. */
export const dynamicPolicyList = z.object({ items: z.array(dynamicPolicyView) });
export type DynamicPolicyList = z.infer<typeof dynamicPolicyList>;

export const dynamicPolicyListQuery = z.object({ deviceClass: deviceClass.optional() });

/** A new dynamic policy comes last in its class's order. */
export const createDynamicPolicyRequest = z.object({
  name,
  description: description.default(""),
  deviceClass,
  enabled: z.boolean().default(true),
  criteria: deviceCriteria.default({}),
  sections: dynamicPolicySections.default({}),
});
export type CreateDynamicPolicyRequest = z.input<typeof createDynamicPolicyRequest>;

/** Changes what is given; `sections` replaces all sections. The class is fixed once created. */
export const updateDynamicPolicyRequest = z.object({
  name: name.optional(),
  description: description.optional(),
  enabled: z.boolean().optional(),
  criteria: deviceCriteria.optional(),
  sections: dynamicPolicySections.optional(),
});
export type UpdateDynamicPolicyRequest = z.input<typeof updateDynamicPolicyRequest>;

/** A class's new priority order: every one of its dynamic policies, highest priority first. */
export const reorderDynamicPoliciesRequest = z.object({
  deviceClass,
  ids: z
    .array(id())
    .max(1000)
    .refine((ids) => new Set(ids).size === ids.length, validationEn.dynamicPolicies.idsOnce),
});
export type ReorderDynamicPoliciesRequest = z.input<typeof reorderDynamicPoliciesRequest>;
