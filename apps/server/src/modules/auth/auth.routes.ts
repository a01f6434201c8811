import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  loginRequest,
  mfaVerifyRequest,
  recoveryCodesResponse,
  sessionResponse,
  setupRequest,
  setupStatusResponse,
  totpConfirmRequest,
  totpEnrollmentResponse,
} from "@steward/contracts";
import { notFound } from "../../platform/errors/app-error.js";
import { requireAuth } from "../../platform/identity/index.js";
import type { AppDeps } from "../../platform/deps.js";
import type { AuthService } from "./auth.service.js";
import { clearSessionCookie, clientMeta, sessionCookieAge, setSessionCookie } from "./auth.cookies.js";

const tags = ["auth"];

export function authRoutes(deps: AppDeps, auth: AuthService): FastifyPluginAsyncZod {
  return async (app) => {
    // First run only: once a system administrator exists these answer 404 like any unknown path,
    // before the body is even validated.
    const onlyDuringSetup = async () => {
      if (!(await auth.isSetupRequired())) throw notFound();
    };
    app.get(
      "/setup",
      {
        config: { access: "public" },
        onRequest: onlyDuringSetup,
        schema: { tags, response: { 200: setupStatusResponse } },
      },
      async () => ({ setupRequired: true as const }),
    );
    app.post(
      "/setup",
      {
        config: { access: "public" },
        onRequest: onlyDuringSetup,
        schema: { tags, body: setupRequest, response: { 201: sessionResponse } },
      },
      async (request, reply) => {
        const issued = await auth.setup(request.body, clientMeta(request));
        setSessionCookie(request, reply, issued.token, sessionCookieAge(issued.response));
        return reply.status(201).send(issued.response);
      },
    );

    app.get(
      "/auth/session",
      {
        config: { access: "public", touchSession: false },
        schema: { tags, response: { 200: sessionResponse } },
      },
      async (request) => {
        if (!request.auth)
          return { state: "anonymous" as const, setupRequired: await auth.isSetupRequired() };
        return auth.session(request.auth.session);
      },
    );

    app.post(
      "/auth/login",
      {
        config: { access: "public" },
        schema: { tags, body: loginRequest, response: { 200: sessionResponse } },
      },
      async (request, reply) => {
        const issued = await auth.login(request.body, clientMeta(request));
        setSessionCookie(request, reply, issued.token, sessionCookieAge(issued.response));
        return issued.response;
      },
    );

    app.post(
      "/auth/logout",
      { config: { access: "mfa-pending" }, schema: { tags, response: { 204: z.null() } } },
      async (request, reply) => {
        await auth.logout(requireAuth(request).session);
        clearSessionCookie(request, reply);
        return reply.status(204).send(null);
      },
    );

    app.post(
      "/auth/keepalive",
      { config: { access: "authenticated" }, schema: { tags, response: { 200: sessionResponse } } },
      async (request) => auth.keepAlive(requireAuth(request).session),
    );

    app.post(
      "/auth/mfa/totp/enroll",
      { config: { access: "mfa-pending" }, schema: { tags, response: { 200: totpEnrollmentResponse } } },
      async (request) => auth.enrollTotp(requireAuth(request).session),
    );

    app.post(
      "/auth/mfa/totp/confirm",
      {
        config: { access: "mfa-pending" },
        schema: {
          tags,
          body: totpConfirmRequest,
          response: { 200: recoveryCodesResponse.extend({ session: sessionResponse }) },
        },
      },
      async (request, reply) => {
        const result = await auth.confirmTotp(
          requireAuth(request).session,
          request.body.code,
          clientMeta(request),
        );
        setSessionCookie(request, reply, result.token, sessionCookieAge(result.response));
        return { recoveryCodes: result.recoveryCodes, session: result.response };
      },
    );

    app.post(
      "/auth/mfa/verify",
      {
        config: { access: "mfa-pending" },
        schema: { tags, body: mfaVerifyRequest, response: { 200: sessionResponse } },
      },
      async (request, reply) => {
        const issued = await auth.verifyMfa(requireAuth(request).session, request.body, clientMeta(request));
        setSessionCookie(request, reply, issued.token, sessionCookieAge(issued.response));
        return issued.response;
      },
    );
  };
}
