import { z } from "zod";
import { id, text } from "../common.js";
import { permissions } from "../permissions.js";
import { validationEn } from "../i18n/shared/en/validation.js";

const roleName = text().trim().min(1, validationEn.mandatory).max(100);
const roleDescription = text().trim().max(2000);
const rolePermissions = z
  .array(z.enum(permissions))
  .min(1, validationEn.choosePermission)
  .max(permissions.length * 2)
  .transform((list) => [...new Set(list)]);
const roleOrganizationIds = z.array(id()).max(10_000);

/** An organization a limited role applies in. */
export const technicianRoleOrganization = z.object({ id: z.number().int(), name: z.string() });

/**
 * A technician role: a permission set over every organization or a list of them. Organizations
 * the reader cannot see are only counted (hiddenOrganizationCount), never named.
 */
export const technicianRole = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  permissions: z.array(z.enum(permissions)),
  allOrganizations: z.boolean(),
  organizations: z.array(technicianRoleOrganization),
  hiddenOrganizationCount: z.number().int().nonnegative(),
  builtIn: z.boolean(),
  holderCount: z.number().int().nonnegative(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TechnicianRole = z.infer<typeof technicianRole>;

export const technicianRoleList = z.object({ items: z.array(technicianRole) });
export type TechnicianRoleList = z.infer<typeof technicianRoleList>;

/** A role limited to organizations (allOrganizations false) lists at least one of them. */
function limitedNeedsOrganizations(
  value: { allOrganizations?: boolean | undefined; organizationIds?: number[] | undefined },
  ctx: z.RefinementCtx,
) {
  if (value.allOrganizations === false && (value.organizationIds?.length ?? 0) === 0)
    ctx.addIssue({
      code: "custom",
      path: ["organizationIds"],
      message: validationEn.chooseOrganization,
      input: value.organizationIds,
    });
}

export const createTechnicianRoleRequest = z
  .object({
    name: roleName,
    description: roleDescription.default(""),
    permissions: rolePermissions,
    allOrganizations: z.boolean(),
    organizationIds: roleOrganizationIds.default([]),
  })
  .superRefine(limitedNeedsOrganizations);
export type CreateTechnicianRoleRequest = z.input<typeof createTechnicianRoleRequest>;

/** Changes what is given; a scope change gives allOrganizations and, when limited, organizationIds. */
export const updateTechnicianRoleRequest = z
  .object({
    name: roleName.optional(),
    description: roleDescription.optional(),
    permissions: rolePermissions.optional(),
    allOrganizations: z.boolean().optional(),
    organizationIds: roleOrganizationIds.optional(),
  })
  .superRefine(limitedNeedsOrganizations);
export type UpdateTechnicianRoleRequest = z.input<typeof updateTechnicianRoleRequest>;

/** Copies a role (built-in templates are copied, never edited); the name defaults to "Copy of …". */
export const copyTechnicianRoleRequest = z.object({ name: roleName.optional() });
export type CopyTechnicianRoleRequest = z.input<typeof copyTechnicianRoleRequest>;
