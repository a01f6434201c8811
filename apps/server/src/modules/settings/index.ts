import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { GeneralSettings } from "@steward/contracts";
import type { Db } from "../../platform/db/database.js";
import type { AppDeps } from "../../platform/deps.js";
import { SettingsRepository } from "./settings.repository.js";
import { settingsRoutes } from "./settings.routes.js";
import { createSettingsService, type Actor } from "./settings.service.js";

export { GENERAL_SETTINGS_DEFAULTS } from "./settings.presenter.js";
export type { SettingsService } from "./settings.service.js";

/** System settings: GET/PUT /api/settings/general. */
export function settingsModule(deps: AppDeps): FastifyPluginAsyncZod {
  return settingsRoutes(createSettingsService({ repo: new SettingsRepository(deps.db) }));
}

/** The general settings (company name, default time zone), with defaults for what was never set. */
export function readGeneralSettings(db: Db): Promise<GeneralSettings> {
  return createSettingsService({ repo: new SettingsRepository(db) }).getGeneral();
}

/**
 * Changes some general settings (e.g. the setup flow sets companyName), writing an audit event;
 * actor is the request that asked for it, or null for a system action. Throws AppError
 * E_VALIDATION (400) for a value the contract refuses.
 */
export function updateGeneralSettings(
  db: Db,
  changes: Partial<GeneralSettings>,
  actor: Actor = null,
): Promise<GeneralSettings> {
  return createSettingsService({ repo: new SettingsRepository(db) }).updateGeneral(changes, actor);
}
