import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  copyTechnicianRoleRequest,
  createTechnicianRoleRequest,
  idParam,
  technicianRole,
  technicianRoleList,
  updateTechnicianRoleRequest,
} from "@steward/contracts";
import type { AppDeps } from "../../platform/deps.js";
import { audit, requireAuth } from "../../platform/identity/index.js";
import type { RolesService } from "./roles.service.js";

const tags = ["technician roles"];

/** What an audit event keeps of a role: its name, permissions and scope (ids only). */
const auditedRole = (role: z.infer<typeof technicianRole>) => ({
  name: role.name,
  permissions: role.permissions,
  allOrganizations: role.allOrganizations,
  organizationIds: role.organizations.map((o) => o.id),
});

export function rolesRoutes(deps: AppDeps, service: RolesService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/technician-roles",
      { config: { access: "technicians.read" }, schema: { tags, response: { 200: technicianRoleList } } },
      async (request) => ({ items: await service.list(requireAuth(request)) }),
    );

    app.get(
      "/technician-roles/:id",
      {
        config: { access: "technicians.read" },
        schema: { tags, params: idParam, response: { 200: technicianRole } },
      },
      async (request) => service.get(requireAuth(request), request.params.id),
    );

    app.post(
      "/technician-roles",
      {
        config: { access: "technicians.manage", stepUp: true },
        schema: { tags, body: createTechnicianRoleRequest, response: { 201: technicianRole } },
      },
      async (request, reply) => {
        const role = await service.create(requireAuth(request), request.body);
        await audit(deps.db, request, {
          action: "technician_role.created",
          targetType: "technician_role",
          targetId: role.id,
          data: auditedRole(role),
        });
        return reply.status(201).send(role);
      },
    );

    app.post(
      "/technician-roles/:id/copy",
      {
        config: { access: "technicians.manage", stepUp: true },
        schema: { tags, params: idParam, body: copyTechnicianRoleRequest, response: { 201: technicianRole } },
      },
      async (request, reply) => {
        const role = await service.copy(requireAuth(request), request.params.id, request.body);
        await audit(deps.db, request, {
          action: "technician_role.copied",
          targetType: "technician_role",
          targetId: role.id,
          data: { ...auditedRole(role), copiedFromRoleId: request.params.id },
        });
        return reply.status(201).send(role);
      },
    );

    app.patch(
      "/technician-roles/:id",
      {
        config: { access: "technicians.manage", stepUp: true },
        schema: {
          tags,
          params: idParam,
          body: updateTechnicianRoleRequest,
          response: { 200: technicianRole },
        },
      },
      async (request) => {
        const { before, after } = await service.update(requireAuth(request), request.params.id, request.body);
        await audit(deps.db, request, {
          action: "technician_role.updated",
          targetType: "technician_role",
          targetId: after.id,
          data: { before: auditedRole(before), after: auditedRole(after) },
        });
        return after;
      },
    );

    // A role still held is refused (409 E_ROLE_IN_USE): access is never taken away as a side effect.
    app.delete(
      "/technician-roles/:id",
      {
        config: { access: "technicians.manage", stepUp: true },
        schema: { tags, params: idParam, response: { 204: z.null().describe("Deleted") } },
      },
      async (request, reply) => {
        const role = await service.remove(request.params.id);
        await audit(deps.db, request, {
          action: "technician_role.deleted",
          targetType: "technician_role",
          targetId: request.params.id,
          data: { name: role.name, permissions: role.permissions, allOrganizations: role.allOrganizations },
        });
        return reply.status(204).send(null);
      },
    );
  };
}
