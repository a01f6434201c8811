import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Permission, RouteAccess } from "@steward/contracts";
import { AppError } from "../errors/app-error.js";
import { safeEqual } from "../crypto/index.js";
import type { Db } from "../db/database.js";
import { lookupSession, touchSession, type ResolvedSession, type SessionPolicy } from "./session-store.js";
import { grantsFor, type Grants } from "./permissions.js";
import { unionScopes, type Scope } from "./scope.js";

export const SESSION_COOKIE = "steward_session";
export const CSRF_HEADER = "x-csrf-token";

export interface AuthContext {
  session: ResolvedSession;
  /** Permissions held in at least one organization (or globally). */
  permissions: ReadonlySet<Permission>;
  /** The organizations a permission applies in for this caller. */
  scopeFor: Grants["scopeFor"];
}

/**
 * What a route declares: an access level, one permission, or several permissions of which any
 * one suffices (the scope is then the union of the organizations where one of them is held).
 */
export type RouteAccessDeclaration = RouteAccess | readonly Permission[];

export interface RouteAccessEntry {
  method: string;
  url: string;
  access: RouteAccessDeclaration | undefined;
  /** The permission must be held over every organization (see FastifyContextConfig.everywhere). */
  everywhere: boolean;
}

declare module "fastify" {
  interface FastifyContextConfig {
    /** Who may call the route; every route must declare it. */
    access?: RouteAccessDeclaration;
    /** false: the call does not count as user activity for the idle timeout (status polls). */
    touchSession?: boolean;
    /** Static assets: public and never look at the session cookie. */
    staticAsset?: boolean;
    /** true: a GET that changes state, so it needs the CSRF header like a POST. */
    csrf?: boolean;
    /**
     * true: the declared permission must be held over every organization, because the route
     * creates an organization or changes a definition every organization shares.
     */
    everywhere?: boolean;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
    /** Set when the request carried a cookie for a session that has since expired. */
    sessionExpired: boolean;
    /** The organizations the route's declared permission applies in (null on other routes). */
    scope: Scope | null;
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
export interface AccessControlDeps {
  db: Db;
  /** The session limits; a function is asked on each request, so a changed setting applies at once. */
  policy: SessionPolicy | (() => Promise<SessionPolicy>);
  /** The clock sessions are judged by (tests move it). */
  clock?: () => Date;
  /**
   * Further rules on who may call (the security settings: address allow-list, required second
   * factors): called once the session is resolved, with the caller (null without a session).
   */
  admit?: (
    request: FastifyRequest,
    auth: AuthContext | null,
    access: RouteAccessDeclaration,
  ) => Promise<void>;
}

export function installAccessControl(app: FastifyInstance, deps: AccessControlDeps): void {
  const policyNow =
    typeof deps.policy === "function" ? deps.policy : async () => deps.policy as SessionPolicy;
  const clock = deps.clock ?? (() => new Date());
  app.decorate("routeAccessTable", [] as RouteAccessEntry[]);
  app.decorateRequest("auth", null);
  app.decorateRequest("sessionExpired", false);
  app.decorateRequest("scope", null);

  const registered: { method: string; url: string; route: { config?: unknown } }[] = [];
  app.addHook("onRoute", (route) => {
    const config = (route.config ?? {}) as { access?: RouteAccessDeclaration };
    if (!config.access && route.url.startsWith("/api/docs")) {
      // The generated API documentation is public by design (the explicit list in docs/SECURITY.md).
      route.config = { ...config, access: "public" } as typeof route.config;
    }
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) registered.push({ method, url: route.url, route });
  });
  // A route that declares no access rule is a bug: refuse to start rather than guess. The
  // declarations are read once every route exists: a plugin's own onRoute hook (the static
  // assets declare themselves public) runs after this one.
  app.addHook("onReady", async () => {
    const undeclared: string[] = [];
    for (const { method, url, route } of registered) {
      const config = route.config as { access?: RouteAccessDeclaration; everywhere?: boolean } | undefined;
      const access = config?.access;
      if (!access) undeclared.push(`${method} ${url}`);
      if (method === "HEAD" || !url.startsWith("/api")) continue;
      app.routeAccessTable.push({ method, url, access, everywhere: config?.everywhere === true });
    }
    if (undeclared.length > 0)
      throw new Error(`Routes without an access declaration: ${undeclared.slice(0, 10).join(", ")}`);
  });

  // Access is decided from the route the router matched and its own declaration, never from
  // the URL text: the router normalizes spellings (duplicate slashes, percent-encoding,
  // absolute-form targets) that a text check would miss.
  app.addHook("onRequest", async (request: FastifyRequest, _reply: FastifyReply) => {
    // No matched route: the not-found handler answers, and it reveals nothing.
    if (request.routeOptions.url === undefined) return;
    const config = request.routeOptions.config as
      | {
          access?: RouteAccessDeclaration;
          touchSession?: boolean;
          staticAsset?: boolean;
          csrf?: boolean;
          everywhere?: boolean;
        }
      | undefined;
    const access = config?.access;
    if (!access) throw new AppError("E_FORBIDDEN", 403, { id: "errors.http.noAccessRule" });
    if (config.staticAsset) return;

    const token = request.cookies[SESSION_COOKIE];
    if (token) {
      const now = clock();
      const found = await lookupSession(deps.db, token, await policyNow(), now);
      if (found.kind === "ok") {
        const grants = await grantsFor(deps.db, found.session.user);
        request.auth = { session: found.session, permissions: grants.permissions, scopeFor: grants.scopeFor };
        if (
          config.touchSession !== false &&
          now.getTime() - found.session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS
        ) {
          await touchSession(deps.db, found.session.idHash, now);
        }
      } else if (found.kind === "expired") {
        request.sessionExpired = true;
      }
    }

    await deps.admit?.(request, request.auth, access);
    if (access === "public") return;
    const auth = request.auth;
    if (!auth) {
      throw request.sessionExpired
        ? new AppError("E_SESSION_EXPIRED", 401)
        : new AppError("E_UNAUTHENTICATED", 401);
    }
    if (STATE_CHANGING.has(request.method) || config.csrf === true) {
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
    if (typeof access !== "string") {
      const held = access.filter((p) => auth.permissions.has(p));
      if (held.length === 0) throw new AppError("E_FORBIDDEN", 403);
      request.scope = unionScopes(held.map((p) => auth.scopeFor(p)));
      return;
    }
    if (!auth.permissions.has(access)) throw new AppError("E_FORBIDDEN", 403);
    request.scope = auth.scopeFor(access);
    if (config.everywhere && !request.scope.all) throw new AppError("E_FORBIDDEN", 403);
    // A GET that changes state has no HEAD form: HEAD must never trigger it.
    if (config.csrf && request.method === "HEAD") throw new AppError("E_METHOD_NOT_ALLOWED", 405);
  });
}

/** The signed-in, MFA-verified caller of a non-public route. */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new AppError("E_UNAUTHENTICATED", 401);
  return request.auth;
}

/** The organizations the route's declared permission applies in for this caller. */
export function requireScope(request: FastifyRequest): Scope {
  if (!request.scope) throw new AppError("E_FORBIDDEN", 403);
  return request.scope;
}
