import { securitySettings, type MfaFactorType, type SecuritySettings } from "@steward/contracts";
import { AppError } from "../../platform/errors/app-error.js";
import { audit } from "../../platform/identity/index.js";
import type { StepUpPolicy } from "../../platform/http/step-up.js";
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
    passwordPolicy: { minLength: 12, rejectBreached: true, history: 0 },
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
  config: { sessionIdleSeconds: number; sessionAbsoluteSeconds: number };
}) {
  const defaults = securityDefaults(deps.config);

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
    return present(await deps.repo.get());
  }

  return {
    get,

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
      return deps.repo.transaction(async (tx) => {
        const before = present(await tx.get());
        await tx.put(next);
        await audit(tx.db, actor, {
          action: "settings.security.update",
          targetType: "settings",
          targetId: KEY,
          data: { before: auditView(before), after: auditView(next) },
        });
        return next;
      });
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
