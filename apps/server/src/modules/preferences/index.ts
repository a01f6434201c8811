import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { preferencesRoutes } from "./preferences.routes.js";
import type { PreferencesService } from "./preferences.service.js";

export type { PreferencesService } from "./preferences.service.js";

/** The signed-in technician's own settings: GET/PUT /api/me/preferences. */
export function preferencesModule(service: PreferencesService): FastifyPluginAsyncZod {
  return preferencesRoutes(service);
}
