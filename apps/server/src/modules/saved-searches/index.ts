import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppDeps } from "../../platform/deps.js";
import type { DevicesService } from "../devices/index.js";
import { createJobsService } from "../jobs/index.js";
import { createDeviceActions } from "./device-actions.js";
import { SavedSearchesRepository } from "./saved-searches.repository.js";
import { savedSearchesRoutes } from "./saved-searches.routes.js";
import { createSavedSearchesService } from "./saved-searches.service.js";

export type { DeviceAction, DeviceActionRegistry } from "./device-actions.js";

/**
 * Saved searches and groups (GET /api/searches, /api/saved-searches, /api/groups) and the bulk
 * action runner (POST /api/search/runner/execute-action) over the app's devices service.
 */
export function savedSearchesModule(deps: AppDeps, devices: DevicesService): FastifyPluginAsyncZod {
  return savedSearchesRoutes(
    createSavedSearchesService({
      repo: new SavedSearchesRepository(deps.db),
      devices,
      actions: createDeviceActions(devices, createJobsService(deps)),
    }),
  );
}
