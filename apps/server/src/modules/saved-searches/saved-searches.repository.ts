import { asc, eq, isNotNull, sql } from "drizzle-orm";
import type { Db } from "../../platform/db/database.js";
import { savedSearches } from "./saved-searches.tables.js";

export type SavedSearchRow = typeof savedSearches.$inferSelect;
export type SavedSearchValues = Pick<
  typeof savedSearches.$inferInsert,
  "name" | "criteria" | "search" | "action" | "customFields"
>;

/** Every query for saved searches. */
export class SavedSearchesRepository {
  constructor(readonly db: Db) {}

  list(onlyNamed = false): Promise<SavedSearchRow[]> {
    return this.db
      .select()
      .from(savedSearches)
      .where(onlyNamed ? isNotNull(savedSearches.name) : undefined)
      .orderBy(asc(sql`lower(${savedSearches.name})`), asc(savedSearches.id));
  }

  async find(id: number): Promise<SavedSearchRow | undefined> {
    const [row] = await this.db.select().from(savedSearches).where(eq(savedSearches.id, id));
    return row;
  }

  async insert(values: SavedSearchValues & { createdByUserId: number | null }): Promise<number> {
    const [row] = await this.db.insert(savedSearches).values(values).returning({ id: savedSearches.id });
    if (!row) throw new Error("saved search insert returned no row");
    return row.id;
  }

  async update(id: number, values: Partial<SavedSearchValues>): Promise<boolean> {
    const set = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
    const rows = await this.db
      .update(savedSearches)
      .set({ ...set, updatedAt: new Date() })
      .where(eq(savedSearches.id, id))
      .returning({ id: savedSearches.id });
    return rows.length > 0;
  }

  async delete(id: number): Promise<boolean> {
    const rows = await this.db
      .delete(savedSearches)
      .where(eq(savedSearches.id, id))
      .returning({ id: savedSearches.id });
    return rows.length > 0;
  }
}
