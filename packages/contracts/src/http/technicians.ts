import { z } from "zod";
import { id, text } from "../common.js";
import { emailField, personNameField } from "./auth.js";
import { validationEn } from "../i18n/shared/en/validation.js";

export const technicianStatus = z.enum(["INVITED", "ACTIVE", "DISABLED"]);
export type TechnicianStatus = z.infer<typeof technicianStatus>;

export const technician = z.object({
  id: z.number().int(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string().nullable(),
  isSystemAdmin: z.boolean(),
  /** The technician roles held; access is their union per organization (administrators hold everything). */
  roleIds: z.array(z.number().int()),
  status: technicianStatus,
  mfaEnrolled: z.boolean(),
  inviteExpiresAt: z.string().nullable(),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Technician = z.infer<typeof technician>;

export const technicianList = z.object({ items: z.array(technician) });

const technicianRoleIds = z
  .array(id())
  .max(100)
  .transform((ids) => [...new Set(ids)]);

export const createTechnicianRequest = z
  .object({
    email: emailField,
    firstName: personNameField,
    lastName: personNameField,
    phone: text().trim().max(40).optional(),
    isSystemAdmin: z.boolean().default(false),
    roleIds: technicianRoleIds.default([]),
  })
  .superRefine((value, ctx) => {
    // A technician without a role could do nothing at all; administrators need none.
    if (!value.isSystemAdmin && value.roleIds.length === 0)
      ctx.addIssue({
        code: "custom",
        path: ["roleIds"],
        message: validationEn.chooseRole,
        input: value.roleIds,
      });
  });
export type CreateTechnicianRequest = z.input<typeof createTechnicianRequest>;

export const updateTechnicianRequest = z.object({
  firstName: personNameField.optional(),
  lastName: personNameField.optional(),
  phone: text().trim().max(40).nullable().optional(),
  isSystemAdmin: z.boolean().optional(),
  /** Replaces the roles held. */
  roleIds: technicianRoleIds.optional(),
});
export type UpdateTechnicianRequest = z.infer<typeof updateTechnicianRequest>;

/** Returned once when a technician is invited (or re-invited): the link to hand over. */
export const technicianInviteResponse = z.object({
  technician,
  inviteUrl: z.string(),
  inviteExpiresAt: z.string(),
  emailSent: z.boolean(),
});
export type TechnicianInviteResponse = z.infer<typeof technicianInviteResponse>;
