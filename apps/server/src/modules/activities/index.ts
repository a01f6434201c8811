import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppDeps } from "../../platform/deps.js";
import { ActivitiesRepository } from "./activities.repository.js";
import { activitiesRoutes } from "./activities.routes.js";
import { createActivitiesService } from "./activities.service.js";

/** Read models over jobs and device activities: GET /api/jobs/pending and GET /api/activities. */
export function activitiesModule(deps: AppDeps): FastifyPluginAsyncZod {
  return activitiesRoutes(createActivitiesService({ repo: new ActivitiesRepository(deps.db) }));
}
