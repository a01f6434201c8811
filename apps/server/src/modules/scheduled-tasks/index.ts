import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppDeps } from "../../platform/deps.js";
import { scheduledTasksRoutes } from "./scheduled-tasks.routes.js";
import { createScheduledTasksService } from "./scheduled-tasks.service.js";

export {
  startScheduler,
  createScheduler,
  type RunningScheduler,
  type SchedulerOptions,
} from "./scheduled-tasks.scheduler.js";
export type { ScheduledTasksService } from "./scheduled-tasks.service.js";

/** Scheduled tasks under /api/scheduled-tasks. The background scheduler is started separately (startScheduler). */
export function scheduledTasksModule(
  deps: AppDeps,
  options: { clock?: () => Date } = {},
): FastifyPluginAsyncZod {
  return scheduledTasksRoutes(createScheduledTasksService(deps, options));
}
