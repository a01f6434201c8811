import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { dynamicPoliciesRoutes } from "./dynamic-policies.routes.js";
import type { DynamicPoliciesService } from "./dynamic-policies.service.js";

export { DynamicPoliciesRepository } from "./dynamic-policies.repository.js";
export { createDynamicPoliciesService } from "./dynamic-policies.service.js";
export type { DynamicPoliciesService, MatchedDynamicPolicy } from "./dynamic-policies.service.js";

/**
 * Dynamic policies: applied on top of a device's base policy when their device-search criteria
 * match it, in a priority order per device class (CRUD and reorder at /api/dynamic-policies).
 */
export function dynamicPoliciesModule(service: DynamicPoliciesService): FastifyPluginAsyncZod {
  return dynamicPoliciesRoutes(service);
}
