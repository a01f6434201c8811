import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppDeps } from "../../platform/deps.js";
import { createAuthService } from "../auth/index.js";
import { techniciansRoutes } from "./technicians.routes.js";
import { createTechniciansService } from "./technicians.service.js";

export { INVITE_VALID_HOURS } from "./technicians.service.js";

export function technicianModule(deps: AppDeps): FastifyPluginAsyncZod {
  return techniciansRoutes(deps, createTechniciansService(deps), createAuthService(deps));
}
