import { z } from "zod";
import {
  checkPolicyItems,
  deviceClasses,
  itemStates,
  policySources,
  type PolicyItems,
} from "@steward/domain";
import { checkJson, id, text } from "../common.js";
import { osFamily } from "../agent/inventory.js";
import { validationEn } from "../i18n/shared/en/validation.js";
import { fillTemplate } from "../i18n/localize.js";

/** The device classes policies are written for. */
export const deviceClass = z.enum(deviceClasses);
export type DeviceClassCode = z.infer<typeof deviceClass>;

/** Where a device's policy comes from: its own override, its location's, its organization's for its role, or its class's Default. */
export const policySource = z.enum(policySources);
export type PolicySourceCode = z.infer<typeof policySource>;

const name = text().trim().min(1, validationEn.mandatory).max(100);
const description = text().trim().max(2000);

/**
 * A policy's own items: per section, the items it overrides. Checked against the registered
 * sections (known sections, known items, each item's rules), then read as the sections read it.
 */
export const policyItems = z
  .record(text(), z.record(text(), z.unknown()))
  .superRefine((items, ctx) => {
    const json = checkJson(items, { maxDepth: 16 });
    if (json) {
      ctx.addIssue({ code: "custom", path: json.path, message: json.message, input: items });
      return;
    }
    const checked = checkPolicyItems(items);
    if (!checked.ok)
      for (const problem of checked.problems)
        ctx.addIssue({ code: "custom", path: problem.path, message: problem.message, input: items });
  })
  .transform((items): PolicyItems => {
    const checked = checkPolicyItems(items);
    return checked.ok ? checked.items : items;
  });

export const effectivePolicyItem = z.object({
  value: z.unknown(),
  /** OVERRIDDEN: this policy sets the item; INHERITED: a parent or the section default does. */
  state: z.enum(itemStates),
  /** The policy the value comes from; null: the section's default. */
  sourcePolicyId: z.number().int().nullable(),
  sourcePolicyName: z.string().nullable(),
  /**
   * The dynamic policy that set the value on the device (the item then comes from it, not from
   * sourcePolicyId); null or absent: the device's policy sets it. Only in a device's answer.
   */
  sourceDynamicPolicyId: z.number().int().nullable().optional(),
  sourceDynamicPolicyName: z.string().nullable().optional(),
});
export type EffectivePolicyItem = z.infer<typeof effectivePolicyItem>;

/** Per section, every item's effective value and where it comes from. */
export const effectivePolicySections = z.record(z.string(), z.record(z.string(), effectivePolicyItem));

export const policySummary = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  deviceClass,
  parentId: z.number().int().nullable(),
  parentName: z.string().nullable(),
  /** The class's Default policy: applies where nothing else is assigned; cannot be deleted. */
  isDefault: z.boolean(),
  /** A disabled policy stays assigned but is not enforced. */
  enabled: z.boolean(),
  /** Moves whenever an effective value of the policy changes (also through a parent). */
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PolicySummary = z.infer<typeof policySummary>;

/** A policy as the list answers it: with how many of the caller's devices get it. */
export const policyListItem = policySummary.extend({
  /** Devices in the caller's organizations whose effective policy this is. */
  deviceCount: z.number().int().nonnegative(),
});
export type PolicyListItem = z.infer<typeof policyListItem>;

export const policyList = z.object({ items: z.array(policyListItem) });

export const policyDetail = policySummary.extend({
  /** The items this policy overrides, per section. */
  items: z.record(z.string(), z.record(z.string(), z.unknown())),
  effective: effectivePolicySections,
});
export type PolicyDetail = z.infer<typeof policyDetail>;

export const policyListQuery = z.object({ deviceClass: deviceClass.optional() });

export const createPolicyRequest = z.object({
  name,
  description: description.default(""),
  deviceClass,
  parentId: id().nullable().default(null),
  enabled: z.boolean().default(true),
  items: policyItems.default({}),
});
export type CreatePolicyRequest = z.input<typeof createPolicyRequest>;

/** Changes what is given; `items` replaces the policy's overrides as a whole. */
export const updatePolicyRequest = z.object({
  name: name.optional(),
  description: description.optional(),
  parentId: id().nullable().optional(),
  enabled: z.boolean().optional(),
  items: policyItems.optional(),
});
export type UpdatePolicyRequest = z.input<typeof updatePolicyRequest>;

/** A copy: the same class, parent and items under a new name (never a Default). */
export const copyPolicyRequest = z.object({ name });
export type CopyPolicyRequest = z.input<typeof copyPolicyRequest>;

/** Drops one override: the item is inherited again. */
export const revertPolicyItemRequest = z.object({
  section: text().min(1).max(64),
  item: text().min(1).max(64),
});
export type RevertPolicyItemRequest = z.input<typeof revertPolicyItemRequest>;

// ---- Assignments ----

