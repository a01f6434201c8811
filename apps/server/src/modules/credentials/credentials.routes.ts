import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  createCredentialRequest,
  credentialListResponse,
  credentialView,
  idParam,
  organizationCredentialParams,
  runAsChoicesQuery,
  runAsChoicesResponse,
  updateCredentialRequest,
} from "@steward/contracts";
import type { CredentialsService } from "./credentials.service.js";

const tags = ["credentials"];

/** The spec's credential list call, credential changes under the organization, and the run-as choices. */
export function credentialsRoutes(service: CredentialsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/credential/organization/:id/list",
      {
        config: { access: "organizations.read" },
        schema: { tags, params: idParam, response: { 200: credentialListResponse } },
      },
      async (request) => service.list(request.params.id),
    );

    app.post(
      "/organizations/:id/credentials",
      {
        config: { access: "organizations.write" },
        schema: { tags, params: idParam, body: createCredentialRequest, response: { 201: credentialView } },
      },
      async (request, reply) =>
        reply.code(201).send(await service.create(request.params.id, request.body, request)),
    );

    app.put(
      "/organizations/:id/credentials/:credentialId",
      {
        config: { access: "organizations.write" },
        schema: {
          tags,
          params: organizationCredentialParams,
          body: updateCredentialRequest,
          response: { 200: credentialView },
        },
      },
      async (request) =>
        service.update(request.params.id, request.params.credentialId, request.body, request),
    );

    app.delete(
      "/organizations/:id/credentials/:credentialId",
      {
        config: { access: "organizations.write" },
        schema: {
          tags,
          params: organizationCredentialParams,
          response: { 204: z.null().describe("Deleted") },
        },
      },
      async (request, reply) => {
        await service.remove(request.params.id, request.params.credentialId, request);
        return reply.code(204).send(null);
      },
    );

    app.get(
      "/run-as/choices",
      {
        config: { access: "jobs.run" },
        schema: { tags, querystring: runAsChoicesQuery, response: { 200: runAsChoicesResponse } },
      },
      async (request) => service.runAsChoices(request.query.os, request.query.organizationId),
    );
  };
}
