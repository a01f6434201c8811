import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { FastifyRequest } from "fastify";
import { z } from "zod";
import {
  idParam,
  listMaintenanceWindowsQuery,
  maintenanceWindow,
  maintenanceWindowList,
  saveMaintenanceWindowRequest,
} from "@steward/contracts";
import { requireAuth, requireScope } from "../../platform/identity/index.js";
import type { MaintenanceEditor, MaintenanceService } from "./maintenance.service.js";

const tags = ["maintenance"];
const noContent = { 204: z.null().describe("Deleted") };

function editorOf(request: FastifyRequest): MaintenanceEditor {
  return { request, userId: requireAuth(request).session.user.id, scope: requireScope(request) };
}

/**
 * Maintenance windows: reads need devices.read, changes devices.manage (both through the
 * caller's organizations). /maintenance-windows holds every window the caller sees and creates
 * system-wide ones; /organizations/:id/maintenance-windows one organization's.
 */
export function maintenanceRoutes(service: MaintenanceService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/maintenance-windows",
      {
        config: { access: "devices.read" },
        schema: { tags, querystring: listMaintenanceWindowsQuery, response: { 200: maintenanceWindowList } },
      },
      async (request) => service.list(request.query, requireScope(request)),
    );

    app.post(
      "/maintenance-windows",
      {
        config: { access: "devices.manage" },
        schema: { tags, body: saveMaintenanceWindowRequest, response: { 201: maintenanceWindow } },
      },
      async (request, reply) =>
        reply.code(201).send(await service.create(request.body, null, editorOf(request))),
    );

    app.get(
      "/maintenance-windows/:id",
      {
        config: { access: "devices.read" },
        schema: { tags, params: idParam, response: { 200: maintenanceWindow } },
      },
      async (request) => service.get(request.params.id, requireScope(request)),
    );

    app.put(
      "/maintenance-windows/:id",
      {
        config: { access: "devices.manage" },
        schema: {
          tags,
          params: idParam,
          body: saveMaintenanceWindowRequest,
          response: { 200: maintenanceWindow },
        },
      },
      async (request) => service.update(request.params.id, request.body, editorOf(request)),
    );

    app.delete(
      "/maintenance-windows/:id",
      { config: { access: "devices.manage" }, schema: { tags, params: idParam, response: noContent } },
      async (request, reply) => {
        await service.remove(request.params.id, editorOf(request));
        return reply.code(204).send(null);
      },
    );

    app.get(
      "/organizations/:id/maintenance-windows",
      {
        config: { access: "devices.read" },
        schema: {
          tags,
          params: idParam,
          querystring: listMaintenanceWindowsQuery,
          response: { 200: maintenanceWindowList },
        },
      },
      async (request) => service.list(request.query, requireScope(request), request.params.id),
    );

    app.post(
      "/organizations/:id/maintenance-windows",
      {
        config: { access: "devices.manage" },
        schema: {
          tags,
          params: idParam,
          body: saveMaintenanceWindowRequest,
          response: { 201: maintenanceWindow },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await service.create(request.body, request.params.id, editorOf(request))),
    );
  };
}
