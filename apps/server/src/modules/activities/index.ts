import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { activitiesRoutes } from "./activities.routes.js";
import type { ActivitiesService } from "./activities.service.js";

export type { ActivitiesService } from "./activities.service.js";

/** Read models over jobs and device activities: GET /api/jobs/pending and GET /api/activities. */
export function activitiesModule(service: ActivitiesService): FastifyPluginAsyncZod {
  return activitiesRoutes(service);
}
