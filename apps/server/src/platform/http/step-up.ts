import type { FastifyInstance, FastifyRequest } from "fastify";
import { eq } from "drizzle-orm";
import type { Db } from "../db/database.js";
import { AppError } from "../errors/app-error.js";
import { sessions } from "../identity/identity.tables.js";
import { markSessionMfaVerified } from "../identity/session-store.js";

/**
 * How a route marks itself sensitive: `true` always needs a recent second-factor confirmation;
 * `devices` needs one only when the request acts on more devices than the configured threshold
 * (the count is read from the validated body).
 */
export type StepUpDeclaration = true | { devices: (body: unknown) => number };

export interface StepUpPolicy {
  /** How long a second-factor confirmation lets the session perform sensitive actions. */
  windowSeconds: number;
  /** A run on more devices than this is sensitive. */
  deviceThreshold: number;
}

export interface StepUpEntry {
  method: string;
  url: string;
  stepUp: StepUpDeclaration;
}

declare module "fastify" {
  interface FastifyContextConfig {
    /** A sensitive action: the session's last second-factor confirmation must be recent. */
    stepUp?: StepUpDeclaration;
  }
  interface FastifyInstance {
    /** Every route declared sensitive, read from the declarations once the routes exist. */
    stepUpRoutes: StepUpEntry[];
  }
}

/**
 * Marks the session's second factor as confirmed now: every factor's verification calls this
 * (through the sign-in completion) and so restarts the step-up window.
 */
export const markMfaConfirmedNow = markSessionMfaVerified;

/**
 * Enforces the step-up rule from the matched route's own declaration, after access control has
 * resolved the caller: a sensitive route answers 403 E_STEP_UP_REQUIRED when the session's last
 * second-factor confirmation is older than the window. Must be installed after access control.
 */
export function installStepUp(
  app: FastifyInstance,
  deps: { db: Db; policy: () => Promise<StepUpPolicy> },
): void {
  app.decorate("stepUpRoutes", [] as StepUpEntry[]);
  const registered: { method: string; url: string; route: { config?: unknown } }[] = [];
  app.addHook("onRoute", (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) registered.push({ method, url: route.url, route });
  });
  app.addHook("onReady", async () => {
    for (const { method, url, route } of registered) {
      const stepUp = (route.config as { stepUp?: StepUpDeclaration } | undefined)?.stepUp;
      if (!stepUp || method === "HEAD") continue;
      app.stepUpRoutes.push({ method, url, stepUp });
    }
  });

  async function enforce(request: FastifyRequest): Promise<void> {
    const auth = request.auth;
    // Access control has already refused callers without a verified session.
    if (!auth) throw new AppError("E_UNAUTHENTICATED", 401);
    const [row] = await deps.db
      .select({ mfaVerifiedAt: sessions.mfaVerifiedAt })
      .from(sessions)
      .where(eq(sessions.idHash, auth.session.idHash))
      .limit(1);
    const { windowSeconds } = await deps.policy();
    const confirmedAt = row?.mfaVerifiedAt?.getTime();
    if (confirmedAt === undefined || Date.now() - confirmedAt > windowSeconds * 1000)
      throw new AppError("E_STEP_UP_REQUIRED", 403, undefined, { windowSeconds });
  }

  function declarationOf(request: FastifyRequest): StepUpDeclaration | undefined {
    if (request.routeOptions.url === undefined) return undefined;
    return (request.routeOptions.config as { stepUp?: StepUpDeclaration } | undefined)?.stepUp;
  }

  // Always-sensitive routes are checked before the body is read or validated.
  app.addHook("onRequest", async (request) => {
    if (declarationOf(request) === true) await enforce(request);
  });
  // Sensitive by size: the device count comes from the validated body.
  app.addHook("preHandler", async (request) => {
    const stepUp = declarationOf(request);
    if (!stepUp || stepUp === true) return;
    const { deviceThreshold } = await deps.policy();
    if (stepUp.devices(request.body) > deviceThreshold) await enforce(request);
  });
}
