import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppDeps } from "../../platform/deps.js";
import { ScriptsRepository } from "./scripts.repository.js";
import { scriptsRoutes } from "./scripts.routes.js";
import { createScriptsService } from "./scripts.service.js";

export type { ScriptsService } from "./scripts.service.js";
export { resolveScriptForJob, type ScriptLookupCache } from "./scripts.jobs.js";
export { scriptTemplates } from "./templates/index.js";

/** Script library (/api/scripts) and built-in template scripts (/api/script-templates). */
export function scriptsModule(deps: AppDeps): FastifyPluginAsyncZod {
  return scriptsRoutes(createScriptsService({ repo: new ScriptsRepository(deps.db) }));
}
