import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { activityList, activityQuery, pendingJobList, pendingJobsQuery } from "@steward/contracts";
import { requireScope } from "../../platform/identity/index.js";
import { presentActivity, presentPendingJob } from "./activities.presenter.js";
import type { ActivitiesService } from "./activities.service.js";

const tags = ["activities"];

/** /systemDashboard/pendingScripts, /customerDashboard/:id/pendingScripts and the activities pages. */
export function activitiesRoutes(service: ActivitiesService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/jobs/pending",
      {
        config: { access: "devices.read", touchSession: false },
        schema: { tags, querystring: pendingJobsQuery, response: { 200: pendingJobList } },
      },
      async (request) => {
        const page = await service.pending(requireScope(request), request.query);
        return { ...page, items: page.items.map(presentPendingJob) };
      },
    );

    app.get(
      "/activities",
      {
        config: { access: "devices.read" },
        schema: { tags, querystring: activityQuery, response: { 200: activityList } },
      },
      async (request) => {
        const page = await service.activities(requireScope(request), request.query);
        return { ...page, items: page.items.map(presentActivity) };
      },
    );
  };
}
