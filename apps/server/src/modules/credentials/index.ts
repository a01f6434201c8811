import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { credentialsRoutes } from "./credentials.routes.js";
import type { CredentialsService } from "./credentials.service.js";

export type { CredentialsService } from "./credentials.service.js";

/** Organizations' stored credentials (sealed at rest) and the run-as choices (GET /api/run-as/choices). */
export function credentialsModule(service: CredentialsService): FastifyPluginAsyncZod {
  return credentialsRoutes(service);
}
export { credentialSecretContext } from "./credentials.sealing.js";
export {
  preloadRunAs,
  resolveRunAs,
  type RunAsAccount,
  type RunAsLookupCache,
} from "./credentials.run-as.js";
