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
  type Permission,
} from "@steward/contracts";
import { requireScope } from "../../platform/identity/index.js";
import { presentCredential } from "./credentials.presenter.js";
import type { CredentialsService } from "./credentials.service.js";

const tags = ["credentials"];

/** Who may read an organization's credential list: the Run As picker (jobs.run) and their managers. */
const LIST_PERMISSIONS: readonly Permission[] = ["jobs.run", "credentials.manage"];

/** The spec's credential list call, credential changes under the organization, and the run-as choices. */
export function credentialsRoutes(service: CredentialsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/credential/organization/:id/list",
      {
        // Either permission reads it, in the organizations where one of them is held.
        config: { access: LIST_PERMISSIONS },
        schema: { tags, params: idParam, response: { 200: credentialListResponse } },
      },
      // The spec's answer, exactly.
      async (request) => ({
        resultCode: "SUCCESS" as const,
        credentials: (await service.list(requireScope(request), request.params.id)).map(presentCredential),
      }),
    );

    app.post(
      "/organizations/:id/credentials",
      {
        config: { access: "credentials.manage", stepUp: true },
        schema: { tags, params: idParam, body: createCredentialRequest, response: { 201: credentialView } },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send(
            presentCredential(
              await service.create(requireScope(request), request.params.id, request.body, request),
            ),
          ),
    );

    app.put(
      "/organizations/:id/credentials/:credentialId",
      {
        config: { access: "credentials.manage", stepUp: true },
        schema: {
          tags,
          params: organizationCredentialParams,
          body: updateCredentialRequest,
          response: { 200: credentialView },
        },
      },
      async (request) =>
        presentCredential(
          await service.update(
            requireScope(request),
            request.params.id,
            request.params.credentialId,
            request.body,
            request,
          ),
        ),
    );

    app.delete(
      "/organizations/:id/credentials/:credentialId",
      {
        config: { access: "credentials.manage", stepUp: true },
        schema: {
          tags,
          params: organizationCredentialParams,
          response: { 204: z.null().describe("Deleted") },
        },
      },
      async (request, reply) => {
        await service.remove(requireScope(request), request.params.id, request.params.credentialId, request);
        return reply.code(204).send(null);
      },
    );

    app.get(
      "/run-as/choices",
      {
        config: { access: "jobs.run" },
        schema: { tags, querystring: runAsChoicesQuery, response: { 200: runAsChoicesResponse } },
      },
      async (request) =>
        service.runAsChoices(requireScope(request), request.query.os, request.query.organizationId),
    );
  };
}
