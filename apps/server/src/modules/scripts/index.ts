import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { scriptsRoutes } from "./scripts.routes.js";
import type { ScriptsService } from "./scripts.service.js";

export type { ScriptsService } from "./scripts.service.js";
export { resolveScriptForJob, type ScriptLookupCache } from "./scripts.jobs.js";
export { scriptTemplates } from "./templates/index.js";
export { scriptForJob, type ScriptForJob } from "./scripts.repository.js";

/** Script library (/api/scripts) and built-in template scripts (/api/script-templates). */
export function scriptsModule(service: ScriptsService): FastifyPluginAsyncZod {
  return scriptsRoutes(service);
}
