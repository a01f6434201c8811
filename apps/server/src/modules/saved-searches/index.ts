import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { savedSearchesRoutes } from "./saved-searches.routes.js";
import type { SavedSearchesService } from "./saved-searches.service.js";

export type { DeviceAction, DeviceActionRegistry } from "./device-actions.js";
export type { SavedSearchesService } from "./saved-searches.service.js";

/**
 * Saved searches and groups (GET /api/searches, /api/saved-searches, /api/groups) and the bulk
 * action runner (POST /api/search/runner/execute-action) over the app's devices service.
 */
export function savedSearchesModule(service: SavedSearchesService): FastifyPluginAsyncZod {
  return savedSearchesRoutes(service);
}
