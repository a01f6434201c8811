import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { generalSettings } from "@steward/contracts";
import type { SettingsService } from "./settings.service.js";

const tags = ["settings"];

export function settingsRoutes(service: SettingsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/settings/general",
      { config: { access: "settings.read" }, schema: { tags, response: { 200: generalSettings } } },
      async () => service.getGeneral(),
    );

    app.put(
      "/settings/general",
      {
        config: { access: "settings.manage" },
        schema: { tags, body: generalSettings, response: { 200: generalSettings } },
      },
      async (request) => service.updateGeneral(request.body, request),
    );
  };
}
