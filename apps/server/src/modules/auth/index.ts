import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppDeps } from "../../platform/deps.js";
import { authRoutes } from "./auth.routes.js";
import type { AuthService } from "./auth.service.js";
import { mfaRoutes } from "./mfa.routes.js";
import type { MfaService } from "./mfa.service.js";

export type { AuthService, AuthHooks, IssuedSession } from "./auth.service.js";
export { setSessionCookie, sessionCookieAge, clientMeta } from "./auth.cookies.js";

export type { MfaService } from "./mfa.service.js";
export { createMfaService } from "./mfa.service.js";

/** Second factors beside TOTP (security keys, SMS, Duo), their providers and administrators' controls. */
export function mfaModule(deps: AppDeps, mfa: MfaService): FastifyPluginAsyncZod {
  return mfaRoutes(deps, mfa);
}

export function authModule(deps: AppDeps, auth: AuthService): FastifyPluginAsyncZod {
  return authRoutes(deps, auth);
}
