import { z } from "zod";
import { osFamily } from "../agent/inventory.js";

const count = z.number().int().nonnegative();

export const devicesByStatus = z.object({ UP: count, DOWN: count });
export const devicesByApproval = z.object({ APPROVED: count, PENDING: count, REJECTED: count });
export const devicesByOsFamily = z.object({ WINDOWS: count, MAC: count, LINUX: count, OTHER: count });

/** Devices of one organization, location or role, for "top N" lists (links open filtered grids). */
export const deviceGroupCount = z.object({
  id: z.number().int(),
  name: z.string(),
  total: count,
  up: count,
  down: count,
});
export type DeviceGroupCount = z.infer<typeof deviceGroupCount>;

export const recentlyOfflineDevice = z.object({
  id: z.number().int(),
  hostname: z.string(),
  displayName: z.string().nullable(),
  organizationId: z.number().int(),
  organizationName: z.string(),
  locationId: z.number().int(),
  locationName: z.string(),
  osFamily,
  wentDownAt: z.string(),
});

const breakdown = {
  devices: count,
  devicesByStatus,
  devicesByApproval,
  devicesByOsFamily,
  recentlyOffline: z.array(recentlyOfflineDevice),
};

export const systemOverview = z.object({
  organizations: count,
  locations: count,
  technicians: count,
  ...breakdown,
  /** The organizations with the most devices (top 10). */
  devicesByOrganization: z.array(deviceGroupCount),
});
export type SystemOverview = z.infer<typeof systemOverview>;

export const organizationOverview = z.object({
  organizationId: z.number().int(),
  organizationName: z.string(),
  locations: count,
  ...breakdown,
  devicesByLocation: z.array(deviceGroupCount),
  devicesByRole: z.array(deviceGroupCount),
});
export type OrganizationOverview = z.infer<typeof organizationOverview>;

export const locationOverview = z.object({
  organizationId: z.number().int(),
  organizationName: z.string(),
  locationId: z.number().int(),
  locationName: z.string(),
  ...breakdown,
  devicesByRole: z.array(deviceGroupCount),
});
export type LocationOverview = z.infer<typeof locationOverview>;

export const gettingStarted = z.object({
  organizationCreated: z.boolean(),
  technicianInvited: z.boolean(),
  firstDevice: z.boolean(),
});
export type GettingStarted = z.infer<typeof gettingStarted>;

/** GET /api/devices/health (administration → devices → health status). */
export const deviceHealth = z.object({
  total: count,
  up: count,
  down: count,
  pendingApproval: count,
  rejected: count,
  /** Devices whose inventory is older than staleInventoryHours (or that never sent one). */
  staleInventory: count,
  staleInventoryHours: z.number().int(),
  /** Enrolled devices whose agent never connected. */
  neverConnected: count,
  agentVersions: z.array(z.object({ version: z.string(), count })),
});
export type DeviceHealth = z.infer<typeof deviceHealth>;

/** GET /api/devices/cache: the device query cache behind POST /api/query/device. */
export const deviceCacheStats = z.object({
  entries: count,
  maxEntries: count,
  ttlSeconds: z.number().int(),
  hits: count,
  misses: count,
  evictions: count,
  invalidations: count,
});
export type DeviceCacheStats = z.infer<typeof deviceCacheStats>;
export const deviceCacheCleared = z.object({ cleared: count });
