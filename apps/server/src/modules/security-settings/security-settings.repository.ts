import { eq } from "drizzle-orm";
import type { Db } from "../../platform/db/database.js";
import { systemSettings } from "../settings/settings.tables.js";

const KEY = "security";

/** The security settings' one entry in the system settings (key → JSON value). */
export class SecuritySettingsRepository {
  constructor(readonly db: Db) {}

  transaction<T>(fn: (repo: SecuritySettingsRepository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => fn(new SecuritySettingsRepository(tx)));
  }

  /** The stored value, or undefined when it was never written. */
  async get(): Promise<unknown> {
    const [row] = await this.db
      .select({ value: systemSettings.value })
      .from(systemSettings)
      .where(eq(systemSettings.key, KEY));
    return row?.value;
  }

  async put(value: unknown): Promise<void> {
    const now = new Date();
    await this.db
      .insert(systemSettings)
      .values({ key: KEY, value, updatedAt: now })
      .onConflictDoUpdate({ target: systemSettings.key, set: { value, updatedAt: now } });
  }
}
