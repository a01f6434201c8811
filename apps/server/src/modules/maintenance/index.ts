import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { maintenanceRoutes } from "./maintenance.routes.js";
import type { MaintenanceService } from "./maintenance.service.js";

export { createMaintenanceService, type MaintenanceService, type Suppressed } from "./maintenance.service.js";

/** Maintenance windows: CRUD, and which devices are in maintenance (for the alerts, notification and automation areas). */
export function maintenanceModule(service: MaintenanceService): FastifyPluginAsyncZod {
  return maintenanceRoutes(service);
}
