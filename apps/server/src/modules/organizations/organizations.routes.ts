import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  clientResponse,
  createLocationRequest,
  createOrganizationRequest,
  idParam,
  listOrganizationsQuery,
  location,
  locationParams,
  organizationDetail,
  organizationList,
  updateLocationRequest,
  updateOrganizationRequest,
} from "@steward/contracts";
import { requireScope } from "../../platform/identity/index.js";
import {
  presentLocation,
  presentOrganization,
  presentOrganizationDetail,
} from "./organizations.presenter.js";
import type { OrganizationsService, OrganizationWithLocations } from "./organizations.service.js";

const detailOf = ({ row, locations }: OrganizationWithLocations) => presentOrganizationDetail(row, locations);

const tags = ["organizations"];
const noContent = { 204: z.null().describe("Deleted") };

export function organizationsRoutes(service: OrganizationsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/organizations",
      {
        config: { access: "organizations.read" },
        schema: { tags, querystring: listOrganizationsQuery, response: { 200: organizationList } },
      },
      async (request) => {
        const page = await service.list(requireScope(request), request.query);
        return { ...page, items: page.items.map(presentOrganization) };
      },
    );

    app.post(
      "/organizations",
      {
        // A new organization lies outside every list: creating one takes the permission everywhere.
        config: { access: "organizations.write", everywhere: true },
        schema: { tags, body: createOrganizationRequest, response: { 201: organizationDetail } },
      },
      async (request, reply) =>
        reply.code(201).send(detailOf(await service.create(requireScope(request), request.body, request))),
    );

    app.get(
      "/organizations/:id",
      {
        config: { access: "organizations.read" },
        schema: { tags, params: idParam, response: { 200: organizationDetail } },
      },
      async (request) => detailOf(await service.get(requireScope(request), request.params.id)),
    );

    app.patch(
      "/organizations/:id",
      {
        config: { access: "organizations.write" },
        schema: {
          tags,
          params: idParam,
          body: updateOrganizationRequest,
          response: { 200: organizationDetail },
        },
      },
      async (request) =>
        detailOf(await service.update(requireScope(request), request.params.id, request.body, request)),
    );

    app.delete(
      "/organizations/:id",
      {
        config: { access: "organizations.write", stepUp: true },
        schema: { tags, params: idParam, response: noContent },
      },
      async (request, reply) => {
        await service.remove(requireScope(request), request.params.id, request);
        return reply.code(204).send(null);
      },
    );

    app.post(
      "/organizations/:id/locations",
      {
        config: { access: "organizations.write" },
        schema: { tags, params: idParam, body: createLocationRequest, response: { 201: location } },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send(
            presentLocation(
              await service.createLocation(requireScope(request), request.params.id, request.body, request),
            ),
          ),
    );

    app.patch(
      "/organizations/:id/locations/:locationId",
      {
        config: { access: "organizations.write" },
        schema: { tags, params: locationParams, body: updateLocationRequest, response: { 200: location } },
      },
      async (request) =>
        presentLocation(
          await service.updateLocation(
            requireScope(request),
            request.params.id,
            request.params.locationId,
            request.body,
            request,
          ),
        ),
    );

    app.delete(
      "/organizations/:id/locations/:locationId",
      {
        config: { access: "organizations.write" },
        schema: { tags, params: locationParams, response: noContent },
      },
      async (request, reply) => {
        await service.deleteLocation(
          requireScope(request),
          request.params.id,
          request.params.locationId,
          request,
        );
        return reply.code(204).send(null);
      },
    );

    // Clients read resultCode and client, and raise any resultCode other than SUCCESS as an error.
    app.get(
      "/client/:id",
      {
        config: { access: "organizations.read" },
        schema: { tags, params: idParam, response: { 200: clientResponse } },
      },
      async (request) => ({
        resultCode: "SUCCESS" as const,
        client: detailOf(await service.client(requireScope(request), request.params.id)),
      }),
    );
  };
}
