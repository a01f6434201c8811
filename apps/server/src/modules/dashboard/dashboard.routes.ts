import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  gettingStarted,
  idParam,
  locationOverview,
  locationParams,
  organizationOverview,
  systemOverview,
} from "@steward/contracts";
import { requireAuth, requireScope } from "../../platform/identity/index.js";
import type { DashboardService } from "./dashboard.service.js";

const tags = ["dashboard"];

export function dashboardRoutes(service: DashboardService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/dashboard/system",
      { config: { access: "dashboard.read" }, schema: { tags, response: { 200: systemOverview } } },
      async (request) => service.systemOverview(requireScope(request)),
    );

    // /customerDashboard/:id/overview
    app.get(
      "/organizations/:id/overview",
      {
        config: { access: "dashboard.read" },
        schema: { tags, params: idParam, response: { 200: organizationOverview } },
      },
      async (request) => service.organizationOverview(requireScope(request), request.params.id),
    );

    // /customerDashboard/:id/location/:location
    app.get(
      "/organizations/:id/locations/:locationId/overview",
      {
        config: { access: "dashboard.read" },
        schema: { tags, params: locationParams, response: { 200: locationOverview } },
      },
      async (request) =>
        service.locationOverview(requireScope(request), request.params.id, request.params.locationId),
    );

    // Every signed-in user sees the checklist; it reveals only whether things exist.
    app.get(
      "/dashboard/getting-started",
      { config: { access: "authenticated" }, schema: { tags, response: { 200: gettingStarted } } },
      async (request) => {
        const auth = requireAuth(request);
        return service.gettingStarted({
          organizations: auth.scopeFor("organizations.read"),
          devices: auth.scopeFor("devices.read"),
        });
      },
    );
  };
}
