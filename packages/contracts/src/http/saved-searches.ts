import { z } from "zod";
import { id, text } from "../common.js";
import { deviceCriteria } from "./device-criteria.js";
import { deviceSummary } from "./devices.js";
import { deviceActionNames } from "./device-actions.js";
import { validationEn } from "../i18n/shared/en/validation.js";

/** Extra properties of a saved search; the seed's list carries them as a JSON string. */
const customFieldsObject = z.record(
  text().min(1).max(64),
  z.union([text().max(2000), z.number(), z.boolean(), z.null()]),
);

export const savedSearch = z.object({
  id: z.number().int(),
  /** A saved search with a name is a group. */
  name: z.string().nullable(),
  criteria: deviceCriteria,
  search: z.string(),
  action: z.string().nullable(),
  customFields: customFieldsObject,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SavedSearch = z.infer<typeof savedSearch>;
export const savedSearchList = z.object({ items: z.array(savedSearch) });

// Saved criteria cannot point at another saved search (no chains, no cycles).
const storedCriteria = deviceCriteria.omit({ groupId: true }).strict();

export const createSavedSearchRequest = z.object({
  name: text().trim().min(1, validationEn.mandatory).max(200).nullable().default(null),
  criteria: storedCriteria.default({}),
  search: text().trim().max(200).default(""),
  action: z.enum(deviceActionNames).nullable().default(null),
  customFields: customFieldsObject.default({}),
});
export type CreateSavedSearchRequest = z.input<typeof createSavedSearchRequest>;

export const updateSavedSearchRequest = z.object({
  name: text().trim().min(1, validationEn.mandatory).max(200).nullable().optional(),
  criteria: storedCriteria.optional(),
  search: text().trim().max(200).optional(),
  action: z.enum(deviceActionNames).nullable().optional(),
  customFields: customFieldsObject.optional(),
});
export type UpdateSavedSearchRequest = z.input<typeof updateSavedSearchRequest>;

/**
 * GET /api/searches, the seed's shape: each item has id, criteria, search, customFields (a JSON
 * string) and action, and the keys of customFields merged into the item (name among them).
 */
export const searchesItem = z.looseObject({
  id: z.number().int(),
  criteria: deviceCriteria,
  search: z.string(),
  customFields: z.string(),
  action: z.string().nullable(),
});
export const searchesResponse = z.array(searchesItem);

export const group = z.object({
  id: z.number().int(),
  name: z.string(),
  criteria: deviceCriteria,
  search: z.string(),
  /** How many devices the group's search matches now (what /group/:id lists). */
  deviceCount: z.number().int().nonnegative(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Group = z.infer<typeof group>;
export const groupList = z.object({ items: z.array(group) });

/** POST /api/query/device (the seed's call). */
export const queryDeviceRequest = z.object({
  nodeIds: z.array(id()).max(1000),
  /** Devices have no parents or children yet (virtual machines, network devices come later). */
  includeParentsAndChildren: z.boolean().default(false),
  /** The client's current cache expiry (epoch ms), if it has one. */
  cacheExpiration: z.number().int().nonnegative().nullable().optional(),
  /** "qa" in QA mode: always read fresh. */
  mode: text().max(20).optional(),
});
export const queryDeviceResponse = z.object({
  nodes: z.array(deviceSummary),
  /** Epoch ms until which the client may use these nodes without asking again. */
  cacheExpiration: z.number().int(),
});
