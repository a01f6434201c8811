import { eq } from "drizzle-orm";
import type { Db } from "../../platform/db/database.js";
import { systemSettings } from "./settings.tables.js";

/** Every Drizzle query for the system_settings table (key → JSON value). */
export class SettingsRepository {
  constructor(readonly db: Db) {}

  /** Runs fn in one transaction with a repository bound to it. */
  transaction<T>(fn: (repo: SettingsRepository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => fn(new SettingsRepository(tx)));
  }

  /** The stored value, or undefined when the key was never written. */
  async get(key: string): Promise<unknown> {
    const [row] = await this.db
      .select({ value: systemSettings.value })
      .from(systemSettings)
      .where(eq(systemSettings.key, key));
    return row?.value;
  }

  async put(key: string, value: unknown): Promise<void> {
    const now = new Date();
    await this.db
      .insert(systemSettings)
      .values({ key, value, updatedAt: now })
      .onConflictDoUpdate({ target: systemSettings.key, set: { value, updatedAt: now } });
  }
}
