import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Permission, RouteAccess } from "@steward/contracts";
import { AppError } from "../errors/app-error.js";
import { safeEqual } from "../crypto/index.js";
import type { Db } from "../db/database.js";
import { lookupSession, touchSession, type ResolvedSession, type SessionPolicy } from "./session-store.js";
import { permissionsFor } from "./permissions.js";

export const SESSION_COOKIE = "steward_session";
export const CSRF_HEADER = "x-csrf-token";

export interface AuthContext {
  session: ResolvedSession;
  permissions: Set<Permission>;
}

export interface RouteAccessEntry {
  method: string;
  url: string;
  access: RouteAccess | undefined;
}

declare module "fastify" {
  interface FastifyContextConfig {
    /** Who may call the route; every /api route must declare it. */
    access?: RouteAccess;
    /** false: the call does not count as user activity for the idle timeout (status polls). */
    touchSession?: boolean;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
    /** Set when the request carried a cookie for a session that has since expired. */
    sessionExpired: boolean;
  }
  interface FastifyInstance {
    routeAccessTable: RouteAccessEntry[];
  }
}

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);
// Refresh last-seen at most this often: cheap and precise enough for a 1 h idle limit.
const TOUCH_INTERVAL_MS = 15_000;

/**
 * Deny-by-default access control: every /api route declares `config.access`; the session
 * behind the cookie is resolved once here, then the declaration is enforced, then CSRF.
 */
export function installAccessControl(app: FastifyInstance, deps: { db: Db; policy: SessionPolicy }): void {
  app.decorate("routeAccessTable", [] as RouteAccessEntry[]);
  app.decorateRequest("auth", null);
  app.decorateRequest("sessionExpired", false);

  app.addHook("onRoute", (route) => {
    if (!route.url.startsWith("/api")) return;
    const config = (route.config ?? {}) as { access?: RouteAccess };
    if (!config.access && route.url.startsWith("/api/docs")) {
      // The generated API documentation is public by design (the explicit list in docs/ARCHITECTURE.md).
      route.config = { ...config, access: "public" } as typeof route.config;
    }
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === "HEAD") continue;
      app.routeAccessTable.push({
        method,
        url: route.url,
        access: (route.config as { access?: RouteAccess } | undefined)?.access,
      });
    }
  });

  app.addHook("onRequest", async (request: FastifyRequest, _reply: FastifyReply) => {
    const config = request.routeOptions.config as
      { access?: RouteAccess; touchSession?: boolean } | undefined;
    if (!request.url.startsWith("/api") || request.routeOptions.url === undefined) return;
    const access = config?.access;
    if (!access) throw new AppError("E_FORBIDDEN", 403, "This endpoint declares no access rule");

    const token = request.cookies[SESSION_COOKIE];
    if (token) {
      const found = await lookupSession(deps.db, token, deps.policy);
      if (found.kind === "ok") {
        const permissions = new Set(await permissionsFor(deps.db, found.session.user));
        request.auth = { session: found.session, permissions };
        if (
          config.touchSession !== false &&
          Date.now() - found.session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS
        ) {
          await touchSession(deps.db, found.session.idHash);
        }
      } else if (found.kind === "expired") {
        request.sessionExpired = true;
      }
    }

    if (access === "public") return;
    const auth = request.auth;
    if (!auth) {
      throw request.sessionExpired
        ? new AppError("E_SESSION_EXPIRED", 401)
        : new AppError("E_UNAUTHENTICATED", 401);
    }
    if (STATE_CHANGING.has(request.method)) {
      const header = request.headers[CSRF_HEADER];
      if (typeof header !== "string" || !safeEqual(header, auth.session.csrfToken))
        throw new AppError("E_CSRF", 403);
    }
    if (access === "mfa-pending") return;
    if (!auth.session.mfaVerified) throw new AppError("E_MFA_REQUIRED", 401);
    if (access === "authenticated") return;
    if (access === "system-admin") {
      if (!auth.session.user.isSystemAdmin) throw new AppError("E_FORBIDDEN", 403);
      return;
    }
    if (!auth.permissions.has(access)) throw new AppError("E_FORBIDDEN", 403);
  });
}

/** The signed-in, MFA-verified caller of a non-public route. */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new AppError("E_UNAUTHENTICATED", 401);
  return request.auth;
}
