import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { updateUserPreferencesRequest, userPreferences } from "@steward/contracts";
import { requireAuth } from "../../platform/identity/index.js";
import type { PreferencesService } from "./preferences.service.js";

const tags = ["preferences"];

/**
 * The caller's own settings. Any signed-in technician reads and changes their own, and only
 * their own: the user is the session's, never a parameter. A change is not audited: it is a
 * personal display choice that grants and reveals nothing.
 */
export function preferencesRoutes(service: PreferencesService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/me/preferences",
      { config: { access: "authenticated" }, schema: { tags, response: { 200: userPreferences } } },
      async (request) => service.get(requireAuth(request).session.user.id),
    );
    app.put(
      "/me/preferences",
      {
        config: { access: "authenticated" },
        schema: { tags, body: updateUserPreferencesRequest, response: { 200: userPreferences } },
      },
      async (request) => service.update(requireAuth(request).session.user.id, request.body),
    );
  };
}
