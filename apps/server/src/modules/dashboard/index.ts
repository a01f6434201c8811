import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { dashboardRoutes } from "./dashboard.routes.js";
import type { DashboardService } from "./dashboard.service.js";

export type { DashboardService } from "./dashboard.service.js";

/** System dashboard figures and the getting-started checklist: /api/dashboard/*. */
export function dashboardModule(service: DashboardService): FastifyPluginAsyncZod {
  return dashboardRoutes(service);
}
