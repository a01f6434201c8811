import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { scheduledTasksRoutes } from "./scheduled-tasks.routes.js";
import type { ScheduledTasksService } from "./scheduled-tasks.service.js";

export {
  startScheduler,
  createScheduler,
  type RunningScheduler,
  type SchedulerOptions,
} from "./scheduled-tasks.scheduler.js";
export type { ScheduledTasksService } from "./scheduled-tasks.service.js";
export type { TaskRunnerDeps } from "./scheduled-tasks.runner.js";

/** Scheduled tasks under /api/scheduled-tasks. The background scheduler is started separately (startScheduler). */
export function scheduledTasksModule(service: ScheduledTasksService): FastifyPluginAsyncZod {
  return scheduledTasksRoutes(service);
}
