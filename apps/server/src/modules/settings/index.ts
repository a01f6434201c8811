import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { settingsRoutes } from "./settings.routes.js";
import type { SettingsService } from "./settings.service.js";

export { GENERAL_SETTINGS_DEFAULTS } from "./settings.presenter.js";
export type { SettingsService } from "./settings.service.js";

/** System settings: GET/PUT /api/settings/general. */
export function settingsModule(service: SettingsService): FastifyPluginAsyncZod {
  return settingsRoutes(service);
}
