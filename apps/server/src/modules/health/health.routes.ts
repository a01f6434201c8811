import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { healthResponse } from "@steward/contracts";
import type { AppDeps } from "../../platform/deps.js";

export function healthRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/health",
      { config: { access: "public" }, schema: { tags: ["system"], response: { 200: healthResponse } } },
      async () => ({
        status: "ok" as const,
        version: deps.version,
        database: deps.dbKind,
        uptimeSeconds: Math.round((Date.now() - deps.startedAt.getTime()) / 1000),
      }),
    );
  };
}
