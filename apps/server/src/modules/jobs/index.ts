export type { JobsService, Actor } from "./jobs.service.js";
export { createJobDispatcher, type JobDispatcher } from "./dispatcher.js";
export { jobCommandHandlers, runScriptPayloadOf, NO_ENCRYPTION_KEY_MESSAGE } from "./commands.js";
export { jobsRoutes } from "./jobs.routes.js";

import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppDeps } from "../../platform/deps.js";
import type { JobsService as Service } from "./jobs.service.js";
import { jobsRoutes as routes } from "./jobs.routes.js";

/** Job submission, lists and cancel under /api/jobs, over the app's one jobs service. */
export function jobsModule(deps: AppDeps, service: Service): FastifyPluginAsyncZod {
  return routes(deps, service);
}
