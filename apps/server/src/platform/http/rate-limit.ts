import { createHash } from "node:crypto";
import type {
  FastifyInstance,
  FastifyRequest,
  onRequestAsyncHookHandler,
  preHandlerAsyncHookHandler,
} from "fastify";
import fastifyRateLimit from "@fastify/rate-limit";
import { AppError } from "../errors/app-error.js";
import { throttleAddress } from "./client-address.js";

export interface AuthRateLimits {
  /** Requests per minute from one address to one of the endpoints below. */
  perIpPerMinute: number;
  /** Requests per minute for one account (the email typed, the signed-in user, the invitation). */
  perAccountPerMinute: number;
}

type AccountOf = (request: FastifyRequest) => string | undefined;

const bodyEmail: AccountOf = (request) => {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return typeof email === "string" ? `email:${email.trim().toLowerCase()}` : undefined;
};
const sessionUser: AccountOf = (request) => {
  const id = request.auth?.session.user.id;
  return id === undefined ? undefined : `user:${id}`;
};
const inviteToken: AccountOf = (request) => {
  const token = (request.params as { token?: unknown } | undefined)?.token;
  return typeof token === "string"
    ? `invite:${createHash("sha256").update(token).digest("hex").slice(0, 32)}`
    : undefined;
};

/**
 * The endpoints that take a credential (a password, a second-factor code, an invitation, a
 * provider's sign-in answer): each is limited per address and, where the request names one, per
 * account, before anything is checked. Counted per endpoint, in memory, per server process.
 */
const LIMITED: Record<string, AccountOf | null> = {
  "POST /api/auth/login": bodyEmail,
  "POST /api/auth/mfa/verify": sessionUser,
  "POST /api/auth/mfa/totp/confirm": sessionUser,
  "POST /api/setup": null,
  "POST /api/invites/:token/accept": inviteToken,
  // Single sign-on rounds: each return costs a call to the identity provider and an audit entry.
  "GET /api/auth/sso/start": null,
  "GET /api/auth/sso/callback": null,
};

const asArray = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

function tooMany(retryAfterSeconds: number): AppError {
  return new AppError(
    "E_RATE_LIMITED",
    429,
    { id: "errors.http.tooManyRequests", values: { seconds: retryAfterSeconds } },
    {
      retryAfterSeconds,
    },
  );
}

/** Registers @fastify/rate-limit (not global) and attaches the limits to the routes above. */
export async function installAuthRateLimits(app: FastifyInstance, limits: AuthRateLimits): Promise<void> {
  await app.register(fastifyRateLimit, { global: false });
  const perIp = app.createRateLimit({
    max: limits.perIpPerMinute,
    timeWindow: 60_000,
    keyGenerator: (request) => `ip:${request.routeOptions.url ?? ""}:${throttleAddress(request.ip)}`,
  });
  const perAccount = app.createRateLimit({
    max: limits.perAccountPerMinute,
    timeWindow: 60_000,
    keyGenerator: (request) => {
      const accountOf = LIMITED[`${request.method} ${request.routeOptions.url ?? ""}`];
      return `account:${request.routeOptions.url ?? ""}:${accountOf?.(request) ?? `ip:${throttleAddress(request.ip)}`}`;
    },
  });
  const enforce = async (
    request: FastifyRequest,
    reply: { header(name: string, value: number): unknown },
    limiter: typeof perIp,
  ) => {
    const result = await limiter(request);
    if (result.isAllowed || !result.isExceeded) return;
    const retryAfterSeconds = Math.max(1, result.ttlInSeconds);
    reply.header("retry-after", retryAfterSeconds);
    throw tooMany(retryAfterSeconds);
  };
  // The address limit runs first, before the body is read; the account limit needs the body
  // (the email) or the session, so it runs just before the handler.
  const byIp: onRequestAsyncHookHandler = async (request, reply) => enforce(request, reply, perIp);
  const byAccount: preHandlerAsyncHookHandler = async (request, reply) => enforce(request, reply, perAccount);

  app.addHook("onRoute", (route) => {
    const methods = asArray(route.method);
    for (const method of methods) {
      const accountOf = LIMITED[`${method} ${route.url}`];
      if (accountOf === undefined) continue;
      route.onRequest = [...asArray(route.onRequest), byIp];
      if (accountOf) route.preHandler = [...asArray(route.preHandler), byAccount];
      return;
    }
  });
}
