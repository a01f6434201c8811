import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppDeps } from "../../platform/deps.js";
import { authRoutes } from "./auth.routes.js";
import type { AuthService } from "./auth.service.js";

export type { AuthService, AuthHooks, IssuedSession } from "./auth.service.js";
export { setSessionCookie, clientMeta } from "./auth.cookies.js";

export function authModule(deps: AppDeps, auth: AuthService): FastifyPluginAsyncZod {
  return authRoutes(deps, auth);
}
