import type { FastifyReply, FastifyRequest } from "fastify";
import type { SessionResponse } from "@steward/contracts";
import { SESSION_COOKIE } from "../../platform/identity/index.js";
import type { ClientMeta } from "./auth.service.js";

/** HttpOnly, SameSite=Strict, Secure whenever the console is reached over HTTPS. */
export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  maxAgeSeconds: number,
) {
  void reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: "strict",
    secure: request.protocol === "https",
    path: "/",
    maxAge: maxAgeSeconds,
  });
}

/**
 * How long the browser keeps the cookie of a session just issued: until the session's absolute
 * end under the security settings in force.
 */
export function sessionCookieAge(response: SessionResponse): number {
  if (!("absoluteExpiresAt" in response)) return 0;
  return Math.max(0, Math.floor((new Date(response.absoluteExpiresAt).getTime() - Date.now()) / 1000));
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply) {
  void reply.clearCookie(SESSION_COOKIE, {
    httpOnly: true,
    sameSite: "strict",
    secure: request.protocol === "https",
    path: "/",
  });
}

export function clientMeta(request: FastifyRequest): ClientMeta {
  return { ip: request.ip, userAgent: request.headers["user-agent"] };
}
