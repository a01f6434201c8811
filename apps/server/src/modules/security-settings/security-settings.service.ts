import type { FastifyRequest } from "fastify";
import {
  cidrContains,
  securitySettings,
  type MfaFactorType,
  type SecuritySettings,
} from "@steward/contracts";
import { AppError } from "../../platform/errors/app-error.js";
import { audit } from "../../platform/identity/index.js";
import type { StepUpPolicy } from "../../platform/http/step-up.js";
import { clientAddress } from "../../platform/http/client-address.js";
import type { SecuritySettingsRepository } from "./security-settings.repository.js";

/** Who made a change, for the audit log (the request, or null for system actions). */
export type Actor = Parameters<typeof audit>[1];

const KEY = "security";

/** The rules in force before an administrator changes any; the session limits come from the environment. */
export function securityDefaults(env: {
  sessionIdleSeconds: number;
  sessionAbsoluteSeconds: number;
}): SecuritySettings {
  return {
    passwordPolicy: { minLength: 12, characterClasses: 1, rejectBreached: true, history: 0 },
    allowedMfaFactors: ["TOTP", "U2F", "SMS", "DUO"],
    sessionIdleMinutes: Math.max(5, Math.round(env.sessionIdleSeconds / 60)),
    sessionAbsoluteHours: Math.max(1, Math.round(env.sessionAbsoluteSeconds / 3600)),
    stepUpWindowMinutes: 15,
    stepUpDeviceThreshold: 25,
    technicianIpAllowList: [],
  };
}

/** System-wide security rules, stored as one settings entry over the defaults. */
export function createSecuritySettingsService(deps: {
  repo: SecuritySettingsRepository;
  config: { sessionIdleSeconds: number; sessionAbsoluteSeconds: number; trustedProxies: string[] };
}) {
  const defaults = securityDefaults(deps.config);
  // Read on every request (session limits, allow-list): kept briefly, dropped on each change here.
  let cached: { value: SecuritySettings; at: number } | undefined;
  const CACHE_MS = 2000;

  /** A stored value read field by field: a field that no longer fits the rules keeps its default. */
  function present(stored: unknown): SecuritySettings {
    const value: Record<string, unknown> = { ...defaults };
    if (stored && typeof stored === "object") {
      const shape = securitySettings.shape;
      for (const [key, field] of Object.entries(shape)) {
        const parsed = field.safeParse((stored as Record<string, unknown>)[key]);
        if (parsed.success) value[key] = parsed.data;
      }
    }
    return value as SecuritySettings;
  }

  async function get(): Promise<SecuritySettings> {
    if (cached && Date.now() - cached.at < CACHE_MS) return cached.value;
    const value = present(await deps.repo.get());
    cached = { value, at: Date.now() };
    return value;
  }

  /** The caller's address as the allow-list sees it (X-Forwarded-For only from a trusted proxy). */
  function addressOf(request: Pick<FastifyRequest, "raw" | "headers">): string {
    return clientAddress(
      request.raw.socket?.remoteAddress,
      request.headers["x-forwarded-for"],
      deps.config.trustedProxies,
    );
  }

  /** Whether technicians may reach the console from an address (an empty list allows all). */
  function addressAllowed(list: readonly string[], address: string): boolean {
    return list.length === 0 || list.some((network) => cidrContains(network, address));
  }

  return {
    get,
    addressOf,

    /** Refuses a caller whose address the technicians' allow-list does not include. */
    async assertAddressAllowed(request: Pick<FastifyRequest, "raw" | "headers">): Promise<void> {
      const address = addressOf(request);
      if (!addressAllowed((await get()).technicianIpAllowList, address))
        throw new AppError("E_IP_NOT_ALLOWED", 403, {
          id: "errors.auth.ipNotAllowed",
          values: { ip: address },
        });
    },

    async update(input: SecuritySettings, actor: Actor): Promise<SecuritySettings> {
      const parsed = securitySettings.safeParse(input);
      if (!parsed.success) {
        const first = parsed.error.issues[0];
        throw new AppError(
          "E_VALIDATION",
          400,
          first ? { english: first.message } : { id: "errors.validation.invalidRequest" },
          { issues: parsed.error.issues },
        );
      }
      const next = { ...parsed.data, allowedMfaFactors: [...new Set(parsed.data.allowedMfaFactors)] };
      // An administrator cannot save an allow-list that would refuse their own next request.
      if (actor && "raw" in actor) {
        const own = addressOf(actor);
        if (!addressAllowed(next.technicianIpAllowList, own))
          throw new AppError("E_IP_ALLOW_LIST_EXCLUDES_YOU", 400, {
            id: "errors.auth.allowListExcludesYou",
            values: { ip: own },
          });
      }
      cached = undefined;
      return deps.repo.transaction(async (tx) => {
        const before = present(await tx.get());
        await tx.put(next);
        await audit(tx.db, actor, {
          action: "settings.security.update",
          targetType: "settings",
          targetId: KEY,
          data: { before: auditView(before), after: auditView(next) },
        });
        cached = undefined;
        return next;
      });
    },

    /** The password rules in force. */
    async passwordPolicy(): Promise<SecuritySettings["passwordPolicy"]> {
      return (await get()).passwordPolicy;
    },

    /** The step-up rule in force (read on each sensitive request, so a change applies at once). */
    async stepUpPolicy(): Promise<StepUpPolicy> {
      const s = await get();
      return { windowSeconds: s.stepUpWindowMinutes * 60, deviceThreshold: s.stepUpDeviceThreshold };
    },

    /** The second factors technicians may use (for the factors' sign-in and enrollment). */
    async allowedFactors(): Promise<readonly MfaFactorType[]> {
      return (await get()).allowedMfaFactors;
    },

    /** The session limits in force. */
    async sessionPolicy(): Promise<{ idleSeconds: number; absoluteSeconds: number }> {
      const s = await get();
      return { idleSeconds: s.sessionIdleMinutes * 60, absoluteSeconds: s.sessionAbsoluteHours * 3600 };
    },
  };
}

/** The settings as the audit log keeps them: the password rules flattened (names only, no secret). */
function auditView(settings: SecuritySettings): Record<string, unknown> {
  const { passwordPolicy, ...rest } = settings;
  return { ...rest, ...passwordPolicy };
}

export type SecuritySettingsService = ReturnType<typeof createSecuritySettingsService>;
