import { generalSettings, type GeneralSettings } from "@steward/contracts";
import { canonicalTimeZone } from "@steward/domain";
import { AppError } from "../../platform/errors/app-error.js";
import { audit } from "../../platform/identity/index.js";
import type { SettingsRepository } from "./settings.repository.js";
import { presentGeneralSettings } from "./settings.presenter.js";

/** Who made a change, for the audit log (the request, or null for system actions such as setup). */
export type Actor = Parameters<typeof audit>[1];

const GENERAL = "general";
const partialGeneral = generalSettings.partial();

/** System-wide settings: the rules. */
export function createSettingsService({ repo }: { repo: SettingsRepository }) {
  return {
    async getGeneral(): Promise<GeneralSettings> {
      return presentGeneralSettings(await repo.get(GENERAL));
    },

    /** Changes the fields given (the others keep their value) and returns the result. */
    async updateGeneral(changes: Partial<GeneralSettings>, actor: Actor): Promise<GeneralSettings> {
      const parsed = partialGeneral.safeParse(changes);
      if (!parsed.success) {
        const first = parsed.error.issues[0];
        throw new AppError(
          "E_VALIDATION",
          400,
          first ? { english: first.message } : { id: "errors.validation.invalidRequest" },
          { issues: parsed.error.issues },
        );
      }
      const patch = parsed.data;
      if (patch.defaultTimeZone !== undefined) {
        // Stored in its canonical spelling so the console's zone picker finds it.
        patch.defaultTimeZone = canonicalTimeZone(patch.defaultTimeZone) ?? patch.defaultTimeZone;
      }
      return repo.transaction(async (tx) => {
        const next = { ...presentGeneralSettings(await tx.get(GENERAL)), ...definedOnly(patch) };
        await tx.put(GENERAL, next);
        await audit(tx.db, actor, {
          action: "settings.update",
          targetType: "settings",
          targetId: GENERAL,
          data: next,
        });
        return next;
      });
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;

function definedOnly<T extends object>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as Partial<T>;
}
