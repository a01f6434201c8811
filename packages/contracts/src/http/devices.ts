import { z } from "zod";
import { inventory, osFamily } from "../agent/inventory.js";

export const deviceStatus = z.enum(["UP", "DOWN"]);
export const approvalStatus = z.enum(["APPROVED", "PENDING", "REJECTED"]);

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
  tags: z.array(z.string()),
  simulated: z.boolean(),
  enrolledAt: z.string(),
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
