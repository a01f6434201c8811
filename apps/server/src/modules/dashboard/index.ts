import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppDeps } from "../../platform/deps.js";

// Placeholder while the module is being written; replaced in the same change.
export function dashboardModule(_deps: AppDeps): FastifyPluginAsyncZod {
  return async () => {};
}
