import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  acknowledgeAlertBody,
  alertListQuery,
  alertListResponse,
  alertView,
  bulkAlertBody,
  bulkAlertResponse,
  idParam,
  resetAlertBody,
} from "@steward/contracts";
import { requireAuth, requireScope } from "../../platform/identity/index.js";
import type { AlertActor, AlertsConsole } from "./alerts.service.js";

const tags = ["alerts"];

function actorOf(request: FastifyRequest): AlertActor {
  const { user } = requireAuth(request).session;
  const name = `${user.firstName} ${user.lastName}`.trim();
  return { userId: user.id, name: name === "" ? user.email : name };
}

/**
 * Alerts: reading needs devices.read, acknowledging and resetting devices.manage, both through
 * the caller's organizations (an alert of another organization answers 404).
 */
export function alertsRoutes(service: AlertsConsole): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/alerts",
      {
        config: { access: "devices.read" },
        schema: { tags, querystring: alertListQuery, response: { 200: alertListResponse } },
      },
      async (request) => service.list(requireScope(request), request.query),
    );

    app.get(
      "/alerts/:id",
      { config: { access: "devices.read" }, schema: { tags, params: idParam, response: { 200: alertView } } },
      async (request) => service.get(requireScope(request), request.params.id),
    );

    app.post(
      "/alerts/:id/acknowledge",
      {
        config: { access: "devices.manage" },
        schema: { tags, params: idParam, body: acknowledgeAlertBody, response: { 200: alertView } },
      },
      async (request) =>
        service.acknowledge(requireScope(request), request.params.id, actorOf(request), request.body.note),
    );

    app.post(
      "/alerts/:id/reset",
      {
        config: { access: "devices.manage" },
        schema: { tags, params: idParam, body: resetAlertBody, response: { 200: alertView } },
      },
      async (request) =>
        service.reset(requireScope(request), request.params.id, actorOf(request), request.body.note),
    );

    app.post(
      "/alerts/acknowledge",
      {
        config: { access: "devices.manage" },
        schema: { tags, body: bulkAlertBody, response: { 200: bulkAlertResponse } },
      },
      async (request) =>
        service.acknowledgeMany(requireScope(request), request.body.ids, actorOf(request), request.body.note),
    );

    app.post(
      "/alerts/reset",
      {
        config: { access: "devices.manage" },
        schema: { tags, body: bulkAlertBody, response: { 200: bulkAlertResponse } },
      },
      async (request) =>
        service.resetMany(requireScope(request), request.body.ids, actorOf(request), request.body.note),
    );
  };
}
