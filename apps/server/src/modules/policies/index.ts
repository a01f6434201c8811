import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { PolicyAssignmentsService } from "./policies.assignments.js";
import { policiesRoutes } from "./policies.routes.js";
import type { PoliciesService } from "./policies.service.js";

export type { PoliciesService } from "./policies.service.js";
export type { PolicyAssignmentsService } from "./policies.assignments.js";
export {
  createPolicyAutomations,
  startPolicyAutomations,
  type FiredAutomation,
  type PolicyAutomations,
} from "./policies.automations.js";
export {
  createPolicyConditions,
  type DeviceConditions,
  type PolicyConditions,
} from "./policies.conditions.js";
export { createPolicySectionReader, type PolicySectionReader } from "./policies.sections.js";

/**
 * Agent policies: CRUD at /api/policies, an organization's policy per device role, a location's
 * per class, a device's own (single and bulk), and a device's effective policy.
 */
export function policiesModule(
  policies: PoliciesService,
  assignments: PolicyAssignmentsService,
): FastifyPluginAsyncZod {
  return policiesRoutes(policies, assignments);
}
