import { and, asc, count, eq, ilike, inArray, lte, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../platform/db/database.js";
import { scheduledTasks } from "./scheduled-tasks.tables.js";
import { taskVisible, type TaskScope } from "./scheduled-tasks.targets.js";

export type ScheduledTaskRow = typeof scheduledTasks.$inferSelect;
export type NewScheduledTask = typeof scheduledTasks.$inferInsert;
export type ScheduledTaskChanges = Partial<Omit<NewScheduledTask, "id" | "createdAt" | "createdByUserId">>;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Every query on scheduled_tasks. Pass a transaction to run inside it. A console caller's reads
 * and writes take their TaskScope: a task with a target outside it is read as missing and never
 * changed. The scheduler's own queries (claimDue, record*Run) act for the server.
 */
export class ScheduledTasksRepository {
  constructor(readonly db: Db) {}

  /** The same repository on a transaction's handle. */
  on(tx: Db): ScheduledTasksRepository {
    return new ScheduledTasksRepository(tx);
  }

  async insert(values: NewScheduledTask): Promise<ScheduledTaskRow> {
    const [row] = await this.db.insert(scheduledTasks).values(values).returning();
    if (!row) throw new Error("scheduled task insert returned nothing");
    return row;
  }

  async find(view: TaskScope, id: number): Promise<ScheduledTaskRow | undefined> {
    const [row] = await this.db
      .select()
      .from(scheduledTasks)
      .where(and(eq(scheduledTasks.id, id), taskVisible(view)));
    return row;
  }

  /** The row, locked until the transaction ends (writers wait for a scheduler firing it). */
  async findForUpdate(view: TaskScope, id: number): Promise<ScheduledTaskRow | undefined> {
    const [row] = await this.db
      .select()
      .from(scheduledTasks)
      .where(and(eq(scheduledTasks.id, id), taskVisible(view)))
      .for("update");
    return row;
  }

  async list(
    view: TaskScope,
    search: string | undefined,
    limit: number,
    offset: number,
  ): Promise<{ rows: ScheduledTaskRow[]; total: number }> {
    let matches: SQL | undefined;
    if (search) {
      const pattern = `%${escapeLike(search)}%`;
      matches = or(ilike(scheduledTasks.name, pattern), ilike(scheduledTasks.description, pattern));
    }
    const where = and(taskVisible(view), matches);
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(scheduledTasks)
        .where(where)
        .orderBy(asc(sql`lower(${scheduledTasks.name})`), asc(scheduledTasks.id))
        .limit(limit)
        .offset(offset),
      this.db.select({ n: count() }).from(scheduledTasks).where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  }

  async update(
    view: TaskScope,
    id: number,
    changes: ScheduledTaskChanges,
  ): Promise<ScheduledTaskRow | undefined> {
    const [row] = await this.db
      .update(scheduledTasks)
      .set({ ...changes, updatedAt: new Date() })
      .where(and(eq(scheduledTasks.id, id), taskVisible(view)))
      .returning();
    return row;
  }

  async delete(view: TaskScope, id: number): Promise<boolean> {
    const rows = await this.db
      .delete(scheduledTasks)
      .where(and(eq(scheduledTasks.id, id), taskVisible(view)))
      .returning({ id: scheduledTasks.id });
    return rows.length > 0;
  }

  /**
   * Claims due tasks: locks up to `limit` enabled tasks whose nextRunAt has come, skipping rows
   * another scheduler holds (FOR UPDATE SKIP LOCKED). Call inside a transaction; the locks last
   * until it ends, so the caller advances nextRunAt before anyone else can see the task as due.
   */
  claimDue(now: Date, limit: number, ids?: number[]): Promise<ScheduledTaskRow[]> {
    return this.db
      .select()
      .from(scheduledTasks)
      .where(
        and(
          eq(scheduledTasks.enabled, true),
          lte(scheduledTasks.nextRunAt, now),
          ids === undefined ? undefined : inArray(scheduledTasks.id, ids.length ? ids : [0]),
        ),
      )
      .orderBy(asc(scheduledTasks.nextRunAt), asc(scheduledTasks.id))
      .limit(limit)
      .for("update", { skipLocked: true });
  }

  /** Records a scheduled run and the schedule's next one (not a user's edit: updatedAt stays). */
  async recordScheduledRun(
    id: number,
    values: Pick<
      NewScheduledTask,
      "nextRunAt" | "lastRunAt" | "runCount" | "occurrences" | "lastRunJobCount" | "lastRunError"
    >,
  ): Promise<void> {
    await this.db.update(scheduledTasks).set(values).where(eq(scheduledTasks.id, id));
  }

  /** Records a "Run now" run without touching the schedule. */
  async recordManualRun(id: number, at: Date, jobCount: number, error: string | null): Promise<void> {
    await this.db
      .update(scheduledTasks)
      .set({
        lastRunAt: at,
        runCount: sql`${scheduledTasks.runCount} + 1`,
        lastRunJobCount: jobCount,
        lastRunError: error,
      })
      .where(eq(scheduledTasks.id, id));
  }
}
