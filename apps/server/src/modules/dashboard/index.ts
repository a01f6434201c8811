import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppDeps } from "../../platform/deps.js";
import { DashboardRepository } from "./dashboard.repository.js";
import { dashboardRoutes } from "./dashboard.routes.js";
import { createDashboardService } from "./dashboard.service.js";

/** System dashboard figures and the getting-started checklist: /api/dashboard/*. */
export function dashboardModule(deps: AppDeps): FastifyPluginAsyncZod {
  return dashboardRoutes(createDashboardService({ repo: new DashboardRepository(deps.db) }));
}
