import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  createCustomFieldRequest,
  customFieldDefinition,
  customFieldDefinitionList,
  customFieldValues,
  idParam,
  listCustomFieldsQuery,
  locationParams,
  putCustomFieldValuesRequest,
  updateCustomFieldRequest,
} from "@steward/contracts";
import { requireScope, type Scope } from "../../platform/identity/index.js";
import { presentDefinition, presentValues } from "./custom-fields.presenter.js";
import type { CustomFieldsService } from "./custom-fields.service.js";

const tags = ["custom fields"];

export function customFieldsRoutes(service: CustomFieldsService): FastifyPluginAsyncZod {
  return async (app) => {
    // Definitions: administration → devices → globalCustomFields / roleCustomFields.
    app.get(
      "/custom-fields",
      {
        config: { access: "devices.read" },
        schema: { tags, querystring: listCustomFieldsQuery, response: { 200: customFieldDefinitionList } },
      },
      async (request) => {
        const { globalCustomFields, roleCustomFields } = await service.listDefinitions(request.query);
        return {
          globalCustomFields: globalCustomFields.map(presentDefinition),
          roleCustomFields: roleCustomFields.map(presentDefinition),
        };
      },
    );

    app.get(
      "/custom-fields/:id",
      {
        config: { access: "devices.read" },
        schema: { tags, params: idParam, response: { 200: customFieldDefinition } },
      },
      async (request) => presentDefinition(await service.get(request.params.id)),
    );

    app.post(
      "/custom-fields",
      {
        config: { access: "customFields.manage" },
        schema: { tags, body: createCustomFieldRequest, response: { 201: customFieldDefinition } },
      },
      async (request, reply) =>
        reply.code(201).send(presentDefinition(await service.create(request.body, request))),
    );

    app.patch(
      "/custom-fields/:id",
      {
        config: { access: "customFields.manage" },
        schema: {
          tags,
          params: idParam,
          body: updateCustomFieldRequest,
          response: { 200: customFieldDefinition },
        },
      },
      async (request) => presentDefinition(await service.update(request.params.id, request.body, request)),
    );

    app.delete(
      "/custom-fields/:id",
      {
        config: { access: "customFields.manage" },
        schema: { tags, params: idParam, response: { 204: z.null().describe("Deleted") } },
      },
      async (request, reply) => {
        await service.remove(request.params.id, request);
        return reply.code(204).send(null);
      },
    );

    // Values: /customerDashboard/:id/customFields, its locations, /deviceDashboard/:id/customFields.
    const levels = [
      {
        path: "/organizations/:id/custom-fields",
        params: idParam,
        level: (scope: Scope, p: { id: number }) =>
          service.level(scope, "ORGANIZATION", { organizationId: p.id }),
      },
      {
        path: "/organizations/:id/locations/:locationId/custom-fields",
        params: locationParams,
        level: (scope: Scope, p: { id: number; locationId?: number }) =>
          service.level(scope, "LOCATION", { organizationId: p.id, locationId: p.locationId ?? 0 }),
      },
      {
        path: "/devices/:id/custom-fields",
        params: idParam,
        level: (scope: Scope, p: { id: number }) => service.level(scope, "DEVICE", { deviceId: p.id }),
      },
    ] as const;

    for (const l of levels) {
      app.get(
        l.path,
        {
          config: { access: "devices.read" },
          schema: { tags, params: l.params, response: { 200: customFieldValues } },
        },
        async (request) =>
          presentValues(
            await service.valuesAt(
              await l.level(requireScope(request), request.params as { id: number; locationId?: number }),
            ),
          ),
      );
      app.put(
        l.path,
        {
          config: { access: "devices.manage" },
          schema: {
            tags,
            params: l.params,
            body: putCustomFieldValuesRequest,
            response: { 200: customFieldValues },
          },
        },
        async (request) =>
          presentValues(
            await service.putValues(
              await l.level(requireScope(request), request.params as { id: number; locationId?: number }),
              request.body,
              request,
            ),
          ),
      );
    }
  };
}
