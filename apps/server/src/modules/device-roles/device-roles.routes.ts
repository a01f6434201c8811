import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  createDeviceRoleRequest,
  deviceRole,
  deviceRoleList,
  idParam,
  nodeRoleList,
  updateDeviceRoleRequest,
} from "@steward/contracts";
import type { DeviceRolesService } from "./device-roles.service.js";

const tags = ["device roles"];

export function deviceRolesRoutes(service: DeviceRolesService): FastifyPluginAsyncZod {
  return async (app) => {
    await service.ensureBuiltIns();

    // The seed's call: the role list itself.
    app.get(
      "/noderole/list",
      { config: { access: "devices.read" }, schema: { tags, response: { 200: nodeRoleList } } },
      async () => service.list(),
    );

    app.get(
      "/device-roles",
      { config: { access: "devices.read" }, schema: { tags, response: { 200: deviceRoleList } } },
      async () => ({ items: await service.list() }),
    );

    app.get(
      "/device-roles/:id",
      {
        config: { access: "devices.read" },
        schema: { tags, params: idParam, response: { 200: deviceRole } },
      },
      async (request) => service.get(request.params.id),
    );

    app.post(
      "/device-roles",
      {
        config: { access: "devices.manage" },
        schema: { tags, body: createDeviceRoleRequest, response: { 201: deviceRole } },
      },
      async (request, reply) => reply.code(201).send(await service.create(request.body, request)),
    );

    app.patch(
      "/device-roles/:id",
      {
        config: { access: "devices.manage" },
        schema: { tags, params: idParam, body: updateDeviceRoleRequest, response: { 200: deviceRole } },
      },
      async (request) => service.update(request.params.id, request.body, request),
    );

    app.delete(
      "/device-roles/:id",
      {
        config: { access: "devices.manage" },
        schema: { tags, params: idParam, response: { 204: z.null().describe("Deleted") } },
      },
      async (request, reply) => {
        await service.remove(request.params.id, request);
        return reply.code(204).send(null);
      },
    );
  };
}
