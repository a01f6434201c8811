export { createJobsService, type JobsService, type Actor } from "./jobs.service.js";
export { createJobDispatcher, type JobDispatcher } from "./dispatcher.js";
export { jobCommandHandlers, runScriptPayloadOf, NO_ENCRYPTION_KEY_MESSAGE } from "./commands.js";
export { jobsRoutes } from "./jobs.routes.js";

import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppDeps } from "../../platform/deps.js";
import { createJobsService as makeService } from "./jobs.service.js";
import { jobsRoutes as routes } from "./jobs.routes.js";

export function jobsModule(deps: AppDeps): FastifyPluginAsyncZod {
  return routes(deps, makeService(deps));
}
