import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  createDynamicPolicyRequest,
  dynamicPolicyList,
  dynamicPolicyListQuery,
  dynamicPolicyView,
  idParam,
  reorderDynamicPoliciesRequest,
  updateDynamicPolicyRequest,
} from "@steward/contracts";
import { requireAuth } from "../../platform/identity/index.js";
import type { DynamicPoliciesService } from "./dynamic-policies.service.js";

const tags = ["policies"];

/**
 * Dynamic policies at /api/dynamic-policies: global definitions (policies.read to read,
 * policies.manage to change). Device counts are of the devices the caller may see: the
 * organizations where they hold devices.read (the policy permissions reach every organization).
 */
export function dynamicPoliciesRoutes(service: DynamicPoliciesService): FastifyPluginAsyncZod {
  return async (app) => {
    const devicesScope = (request: FastifyRequest) => requireAuth(request).scopeFor("devices.read");

    app.get(
      "/dynamic-policies",
      {
        config: { access: "policies.read" },
        schema: { tags, querystring: dynamicPolicyListQuery, response: { 200: dynamicPolicyList } },
      },
      async (request) => ({ items: await service.list(devicesScope(request), request.query) }),
    );

    app.get(
      "/dynamic-policies/:id",
      {
        config: { access: "policies.read" },
        schema: { tags, params: idParam, response: { 200: dynamicPolicyView } },
      },
      async (request) => service.get(devicesScope(request), request.params.id),
    );

    app.post(
      "/dynamic-policies",
      {
        config: { access: "policies.manage" },
        schema: { tags, body: createDynamicPolicyRequest, response: { 201: dynamicPolicyView } },
      },
      async (request, reply) =>
        reply.code(201).send(await service.create(devicesScope(request), request.body, request)),
    );

    app.patch(
      "/dynamic-policies/:id",
      {
        config: { access: "policies.manage" },
        schema: {
          tags,
          params: idParam,
          body: updateDynamicPolicyRequest,
          response: { 200: dynamicPolicyView },
        },
      },
      async (request) => service.update(devicesScope(request), request.params.id, request.body, request),
    );

    app.delete(
      "/dynamic-policies/:id",
      {
        config: { access: "policies.manage" },
        schema: { tags, params: idParam, response: { 204: z.null().describe("Deleted") } },
      },
      async (request, reply) => {
        await service.remove(request.params.id, request);
        return reply.code(204).send(null);
      },
    );

    app.put(
      "/dynamic-policies/order",
      {
        config: { access: "policies.manage" },
        schema: { tags, body: reorderDynamicPoliciesRequest, response: { 200: dynamicPolicyList } },
      },
      async (request) => ({ items: await service.reorder(devicesScope(request), request.body, request) }),
    );
  };
}
