import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ssoSettingsRequest, ssoSettingsResponse, ssoSignInOption } from "@steward/contracts";
import type { AppDeps } from "../../platform/deps.js";
import { clientMeta, setSessionCookie } from "../auth/index.js";
import { SSO_CALLBACK_PATH, type SsoService } from "./sso.service.js";
import { SSO_ROUND_SECONDS } from "./sso.signin.js";

const tags = ["sso"];
/** Holds one sign-in round's sealed checks while the browser is at the provider. */
export const SSO_ROUND_COOKIE = "steward_sso";
const ROUND_COOKIE_PATH = "/api/auth/sso";

// The provider sends the browser back from its own site, so the round's cookie is Lax (sent on
// that top-level navigation) where the session cookie stays Strict.
function roundCookieOptions(request: FastifyRequest) {
  return {
    httpOnly: true,
    sameSite: "lax" as const,
    secure: request.protocol === "https",
    path: ROUND_COOKIE_PATH,
  };
}

const refusedTo = (reply: FastifyReply, reason: string) =>
  reply.redirect(`/login?sso=${encodeURIComponent(reason)}`, 302);

export function ssoRoutes(deps: AppDeps, sso: SsoService): FastifyPluginAsyncZod {
  const maxAge = deps.config.sessionAbsoluteSeconds;
  return async (app) => {
    app.get(
      "/settings/sso",
      { config: { access: "system-admin" }, schema: { tags, response: { 200: ssoSettingsResponse } } },
      async () => sso.settings(),
    );
    app.put(
      "/settings/sso",
      {
        config: { access: "system-admin", stepUp: true },
        schema: { tags, body: ssoSettingsRequest, response: { 200: ssoSettingsResponse } },
      },
      async (request) => sso.updateSettings(request.body, request),
    );

    app.get(
      "/auth/sso",
      {
        config: { access: "public", touchSession: false },
        schema: { tags, response: { 200: ssoSignInOption } },
      },
      async () => sso.signInOption(),
    );

    // A navigation, not a fetch: answers with a redirect to the provider (or back to sign-in).
    app.get("/auth/sso/start", { config: { access: "public" }, schema: { tags } }, async (request, reply) => {
      const started = await sso.start(clientMeta(request));
      if (started.kind === "refused") return refusedTo(reply, started.reason);
      void reply.setCookie(SSO_ROUND_COOKIE, started.pending, {
        ...roundCookieOptions(request),
        maxAge: SSO_ROUND_SECONDS,
      });
      return reply.redirect(started.url, 302);
    });

    app.get(
      SSO_CALLBACK_PATH.replace(/^\/api/, ""),
      { config: { access: "public" }, schema: { tags } },
      async (request, reply) => {
        const round = request.cookies[SSO_ROUND_COOKIE];
        // A round is used once, whatever its outcome.
        void reply.clearCookie(SSO_ROUND_COOKIE, roundCookieOptions(request));
        const query = request.url.includes("?") ? request.url.slice(request.url.indexOf("?")) : "";
        const callbackUrl = new URL(
          `${deps.config.publicUrl.replace(/\/+$/, "")}${SSO_CALLBACK_PATH}${query}`,
        );
        const result = await sso.complete(callbackUrl, round, clientMeta(request));
        if (result.kind === "refused") return refusedTo(reply, result.reason);
        setSessionCookie(request, reply, result.issued.token, maxAge);
        return reply.redirect("/", 302);
      },
    );
  };
}
