import { z } from "zod";
import { text } from "../common.js";
import { osFamily } from "../agent/inventory.js";
import { validationEn } from "../i18n/shared/en/validation.js";

const name = text().trim().min(1, validationEn.mandatory).max(100);

export const deviceRole = z.object({
  id: z.number().int(),
  /** Built-in roles have a stable key (WINDOWS_SERVER …); custom roles have none. */
  key: z.string().nullable(),
  name: z.string(),
  osFamily,
  description: z.string(),
  builtIn: z.boolean(),
  deviceCount: z.number().int().nonnegative(),
  customFieldCount: z.number().int().nonnegative(),
  createdAt: z.string(),
});
export type DeviceRole = z.infer<typeof deviceRole>;

export const deviceRoleList = z.object({ items: z.array(deviceRole) });
/** GET /api/noderole/list: the seed's call answers the role list itself. */
export const nodeRoleList = z.array(deviceRole);

export const createDeviceRoleRequest = z.object({
  name,
  osFamily,
  description: text().trim().max(2000).default(""),
});
export type CreateDeviceRoleRequest = z.input<typeof createDeviceRoleRequest>;

export const updateDeviceRoleRequest = z.object({
  name: name.optional(),
  description: text().trim().max(2000).optional(),
});
export type UpdateDeviceRoleRequest = z.input<typeof updateDeviceRoleRequest>;
