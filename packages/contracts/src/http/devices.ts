import { z } from "zod";
import { coercedId, id, pageNumber, text } from "../common.js";
import { healthStatuses } from "@steward/domain";
import { inventory, osFamily } from "../agent/inventory.js";

export const deviceStatus = z.enum(["UP", "DOWN"]);
export const approvalStatus = z.enum(["APPROVED", "PENDING", "REJECTED"]);
/** The worst health of a device's open alerts (HEALTHY when it has none). */
export const deviceHealthStatus = z.enum(healthStatuses);

export const deviceSummary = z.object({
  id: z.number().int(),
  hostname: z.string(),
  displayName: z.string().nullable(),
  organizationId: z.number().int(),
  organizationName: z.string(),
  locationId: z.number().int(),
  locationName: z.string(),
  osFamily,
  osName: z.string(),
  osVersion: z.string(),
  status: deviceStatus,
  approvalStatus,
  lastContactAt: z.string().nullable(),
  statusChangedAt: z.string(),
  publicIp: z.string().nullable(),
  agentVersion: z.string(),
  pendingReboot: z.boolean(),
  minFreeDiskPercent: z.number().nullable(),
  totalMemoryBytes: z.number().nullable(),
  softwareCount: z.number().int(),
  roleId: z.number().int().nullable(),
  roleName: z.string().nullable(),
  /** The addresses of the device's network adapters (IPv4 and IPv6), as its agent reported them. */
  ipAddresses: z.array(z.string()),
  tags: z.array(z.string()),
  simulated: z.boolean(),
  enrolledAt: z.string(),
  healthStatus: deviceHealthStatus,
  /** True while an open maintenance window covers the device (answered by the grid and the device page). */
  inMaintenance: z.boolean().optional(),
});
export type DeviceSummary = z.infer<typeof deviceSummary>;

export const deviceDetail = deviceSummary.extend({
  inventory: inventory.partial(),
  inventoryUpdatedAt: z.string().nullable(),
});
export type DeviceDetail = z.infer<typeof deviceDetail>;

export const deviceActivity = z.object({
  id: z.number().int(),
  deviceId: z.number().int(),
  deviceName: z.string(),
  organizationId: z.number().int(),
  at: z.string(),
  type: z.string(),
  message: z.string(),
});
export type DeviceActivity = z.infer<typeof deviceActivity>;

export const deviceActivityList = z.object({
  items: z.array(deviceActivity),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

export const deviceList = z.object({
  items: z.array(deviceSummary),
  total: z.number().int().nonnegative(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type DeviceList = z.infer<typeof deviceList>;

export const deviceIdParam = z.object({ id: coercedId() });

export const activityPageQuery = z.object({
  page: pageNumber(),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});

export const locationActivityParams = z.object({
  id: coercedId(),
  locationId: coercedId(),
});

/** PATCH /api/devices/:id: omitted fields stay; null clears a display name or a role. */
export const updateDeviceRequest = z
  .object({
    displayName: text().trim().max(200).nullable().optional(),
    locationId: id().optional(),
    roleId: id().nullable().optional(),
  })
  .strict();
export type UpdateDeviceRequest = z.input<typeof updateDeviceRequest>;

export const softwareQuery = z.object({
  page: pageNumber(),
  pageSize: z.coerce.number().int().min(1).max(500).default(50),
  search: text().trim().max(200).optional(),
});

export const softwareItem = z.object({
  name: z.string(),
  version: z.string(),
  publisher: z.string().nullable(),
  installedAt: z.string().nullable(),
});

export const softwareList = z.object({
  items: z.array(softwareItem),
  total: z.number().int().nonnegative(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type SoftwareList = z.infer<typeof softwareList>;

/** Tags are checked by the server with the spec's rules; the 400 carries the spec's message. */
export const tagRequest = z.object({ tag: text().max(200) });
export const tagQuery = z.object({ tag: text().max(200) });
export const deviceTags = z.object({ tags: z.array(z.string()) });
