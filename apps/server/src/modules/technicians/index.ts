import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppDeps } from "../../platform/deps.js";
import type { AuthService } from "../auth/index.js";
import { techniciansRoutes } from "./technicians.routes.js";
import type { TechniciansService } from "./technicians.service.js";

export { INVITE_VALID_HOURS, type TechniciansService } from "./technicians.service.js";

/** Technician administration and invitations, over the app's technicians and auth services. */
export function technicianModule(
  deps: AppDeps,
  technicians: TechniciansService,
  auth: AuthService,
): FastifyPluginAsyncZod {
  return techniciansRoutes(deps, technicians, auth);
}
