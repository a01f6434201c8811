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
import { requireScope } from "../../platform/identity/index.js";
import { presentDeviceRole } from "./device-roles.presenter.js";
import type { DeviceRolesService } from "./device-roles.service.js";

const tags = ["device roles"];

export function deviceRolesRoutes(service: DeviceRolesService): FastifyPluginAsyncZod {
  return async (app) => {
    await service.ensureBuiltIns();

    // The seed's call: the role list itself.
    app.get(
      "/noderole/list",
      { config: { access: "devices.read" }, schema: { tags, response: { 200: nodeRoleList } } },
      async (request) => (await service.list(requireScope(request))).map(presentDeviceRole),
    );

    app.get(
      "/device-roles",
      { config: { access: "devices.read" }, schema: { tags, response: { 200: deviceRoleList } } },
      async (request) => ({ items: (await service.list(requireScope(request))).map(presentDeviceRole) }),
    );

    app.get(
      "/device-roles/:id",
      {
        config: { access: "devices.read" },
        schema: { tags, params: idParam, response: { 200: deviceRole } },
      },
      async (request) => presentDeviceRole(await service.get(requireScope(request), request.params.id)),
    );

    app.post(
      "/device-roles",
      {
        config: { access: "devices.manage", everywhere: true },
        schema: { tags, body: createDeviceRoleRequest, response: { 201: deviceRole } },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send(presentDeviceRole(await service.create(requireScope(request), request.body, request))),
    );

    app.patch(
      "/device-roles/:id",
      {
        config: { access: "devices.manage", everywhere: true },
        schema: { tags, params: idParam, body: updateDeviceRoleRequest, response: { 200: deviceRole } },
      },
      async (request) =>
        presentDeviceRole(
          await service.update(requireScope(request), request.params.id, request.body, request),
        ),
    );

    app.delete(
      "/device-roles/:id",
      {
        config: { access: "devices.manage", everywhere: true },
        schema: { tags, params: idParam, response: { 204: z.null().describe("Deleted") } },
      },
      async (request, reply) => {
        await service.remove(requireScope(request), request.params.id, request);
        return reply.code(204).send(null);
      },
    );
  };
}
