import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { agentUpdatesRoutes } from "./agent-updates.routes.js";
import type { AgentUpdatesService } from "./agent-updates.service.js";

export {
  createAgentUpdatesService,
  type AgentUpdatesService,
  type UpdateChannel,
} from "./agent-updates.service.js";
export { handleUpdateRequest } from "./agent-endpoints.js";
export { outdatedAgentCondition } from "./agent-reports.js";
export { generateUpdateKeys, loadOrCreateUpdateKeys, type UpdateKeys } from "./update-keys.js";

/** Agent releases and rollouts: publishing builds, signed update metadata, rollouts with rings. */
export function agentUpdatesModule(service: AgentUpdatesService): FastifyPluginAsyncZod {
  return agentUpdatesRoutes(service);
}
