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
import { requireScope } from "../../platform/identity/index.js";
import type { DynamicPoliciesService } from "./dynamic-policies.service.js";

const tags = ["policies"];

/**
 * Dynamic policies at /api/dynamic-policies: global definitions (policies.read to read,
 * policies.manage to change). Device counts are of the caller's organizations only.
 */
export function dynamicPoliciesRoutes(service: DynamicPoliciesService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/dynamic-policies",
      {
        config: { access: "policies.read" },
        schema: { tags, querystring: dynamicPolicyListQuery, response: { 200: dynamicPolicyList } },
      },
      async (request) => ({ items: await service.list(requireScope(request), request.query) }),
    );

    app.get(
      "/dynamic-policies/:id",
      {
        config: { access: "policies.read" },
        schema: { tags, params: idParam, response: { 200: dynamicPolicyView } },
      },
      async (request) => service.get(requireScope(request), request.params.id),
    );

    app.post(
      "/dynamic-policies",
      {
        config: { access: "policies.manage" },
        schema: { tags, body: createDynamicPolicyRequest, response: { 201: dynamicPolicyView } },
      },
      async (request, reply) =>
        reply.code(201).send(await service.create(requireScope(request), request.body, request)),
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
      async (request) => service.update(requireScope(request), request.params.id, request.body, request),
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
      async (request) => ({ items: await service.reorder(requireScope(request), request.body, request) }),
    );
  };
}
