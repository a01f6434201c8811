import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { securitySettingsRoutes } from "./security-settings.routes.js";
import type { SecuritySettingsService } from "./security-settings.service.js";

export { createSecuritySettingsService, securityDefaults } from "./security-settings.service.js";
export { SecuritySettingsRepository } from "./security-settings.repository.js";
export { PasswordHistoryRepository } from "./password-history.repository.js";
export { createPasswordRules, type PasswordRules } from "./password-rules.js";
export { securityAccessRules, SIGN_IN_ROUTES } from "./access-rules.js";
export type { SecuritySettingsService } from "./security-settings.service.js";

/** Security settings: GET/PUT /api/settings/security (system administrators). */
export function securitySettingsModule(service: SecuritySettingsService): FastifyPluginAsyncZod {
  return securitySettingsRoutes(service);
}
