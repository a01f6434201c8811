import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { devicesRoutes, type InMaintenance } from "./devices.routes.js";
import type { DevicesService } from "./devices.service.js";

export type { DevicesService } from "./devices.service.js";
export type { DeviceRow, NewDevice, ActivityType } from "./devices.repository.js";
export type { Actor, Changed } from "./devices.bulk.js";
export { createDeviceCache, type DeviceCache } from "./devices.cache.js";
export { refreshFieldValues, type FieldScope } from "./devices.fields.js";
export { withinScope } from "./devices.grid.js";
export type { InMaintenance } from "./devices.routes.js";

/**
 * The console's device routes: the grid and its CSV, device pages and changes, activity feeds,
 * health, the query cache and POST /api/query/device. Takes the app's one devices service (whose
 * cache and onDeviceRemoved hook the saved-search actions share) and, for the maintenance badge,
 * which devices an open maintenance window covers.
 */
export function devicesModule(service: DevicesService, inMaintenance?: InMaintenance): FastifyPluginAsyncZod {
  return devicesRoutes(service, inMaintenance);
}
