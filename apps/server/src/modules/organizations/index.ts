import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppDeps } from "../../platform/deps.js";
import { OrganizationsRepository } from "./organizations.repository.js";
import { organizationsRoutes } from "./organizations.routes.js";
import { createOrganizationsService } from "./organizations.service.js";

export type { OrganizationsService } from "./organizations.service.js";

/** Organizations (customers) and their locations: REST under /api/organizations and the spec's GET /api/client/{id}. */
export function organizationsModule(
  deps: AppDeps,
  options: { onDeviceRemoved?: ((deviceId: number) => void) | undefined } = {},
): FastifyPluginAsyncZod {
  return organizationsRoutes(
    createOrganizationsService({
      repo: new OrganizationsRepository(deps.db),
      onDeviceRemoved: options.onDeviceRemoved,
    }),
  );
}
