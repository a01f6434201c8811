import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { organizationsRoutes } from "./organizations.routes.js";
import type { OrganizationsService } from "./organizations.service.js";

export type { OrganizationsService } from "./organizations.service.js";

/** Organizations (customers) and their locations: REST under /api/organizations and the spec's GET /api/client/{id}. */
export function organizationsModule(service: OrganizationsService): FastifyPluginAsyncZod {
  return organizationsRoutes(service);
}
