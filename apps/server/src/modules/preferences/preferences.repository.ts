import { eq } from "drizzle-orm";
import type { UserPreferences } from "@steward/contracts";
import type { Db } from "../../platform/db/database.js";
import { userPreferencesTable } from "./preferences.tables.js";

/** A stored row's settings, as written (read back through the presenter). */
export type PreferencesRow = Pick<
  typeof userPreferencesTable.$inferSelect,
  "language" | "theme" | "timeZone" | "dateFormat" | "startPage" | "alertEmailSeverities"
>;

/** Every Drizzle query for the user_preferences table. */
export class PreferencesRepository {
  constructor(readonly db: Db) {}

  /** The user's saved row, or undefined when they never changed a setting. */
  async byUser(userId: number): Promise<PreferencesRow | undefined> {
    const [row] = await this.db
      .select({
        language: userPreferencesTable.language,
        theme: userPreferencesTable.theme,
        timeZone: userPreferencesTable.timeZone,
        dateFormat: userPreferencesTable.dateFormat,
        startPage: userPreferencesTable.startPage,
        alertEmailSeverities: userPreferencesTable.alertEmailSeverities,
      })
      .from(userPreferencesTable)
      .where(eq(userPreferencesTable.userId, userId));
    return row;
  }

  /** Writes the whole set for the user (inserted the first time). */
  async save(userId: number, preferences: UserPreferences): Promise<void> {
    const values = { ...preferences, updatedAt: new Date() };
    await this.db
      .insert(userPreferencesTable)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: userPreferencesTable.userId, set: values });
  }
}
