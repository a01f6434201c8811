import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { FastifyRequest } from "fastify";
import {
  agentRelease,
  agentReleaseList,
  createRolloutRequest,
  deviceAgentReport,
  idParam,
  publishAgentReleaseRequest,
  rollout,
  rolloutDeviceList,
  rolloutDevicesQuery,
  rolloutList,
} from "@steward/contracts";
import { requireAuth, requireScope } from "../../platform/identity/index.js";
import type { AgentUpdatesService, Editor } from "./agent-updates.service.js";

const tags = ["agent-updates"];

function editorOf(request: FastifyRequest): Editor {
  return { request, userId: requireAuth(request).session.user.id };
}

/**
 * Agent releases and rollouts. Publishing builds and running rollouts changes every
 * organization's agents, so it is for system administrators; the per-device states of a rollout
 * are readable with devices.read, limited to the caller's organizations.
 */
export function agentUpdatesRoutes(service: AgentUpdatesService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/agent-releases",
      { config: { access: "system-admin" }, schema: { tags, response: { 200: agentReleaseList } } },
      async () => ({ items: await service.listReleases() }),
    );

    app.post(
      "/agent-releases",
      {
        config: { access: "system-admin" },
        bodyLimit: 200 * 1024 * 1024,
        schema: { tags, body: publishAgentReleaseRequest, response: { 201: agentRelease } },
      },
      async (request, reply) => reply.code(201).send(await service.publish(request.body, editorOf(request))),
    );

    app.get(
      "/agent-rollouts",
      { config: { access: "system-admin" }, schema: { tags, response: { 200: rolloutList } } },
      async () => ({ items: await service.listRollouts() }),
    );

    app.post(
      "/agent-rollouts",
      {
        config: { access: "system-admin" },
        schema: { tags, body: createRolloutRequest, response: { 201: rollout } },
      },
      async (request, reply) =>
        reply.code(201).send(await service.createRollout(request.body, editorOf(request))),
    );

    app.get(
      "/agent-rollouts/:id",
      { config: { access: "system-admin" }, schema: { tags, params: idParam, response: { 200: rollout } } },
      async (request) => service.getRollout(request.params.id),
    );

    app.post(
      "/agent-rollouts/:id/pause",
      { config: { access: "system-admin" }, schema: { tags, params: idParam, response: { 200: rollout } } },
      async (request) => service.setPaused(request.params.id, true, editorOf(request)),
    );

    app.post(
      "/agent-rollouts/:id/resume",
      { config: { access: "system-admin" }, schema: { tags, params: idParam, response: { 200: rollout } } },
      async (request) => service.setPaused(request.params.id, false, editorOf(request)),
    );

    app.get(
      "/devices/:id/agent",
      {
        config: { access: "devices.read" },
        schema: { tags, params: idParam, response: { 200: deviceAgentReport } },
      },
      async (request) => service.agentReport(request.params.id, requireScope(request)),
    );

    app.get(
      "/agent-rollouts/:id/devices",
      {
        config: { access: "devices.read" },
        schema: {
          tags,
          params: idParam,
          querystring: rolloutDevicesQuery,
          response: { 200: rolloutDeviceList },
        },
      },
      async (request) => service.rolloutDevices(request.params.id, request.query, requireScope(request)),
    );
  };
}
