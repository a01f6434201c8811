import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  createNotificationChannelRequest,
  idParam,
  notificationChannel,
  notificationChannelList,
  notificationDelivery,
  notificationDeliveryList,
  updateNotificationChannelRequest,
} from "@steward/contracts";
import { presentChannel, presentDelivery, type NotificationsService } from "./notifications.service.js";

const tags = ["notification channels"];

/** Notification channels are global: settings.read shows them and their log, settings.manage changes and tests them. */
export function notificationsRoutes(service: NotificationsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/notification-channels",
      { config: { access: "settings.read" }, schema: { tags, response: { 200: notificationChannelList } } },
      async () => ({ items: (await service.list()).map(presentChannel) }),
    );

    app.get(
      "/notification-channels/:id",
      {
        config: { access: "settings.read" },
        schema: { tags, params: idParam, response: { 200: notificationChannel } },
      },
      async (request) => presentChannel(await service.get(request.params.id)),
    );

    app.post(
      "/notification-channels",
      {
        config: { access: "settings.manage" },
        schema: { tags, body: createNotificationChannelRequest, response: { 201: notificationChannel } },
      },
      async (request, reply) =>
        reply.code(201).send(presentChannel(await service.create(request.body, request))),
    );

    app.patch(
      "/notification-channels/:id",
      {
        config: { access: "settings.manage" },
        schema: {
          tags,
          params: idParam,
          body: updateNotificationChannelRequest,
          response: { 200: notificationChannel },
        },
      },
      async (request) => presentChannel(await service.update(request.params.id, request.body, request)),
    );

    app.delete(
      "/notification-channels/:id",
      {
        config: { access: "settings.manage" },
        schema: { tags, params: idParam, response: { 204: z.null().describe("Deleted") } },
      },
      async (request, reply) => {
        await service.remove(request.params.id, request);
        return reply.code(204).send(null);
      },
    );

    app.get(
      "/notification-channels/:id/deliveries",
      {
        config: { access: "settings.read" },
        schema: { tags, params: idParam, response: { 200: notificationDeliveryList } },
      },
      async (request) => ({ items: (await service.deliveries(request.params.id)).map(presentDelivery) }),
    );

    app.post(
      "/notification-channels/:id/test",
      {
        config: { access: "settings.manage" },
        schema: { tags, params: idParam, response: { 200: notificationDelivery } },
      },
      async (request) => presentDelivery(await service.sendTest(request.params.id)),
    );
  };
}
