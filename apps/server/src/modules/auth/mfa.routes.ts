import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  duoCompleteRequest,
  duoProviderSettings,
  duoStartResponse,
  id,
  idParam,
  mfaCompletedResponse,
  mfaFactorList,
  mfaProvidersResponse,
  roleMfaRequirementsBody,
  securityKeyRegisterStart,
  smsCodeRequest,
  smsEnrollRequest,
  smsProviderSettings,
  smsSentResponse,
  webAuthnOptionsResponse,
  webAuthnResponseRequest,
} from "@steward/contracts";
import { AppError } from "../../platform/errors/app-error.js";
import { audit, requireAuth } from "../../platform/identity/index.js";
import type { AppDeps } from "../../platform/deps.js";
import { clientMeta, sessionCookieAge, setSessionCookie } from "./auth.cookies.js";
import type { Completed, MfaService } from "./mfa.service.js";

const tags = ["auth"];

/** Routes of the second factors beside TOTP, the provider settings and the administrators' controls. */
export function mfaRoutes(deps: AppDeps, mfa: MfaService): FastifyPluginAsyncZod {
  const done = (request: FastifyRequest, reply: FastifyReply, completed: Completed) => {
    setSessionCookie(request, reply, completed.issued.token, sessionCookieAge(completed.issued.response));
    return {
      session: completed.issued.response,
      ...(completed.recoveryCodes ? { recoveryCodes: completed.recoveryCodes } : {}),
    };
  };
  const completedSchema = { 200: mfaCompletedResponse };

  return async (app) => {
    app.get(
      "/auth/mfa/factors",
      { config: { access: "mfa-pending" }, schema: { tags, response: { 200: mfaFactorList } } },
      async (request) => mfa.list(requireAuth(request).session),
    );
    app.delete(
      "/auth/mfa/factors/:id",
      { config: { access: "authenticated" }, schema: { tags, params: idParam, response: { 204: z.null() } } },
      async (request, reply) => {
        await mfa.remove(requireAuth(request).session, request.params.id, clientMeta(request));
        return reply.status(204).send(null);
      },
    );

    app.post(
      "/auth/mfa/security-keys/register/options",
      {
        config: { access: "mfa-pending" },
        schema: { tags, body: securityKeyRegisterStart, response: { 200: webAuthnOptionsResponse } },
      },
      async (request) => ({
        options: await mfa.securityKeyRegistrationOptions(requireAuth(request).session, request.body.name),
      }),
    );
    app.post(
      "/auth/mfa/security-keys/register",
      {
        config: { access: "mfa-pending" },
        schema: { tags, body: webAuthnResponseRequest, response: completedSchema },
      },
      async (request, reply) =>
        done(
          request,
          reply,
          await mfa.registerSecurityKey(
            requireAuth(request).session,
            request.body.response,
            clientMeta(request),
          ),
        ),
    );
    app.post(
      "/auth/mfa/security-keys/sign-in/options",
      { config: { access: "mfa-pending" }, schema: { tags, response: { 200: webAuthnOptionsResponse } } },
      async (request) => ({ options: await mfa.securityKeySignInOptions(requireAuth(request).session) }),
    );
    app.post(
      "/auth/mfa/security-keys/sign-in",
      {
        config: { access: "mfa-pending" },
        schema: { tags, body: webAuthnResponseRequest, response: completedSchema },
      },
      async (request, reply) =>
        done(
          request,
          reply,
          await mfa.signInWithSecurityKey(
            requireAuth(request).session,
            request.body.response,
            clientMeta(request),
          ),
        ),
    );

    app.post(
      "/auth/mfa/sms/enroll",
      {
        config: { access: "mfa-pending" },
        schema: { tags, body: smsEnrollRequest, response: { 200: smsSentResponse } },
      },
      async (request) => mfa.startSmsEnrollment(requireAuth(request).session, request.body.phone),
    );
    app.post(
      "/auth/mfa/sms/enroll/confirm",
      {
        config: { access: "mfa-pending" },
        schema: { tags, body: smsCodeRequest, response: completedSchema },
      },
      async (request, reply) =>
        done(
          request,
          reply,
          await mfa.confirmSmsEnrollment(
            requireAuth(request).session,
            request.body.code,
            clientMeta(request),
          ),
        ),
    );
    app.post(
      "/auth/mfa/sms/send",
      {
        config: { access: "mfa-pending" },
        schema: {
          tags,
          body: z.object({ factorId: id().optional() }),
          response: { 200: smsSentResponse },
        },
      },
      async (request) => mfa.sendSignInSms(requireAuth(request).session, request.body.factorId),
    );
    app.post(
      "/auth/mfa/sms/verify",
      {
        config: { access: "mfa-pending" },
        schema: { tags, body: smsCodeRequest, response: completedSchema },
      },
      async (request, reply) =>
        done(
          request,
          reply,
          await mfa.verifySignInSms(requireAuth(request).session, request.body.code, clientMeta(request)),
        ),
    );

    app.post(
      "/auth/mfa/duo/start",
      { config: { access: "mfa-pending" }, schema: { tags, response: { 200: duoStartResponse } } },
      async (request) => mfa.startDuo(requireAuth(request).session),
    );
    app.post(
      "/auth/mfa/duo/complete",
      {
        config: { access: "mfa-pending" },
        schema: { tags, body: duoCompleteRequest, response: completedSchema },
      },
      async (request, reply) =>
        done(
          request,
          reply,
          await mfa.completeDuo(requireAuth(request).session, request.body, clientMeta(request)),
        ),
    );

    app.get(
      "/mfa/providers",
      { config: { access: "settings.read" }, schema: { tags, response: { 200: mfaProvidersResponse } } },
      async () => mfa.providers(),
    );
    app.put(
      "/mfa/providers/sms",
      {
        config: { access: "settings.manage", stepUp: true },
        schema: { tags, body: smsProviderSettings, response: { 200: mfaProvidersResponse } },
      },
      async (request) => {
        await mfa.saveSmsProvider(request.body);
        await audit(deps.db, request, {
          action: "mfa.provider_changed",
          targetType: "mfa_provider",
          targetId: "SMS",
          data: { apiBase: request.body.apiBase, tokenChanged: request.body.authToken !== undefined },
        });
        return mfa.providers();
      },
    );
    app.put(
      "/mfa/providers/duo",
      {
        config: { access: "settings.manage", stepUp: true },
        schema: { tags, body: duoProviderSettings, response: { 200: mfaProvidersResponse } },
      },
      async (request) => {
        await mfa.saveDuoProvider(request.body);
        await audit(deps.db, request, {
          action: "mfa.provider_changed",
          targetType: "mfa_provider",
          targetId: "DUO",
          data: { apiBase: request.body.apiBase, secretChanged: request.body.clientSecret !== undefined },
        });
        return mfa.providers();
      },
    );

    app.get(
      "/roles/:id/mfa-requirements",
      {
        config: { access: "technicians.read" },
        schema: { tags, params: idParam, response: { 200: roleMfaRequirementsBody } },
      },
      async (request) => ({ factors: (await mfa.roleRequirements(request.params.id)) as never }),
    );
    app.put(
      "/roles/:id/mfa-requirements",
      {
        config: { access: "technicians.manage", stepUp: true },
        schema: {
          tags,
          params: idParam,
          body: roleMfaRequirementsBody,
          response: { 200: roleMfaRequirementsBody },
        },
      },
      async (request) => {
        try {
          await mfa.setRoleRequirements(request.params.id, request.body.factors);
        } catch {
          throw new AppError("E_ROLE_NOT_FOUND", 404);
        }
        await audit(deps.db, request, {
          action: "role.mfa_requirements_changed",
          targetType: "role",
          targetId: request.params.id,
          data: { factors: request.body.factors },
        });
        return { factors: request.body.factors };
      },
    );
  };
}
