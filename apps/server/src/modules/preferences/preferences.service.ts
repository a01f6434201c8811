import { canonicalTimeZone, conditionSeverities } from "@steward/domain";
import {
  defaultUserPreferences,
  updateUserPreferencesRequest,
  type Locale,
  type UpdateUserPreferencesRequest,
  type UserPreferences,
} from "@steward/contracts";
import type { PreferencesRepository } from "./preferences.repository.js";
import { presentPreferences } from "./preferences.presenter.js";

/** A technician's own console settings: read (defaults when none saved) and change. */
export function createPreferencesService({ repo }: { repo: PreferencesRepository }) {
  async function get(userId: number): Promise<UserPreferences> {
    return presentPreferences(await repo.byUser(userId));
  }

  return {
    get,

    /** Changes the fields given, keeps the others; answers the whole saved set. */
    async update(userId: number, input: UpdateUserPreferencesRequest): Promise<UserPreferences> {
      const patch = updateUserPreferencesRequest.parse(input);
      const next: UserPreferences = { ...(await get(userId)), ...patch };
      // One spelling per zone ("europe/berlin" is stored as "Europe/Berlin").
      if (next.timeZone !== null) next.timeZone = canonicalTimeZone(next.timeZone) ?? next.timeZone;
      // Each severity once, worst first.
      const chosen = next.alertEmailSeverities ?? defaultUserPreferences.alertEmailSeverities ?? [];
      next.alertEmailSeverities = conditionSeverities.filter((s) => chosen.includes(s));
      await repo.save(userId, next);
      return next;
    },

    /** The language the user chose, or null when they follow their browser. */
    async languageOf(userId: number): Promise<Locale | null> {
      return (await get(userId)).language;
    },
  };
}

export type PreferencesService = ReturnType<typeof createPreferencesService>;
