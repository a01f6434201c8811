import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { liveQuery } from "@steward/contracts";
import { requireAuth, requireScope, SESSION_COOKIE } from "../../platform/identity/index.js";
import type { LiveHub } from "./live.hub.js";
import { LIVE_PERMISSION } from "./live.session.js";

const tags = ["live"];

/**
 * GET /api/live?topics=…: a server-sent event stream of change notices for the topics, which
 * must all lie in the caller's scope for reading devices. Holding it open is not activity: the
 * session still ends when idle, and the stream with it.
 */
export function liveRoutes(hub: LiveHub): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/live",
      {
        config: { access: LIVE_PERMISSION, touchSession: false },
        schema: { tags, querystring: liveQuery },
      },
      async (request, reply) => {
        const { session } = requireAuth(request);
        const stream = await hub.open({
          sessionId: session.idHash,
          token: request.cookies[SESSION_COOKIE] ?? "",
          scope: requireScope(request),
          names: request.query.topics,
        });
        reply
          .header("content-type", "text/event-stream; charset=utf-8")
          .header("cache-control", "no-store")
          .header("x-accel-buffering", "no");
        // A HEAD request learns the answer's headers; it holds no stream open.
        if (request.method === "HEAD") {
          stream.close();
          return reply.send("");
        }
        reply.raw.on("close", stream.close);
        return reply.send(stream.body);
      },
    );
  };
}
