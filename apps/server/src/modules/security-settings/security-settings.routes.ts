import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { securitySettings } from "@steward/contracts";
import type { SecuritySettingsService } from "./security-settings.service.js";

const tags = ["settings"];

export function securitySettingsRoutes(service: SecuritySettingsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/settings/security",
      { config: { access: "system-admin" }, schema: { tags, response: { 200: securitySettings } } },
      async () => service.get(),
    );

    app.put(
      "/settings/security",
      {
        config: { access: "system-admin", stepUp: true },
        schema: { tags, body: securitySettings, response: { 200: securitySettings } },
      },
      async (request) => service.update(request.body, request),
    );
  };
}
