import { and, desc, eq, inArray } from "drizzle-orm";
import type { Db } from "../../platform/db/database.js";
import { passwordHistory } from "./security-settings.tables.js";

/** The hashes of users' earlier passwords. */
export class PasswordHistoryRepository {
  constructor(readonly db: Db) {}

  /** The user's newest `count` password hashes, newest first. */
  async recent(userId: number, count: number): Promise<string[]> {
    if (count <= 0) return [];
    const rows = await this.db
      .select({ hash: passwordHistory.passwordHash })
      .from(passwordHistory)
      .where(eq(passwordHistory.userId, userId))
      .orderBy(desc(passwordHistory.id))
      .limit(count);
    return rows.map((r) => r.hash);
  }

  /** Records a password just set and keeps only the newest `keep` entries of the user. */
  async add(userId: number, hash: string, keep: number): Promise<void> {
    await this.db.insert(passwordHistory).values({ userId, passwordHash: hash });
    const kept = await this.db
      .select({ id: passwordHistory.id })
      .from(passwordHistory)
      .where(eq(passwordHistory.userId, userId))
      .orderBy(desc(passwordHistory.id))
      .limit(Math.max(keep, 1));
    const keepIds = kept.map((r) => r.id);
    const all = await this.db
      .select({ id: passwordHistory.id })
      .from(passwordHistory)
      .where(eq(passwordHistory.userId, userId));
    const stale = all.map((r) => r.id).filter((id) => !keepIds.includes(id));
    if (stale.length > 0)
      await this.db
        .delete(passwordHistory)
        .where(and(eq(passwordHistory.userId, userId), inArray(passwordHistory.id, stale)));
  }
}
