import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { LiveHub } from "./live.hub.js";
import { liveRoutes } from "./live.routes.js";

export { createLiveHub, type LiveHub, type LiveHubOptions } from "./live.hub.js";
export { LiveRepository } from "./live.repository.js";
export { createSessionScope } from "./live.session.js";

/**
 * Live updates: the console's server-sent event stream under /api/live, fed by the bus. The hub
 * starts with the app and ends every stream before the server closes (an open stream would
 * otherwise hold the shutdown).
 */
export function liveModule(hub: LiveHub): FastifyPluginAsyncZod {
  return async (app) => {
    hub.start((err) => app.log.warn({ err }, "live streams could not be checked"));
    app.addHook("preClose", async () => hub.close());
    await app.register(liveRoutes(hub));
  };
}
