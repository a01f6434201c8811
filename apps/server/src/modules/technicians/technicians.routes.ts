import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  acceptInviteRequest,
  createTechnicianRequest,
  idParam,
  inviteInfoResponse,
  sessionResponse,
  technician,
  technicianInviteResponse,
  technicianList,
  updateTechnicianRequest,
} from "@steward/contracts";
import { audit, auditAs, requireAuth } from "../../platform/identity/index.js";
import type { AppDeps } from "../../platform/deps.js";
import { clientMeta, sessionCookieAge, setSessionCookie, type AuthService } from "../auth/index.js";
import { presentTechnician } from "./technicians.presenter.js";
import type { HeldTechnician, Inviter, IssuedInvite, TechniciansService } from "./technicians.service.js";

const present = ({ row, roleIds }: HeldTechnician) => presentTechnician(row, roleIds);
const presentInvite = (issued: IssuedInvite) => ({ ...issued, technician: present(issued.technician) });

const tags = ["technicians"];
const tokenParam = z.object({ token: z.string().min(20).max(100) });
const inviterOf = (request: FastifyRequest): Inviter => ({
  auth: requireAuth(request),
  acceptLanguage: request.headers["accept-language"],
});

export function techniciansRoutes(
  deps: AppDeps,
  service: TechniciansService,
  auth: AuthService,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/technicians",
      { config: { access: "technicians.read" }, schema: { tags, response: { 200: technicianList } } },
      async () => ({ items: (await service.list()).map(present) }),
    );
    app.get(
      "/technicians/:id",
      {
        config: { access: "technicians.read" },
        schema: { tags, params: idParam, response: { 200: technician } },
      },
      async (request) => present(await service.get(request.params.id)),
    );
    app.post(
      "/technicians",
      {
        config: { access: "technicians.manage", stepUp: true },
        schema: { tags, body: createTechnicianRequest, response: { 201: technicianInviteResponse } },
      },
      async (request, reply) => {
        const result = presentInvite(await service.invite(inviterOf(request), request.body));
        await audit(deps.db, request, {
          action: "technician.invited",
          targetType: "user",
          targetId: result.technician.id,
          data: { email: result.technician.email, roleIds: result.technician.roleIds },
        });
        return reply.status(201).send(result);
      },
    );
    app.patch(
      "/technicians/:id",
      {
        config: { access: "technicians.manage", stepUp: true },
        schema: { tags, params: idParam, body: updateTechnicianRequest, response: { 200: technician } },
      },
      async (request) => {
        const { technician: held, roleChange } = await service.update(
          requireAuth(request),
          request.params.id,
          request.body,
        );
        const result = present(held);
        await audit(deps.db, request, {
          action: "technician.updated",
          targetType: "user",
          targetId: result.id,
          data: { fields: Object.keys(request.body) },
        });
        if (roleChange)
          await audit(deps.db, request, {
            action: "technician.roles_changed",
            targetType: "user",
            targetId: result.id,
            data: {
              addedRoleIds: roleChange.added,
              removedRoleIds: roleChange.removed,
              roleIds: result.roleIds,
            },
          });
        return result;
      },
    );
    for (const action of ["disable", "enable", "reset-mfa"] as const) {
      app.post(
        `/technicians/:id/${action}`,
        {
          config: { access: "technicians.manage", stepUp: true },
          schema: { tags, params: idParam, response: { 200: technician } },
        },
        async (request) => {
          const actor = requireAuth(request);
          const id = request.params.id;
          const result = present(
            action === "disable"
              ? await service.disable(actor, id)
              : action === "enable"
                ? await service.enable(actor, id)
                : await service.resetMfa(actor, id),
          );
          await audit(deps.db, request, { action: `technician.${action}`, targetType: "user", targetId: id });
          return result;
        },
      );
    }
    app.post(
      "/technicians/:id/reinvite",
      {
        config: { access: "technicians.manage", stepUp: true },
        schema: { tags, params: idParam, response: { 200: technicianInviteResponse } },
      },
      async (request) => {
        const result = presentInvite(await service.reinvite(inviterOf(request), request.params.id));
        await audit(deps.db, request, {
          action: "technician.reinvited",
          targetType: "user",
          targetId: request.params.id,
        });
        return result;
      },
    );
    app.delete(
      "/technicians/:id",
      {
        config: { access: "technicians.manage", stepUp: true },
        schema: { tags, params: idParam, response: { 204: z.null() } },
      },
      async (request, reply) => {
        await service.remove(requireAuth(request), request.params.id);
        await audit(deps.db, request, {
          action: "technician.deleted",
          targetType: "user",
          targetId: request.params.id,
        });
        return reply.status(204).send(null);
      },
    );

    // Invite links: public, the token is the credential (24 h, single use).
    app.get(
      "/invites/:token",
      {
        config: { access: "public" },
        schema: { tags, params: tokenParam, response: { 200: inviteInfoResponse } },
      },
      async (request) => service.inviteInfo(request.params.token),
    );
    app.post(
      "/invites/:token/accept",
      {
        config: { access: "public" },
        schema: { tags, params: tokenParam, body: acceptInviteRequest, response: { 200: sessionResponse } },
      },
      async (request, reply) => {
        const userId = await service.acceptInvite(request.params.token, request.body.password);
        const issued = await auth.issueSession(userId, clientMeta(request));
        // No one is signed in yet: the technician accepting is the actor, named by their email.
        const email = "user" in issued.response ? issued.response.user.email : null;
        await auditAs(
          deps.db,
          { actorUserId: userId, actorLabel: email, ip: request.ip },
          { action: "technician.invite_accepted", targetType: "user", targetId: userId },
        );
        setSessionCookie(request, reply, issued.token, sessionCookieAge(issued.response));
        return issued.response;
      },
    );
  };
}
