import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { gettingStarted, systemOverview } from "@steward/contracts";
import type { DashboardService } from "./dashboard.service.js";

const tags = ["dashboard"];

export function dashboardRoutes(service: DashboardService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/dashboard/system",
      { config: { access: "dashboard.read" }, schema: { tags, response: { 200: systemOverview } } },
      async () => service.systemOverview(),
    );

    // Every signed-in user sees the checklist; it reveals only whether things exist.
    app.get(
      "/dashboard/getting-started",
      { config: { access: "authenticated" }, schema: { tags, response: { 200: gettingStarted } } },
      async () => service.gettingStarted(),
    );
  };
}
