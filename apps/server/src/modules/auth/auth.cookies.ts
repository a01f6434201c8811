import type { FastifyReply, FastifyRequest } from "fastify";
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
