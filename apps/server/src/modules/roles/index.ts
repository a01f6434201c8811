import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppDeps } from "../../platform/deps.js";
import { rolesRoutes } from "./roles.routes.js";
import type { RolesService } from "./roles.service.js";

export type { RolesService } from "./roles.service.js";

/** Technician roles: CRUD and copy at /api/technician-roles. */
export function rolesModule(deps: AppDeps, service: RolesService): FastifyPluginAsyncZod {
  return rolesRoutes(deps, service);
}
