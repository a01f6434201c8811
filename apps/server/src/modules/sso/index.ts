import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppDeps } from "../../platform/deps.js";
import { ssoRoutes } from "./sso.routes.js";
import type { SsoService } from "./sso.service.js";

export { createSsoService, SSO_CALLBACK_PATH } from "./sso.service.js";
export { createSsoRepository } from "./sso.repository.js";
export type { SsoService } from "./sso.service.js";

/** Single sign-on: GET/PUT /api/settings/sso (system administrators) and the sign-in round. */
export function ssoModule(deps: AppDeps, service: SsoService): FastifyPluginAsyncZod {
  return ssoRoutes(deps, service);
}