export const organizationPolicyAssignment = z.object({
  roleId: z.number().int(),
  roleName: z.string(),
  roleKey: z.string().nullable(),
  osFamily,
  /** The organization's policy for devices of this role; null: the class's Default applies. */
  policyId: z.number().int().nullable(),
  policyName: z.string().nullable(),
  policyDeviceClass: deviceClass.nullable(),
});
export type OrganizationPolicyAssignment = z.infer<typeof organizationPolicyAssignment>;

export const organizationPolicyAssignments = z.object({
  organizationId: z.number().int(),
  /** One entry per device role. */
  items: z.array(organizationPolicyAssignment),
});
export type OrganizationPolicyAssignments = z.infer<typeof organizationPolicyAssignments>;

/** The organization's policy per device role; roles not listed keep no policy of their own. */
export const putOrganizationPolicyAssignmentsRequest = z.object({
  assignments: z
    .array(z.object({ roleId: id(), policyId: id() }))
    .max(500)
    .refine(
      (list) => new Set(list.map((a) => a.roleId)).size === list.length,
      validationEn.policies.roleOnce,
    ),
});
export type PutOrganizationPolicyAssignmentsRequest = z.input<typeof putOrganizationPolicyAssignmentsRequest>;

export const locationPolicyOverride = z.object({
  deviceClass,
  policyId: z.number().int(),
  policyName: z.string(),
});

export const locationPolicyOverrides = z.object({
  organizationId: z.number().int(),
  locationId: z.number().int(),
  /** At most one per device class; classes not listed follow the organization. */
  items: z.array(locationPolicyOverride),
});
export type LocationPolicyOverrides = z.infer<typeof locationPolicyOverrides>;

export const putLocationPolicyOverridesRequest = z.object({
  overrides: z
    .array(z.object({ deviceClass, policyId: id() }))
    .max(deviceClasses.length)
    .refine(
      (list) => new Set(list.map((o) => o.deviceClass)).size === list.length,
      validationEn.policies.classOnce,
    ),
});
export type PutLocationPolicyOverridesRequest = z.input<typeof putLocationPolicyOverridesRequest>;

/** A device's own policy; null clears it (the location, organization or Default applies again). */
export const putDevicePolicyOverrideRequest = z.object({ policyId: id().nullable() });
export type PutDevicePolicyOverrideRequest = z.input<typeof putDevicePolicyOverrideRequest>;

export const MAX_BULK_POLICY_DEVICES = 1000;

/** The same override for many devices at once (the device grid's bulk action). */
export const putDevicePolicyOverridesRequest = z.object({
  deviceIds: z
    .array(id())
    .min(1, validationEn.mandatory)
    .max(
      MAX_BULK_POLICY_DEVICES,
      fillTemplate(validationEn.policies.tooManyDevices, { max: MAX_BULK_POLICY_DEVICES }),
    ),
  policyId: id().nullable(),
  /** Devices the policy is not for are left alone and listed, instead of refusing the whole request. */
  skipOtherClasses: z.boolean().default(false),
});
export type PutDevicePolicyOverridesRequest = z.input<typeof putDevicePolicyOverridesRequest>;

export const devicePolicyOverridesResult = z.object({
  count: z.number().int().nonnegative(),
  /** With skipOtherClasses: the devices left as they were because the policy is not for their class. */
  skippedDeviceIds: z.array(z.number().int()).optional(),
});
export type DevicePolicyOverridesResult = z.infer<typeof devicePolicyOverridesResult>;

/** The policy a device is to apply, where it came from, and every item's value and origin. */
export const effectivePolicy = z.object({
  deviceId: z.number().int(),
  /** null: no policy class fits the device's OS. */
  deviceClass: deviceClass.nullable(),
  policy: z
    .object({ id: z.number().int(), name: z.string(), isDefault: z.boolean(), enabled: z.boolean() })
    .nullable(),
  source: policySource.nullable(),
  /** False when the chosen policy is disabled: it stays assigned, the device applies none of it. */
  enforced: z.boolean(),
  /**
   * What the device applies, as the agent acknowledges it: the policy's version, or with dynamic
   * policies a number derived from them all (not meant to be read by people).
   */
  version: z.number().int().nullable(),
  /** The device's policy's own version (what people read), null without a policy. */
  policyVersion: z.number().int().nullable().optional(),
  sections: effectivePolicySections,
  /** The dynamic policies of its class that match the device now, highest priority first, with their versions. */
  dynamicPolicies: z
    .array(
      z.object({
        id: z.number().int(),
        name: z.string(),
        priority: z.number().int(),
        version: z.number().int().optional(),
      }),
    )
    .optional(),
  /**
   * What the device's agent last acknowledged applying: the policy (null: none), its version
   * and when. null: the agent has not applied a policy yet.
   */
  lastApplied: z
    .object({
      policyId: z.number().int().nullable(),
      version: z.number().int().nullable(),
      appliedAt: z.string(),
    })
    .nullable()
    .optional(),
});
export type EffectivePolicy = z.infer<typeof effectivePolicy>;
