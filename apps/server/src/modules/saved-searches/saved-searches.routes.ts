import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  createSavedSearchRequest,
  executeActionRequest,
  executeActionResponse,
  groupList,
  idParam,
  savedSearch,
  savedSearchList,
  searchesResponse,
  updateSavedSearchRequest,
} from "@steward/contracts";
import { requireScope } from "../../platform/identity/index.js";
import { presentGroup, presentSavedSearch, presentSearchesItem } from "./saved-searches.presenter.js";
import type { SavedSearchesService } from "./saved-searches.service.js";

const tags = ["saved searches"];

export function savedSearchesRoutes(service: SavedSearchesService): FastifyPluginAsyncZod {
  return async (app) => {
    // The seed's call: each item with customFields as a JSON string merged into it.
    app.get(
      "/searches",
      { config: { access: "devices.read" }, schema: { tags, response: { 200: searchesResponse } } },
      async () => (await service.list()).map(presentSearchesItem),
    );

    // Groups are saved searches with a name (/group/:id, /administration/devices/groups).
    app.get(
      "/groups",
      { config: { access: "devices.read" }, schema: { tags, response: { 200: groupList } } },
      async (request) => ({ items: (await service.groups(requireScope(request))).map(presentGroup) }),
    );

    app.get(
      "/saved-searches",
      { config: { access: "devices.read" }, schema: { tags, response: { 200: savedSearchList } } },
      async () => ({ items: (await service.list()).map(presentSavedSearch) }),
    );

    app.get(
      "/saved-searches/:id",
      {
        config: { access: "devices.read" },
        schema: { tags, params: idParam, response: { 200: savedSearch } },
      },
      async (request) => presentSavedSearch(await service.get(request.params.id)),
    );

    app.post(
      "/saved-searches",
      {
        config: { access: "devices.manage" },
        schema: { tags, body: createSavedSearchRequest, response: { 201: savedSearch } },
      },
      async (request, reply) =>
        reply.code(201).send(presentSavedSearch(await service.create(request.body, request))),
    );

    app.patch(
      "/saved-searches/:id",
      {
        config: { access: "devices.manage" },
        schema: { tags, params: idParam, body: updateSavedSearchRequest, response: { 200: savedSearch } },
      },
      async (request) => presentSavedSearch(await service.update(request.params.id, request.body, request)),
    );

    app.delete(
      "/saved-searches/:id",
      {
        config: { access: "devices.manage" },
        schema: { tags, params: idParam, response: { 204: z.null().describe("Deleted") } },
      },
      async (request, reply) => {
        await service.remove(request.params.id, request);
        return reply.code(204).send(null);
      },
    );

    // The seed's call: a bulk action over a search's devices (or explicit ids).
    app.post(
      "/search/runner/execute-action",
      {
        config: { access: "devices.manage" },
        schema: { tags, body: executeActionRequest, response: { 200: executeActionResponse } },
      },
      async (request) => service.execute(request.body, requireScope(request), request),
    );
  };
}
