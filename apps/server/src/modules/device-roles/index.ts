import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { deviceRolesRoutes } from "./device-roles.routes.js";
import type { DeviceRolesService } from "./device-roles.service.js";

export type { DeviceRolesService } from "./device-roles.service.js";

/** Device roles: GET /api/noderole/list (the seed's call) and CRUD at /api/device-roles. */
export function deviceRolesModule(service: DeviceRolesService): FastifyPluginAsyncZod {
  return deviceRolesRoutes(service);
}
