import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppDeps } from "../../platform/deps.js";
import { createRolesRepository } from "./roles.repository.js";
import { rolesRoutes } from "./roles.routes.js";
import { createRolesService } from "./roles.service.js";

export type { RolesService } from "./roles.service.js";

/** The roles service on a database (the technicians module assigns roles through it). */
export function createRoles(deps: Pick<AppDeps, "db">) {
  return createRolesService({ repo: createRolesRepository(deps.db) });
}

/** Technician roles: CRUD and copy at /api/technician-roles. */
export function rolesModule(deps: AppDeps): FastifyPluginAsyncZod {
  return rolesRoutes(deps, createRoles(deps));
}
