import { z } from "zod";
import { coercedId, pageNumber, text } from "../common.js";
import { validationEn } from "../i18n/shared/en/validation.js";

export const DEFAULT_LOCATION_NAME = "Main Office";

export const nodeApprovalMode = z.enum(["AUTOMATIC", "MANUAL", "REJECT"]);
export type NodeApprovalMode = z.infer<typeof nodeApprovalMode>;

const name = text().trim().min(1, validationEn.mandatory).max(200);
const description = text().trim().max(2000);

export const location = z.object({
  id: z.number().int(),
  organizationId: z.number().int(),
  name: z.string(),
  address: z.string(),
  description: z.string(),
  isDefault: z.boolean(),
  deviceCount: z.number().int().nonnegative(),
  createdAt: z.string(),
});
export type Location = z.infer<typeof location>;

export const organization = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  nodeApprovalMode,
  locationCount: z.number().int().nonnegative(),
  deviceCount: z.number().int().nonnegative(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Organization = z.infer<typeof organization>;

export const organizationDetail = organization.extend({ locations: z.array(location) });
export type OrganizationDetail = z.infer<typeof organizationDetail>;

export const organizationSort = z.enum(["name", "-name", "createdAt", "-createdAt"]);

export const listOrganizationsQuery = z.object({
  page: pageNumber(),
  pageSize: z.coerce.number().int().min(1).max(500).default(50),
  search: text().trim().max(200).optional(),
  sort: organizationSort.default("name"),
});
export type ListOrganizationsQuery = z.input<typeof listOrganizationsQuery>;

export const organizationList = z.object({
  items: z.array(organization),
  total: z.number().int().nonnegative(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type OrganizationList = z.infer<typeof organizationList>;

export const createLocationRequest = z.object({
  name,
  address: description.default(""),
  description: description.default(""),
});
export type CreateLocationRequest = z.input<typeof createLocationRequest>;
// Not createLocationRequest.partial(): zod 4 still applies the inner .default(""), so a PATCH of
// one field would blank the others.
export const updateLocationRequest = z.object({
  name: name.optional(),
  address: description.optional(),
  description: description.optional(),
});
export type UpdateLocationRequest = z.input<typeof updateLocationRequest>;

export const createOrganizationRequest = z.object({
  name,
  description: description.default(""),
  nodeApprovalMode: nodeApprovalMode.default("AUTOMATIC"),
  /** Locations besides the default "Main Office". */
  locations: z.array(createLocationRequest).max(100).default([]),
});
export type CreateOrganizationRequest = z.input<typeof createOrganizationRequest>;

export const updateOrganizationRequest = z.object({
  name: name.optional(),
  description: description.optional(),
  nodeApprovalMode: nodeApprovalMode.optional(),
});
export type UpdateOrganizationRequest = z.input<typeof updateOrganizationRequest>;

export const locationParams = z.object({
  id: coercedId(),
  locationId: coercedId(),
});

/** GET /api/client/{id}: the seed's call, answered exactly as its call table reads it. */
export const clientResponse = z.object({
  resultCode: z.literal("SUCCESS"),
  client: organizationDetail,
});
export type ClientResponse = z.infer<typeof clientResponse>;
