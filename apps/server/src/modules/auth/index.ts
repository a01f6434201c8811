import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppDeps } from "../../platform/deps.js";
import { authRoutes } from "./auth.routes.js";
import { createAuthService, type AuthHooks } from "./auth.service.js";

export { createAuthService, type AuthService, type IssuedSession } from "./auth.service.js";
export { setSessionCookie, clientMeta } from "./auth.cookies.js";

export function authModule(deps: AppDeps, hooks: AuthHooks = {}): FastifyPluginAsyncZod {
  return authRoutes(deps, createAuthService(deps, hooks));
}
