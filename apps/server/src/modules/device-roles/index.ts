import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppDeps } from "../../platform/deps.js";
import { DeviceRolesRepository } from "./device-roles.repository.js";
import { deviceRolesRoutes } from "./device-roles.routes.js";
import { createDeviceRolesService } from "./device-roles.service.js";

/** Device roles: GET /api/noderole/list (the seed's call) and CRUD at /api/device-roles. */
export function deviceRolesModule(deps: AppDeps): FastifyPluginAsyncZod {
  return deviceRolesRoutes(createDeviceRolesService({ repo: new DeviceRolesRepository(deps.db) }));
}
