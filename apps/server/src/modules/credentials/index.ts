import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppDeps } from "../../platform/deps.js";
import { CredentialsRepository } from "./credentials.repository.js";
import { credentialsRoutes } from "./credentials.routes.js";
import { createCredentialsService } from "./credentials.service.js";

export type { CredentialsService } from "./credentials.service.js";

/** Organizations' stored credentials (sealed at rest) and the run-as choices (GET /api/run-as/choices). */
export function credentialsModule(deps: AppDeps): FastifyPluginAsyncZod {
  return credentialsRoutes(
    createCredentialsService({ repo: new CredentialsRepository(deps.db), secretBox: deps.secretBox }),
  );
}
export { credentialSecretContext } from "./credentials.sealing.js";
export {
  preloadRunAs,
  resolveRunAs,
  type RunAsAccount,
  type RunAsLookupCache,
} from "./credentials.run-as.js";
