import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { notificationsRoutes } from "./notifications.routes.js";
import type { NotificationsService } from "./notifications.service.js";

export { createNotificationsService, type NotificationsService } from "./notifications.service.js";
export { NotificationsRepository } from "./notifications.repository.js";

/** How often due digests are looked for. */
const DIGEST_CHECK_MS = 30_000;

/** Notification channels (email, signed webhook, Slack, Teams), their delivery log and digests. */
export function notificationsModule(service: NotificationsService): FastifyPluginAsyncZod {
  return async (app) => {
    const timer = setInterval(() => {
      service
        .flushDigests()
        .then(() => service.prune())
        .catch((err: unknown) => app.log.warn({ err }, "notification digest failed"));
    }, DIGEST_CHECK_MS);
    timer.unref();
    app.addHook("onClose", () => clearInterval(timer));
    await app.register(notificationsRoutes(service));
  };
}
