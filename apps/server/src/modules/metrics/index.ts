import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { metricsRoutes } from "./metrics.routes.js";
import type { MetricsService } from "./metrics.service.js";

export { createMetricsService, type MetricsService } from "./metrics.service.js";
export { createMetricsRepository } from "./metrics.repository.js";
export type { RunningRollupJob } from "./metrics.rollup.js";

/** Console routes of metric history (GET /api/devices/:id/metrics). */
export function metricsModule(service: MetricsService): FastifyPluginAsyncZod {
  return metricsRoutes(service);
}
