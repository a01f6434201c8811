import { and, count, desc, eq, gte, inArray, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../platform/db/database.js";
import { jobs } from "./jobs.tables.js";

export type JobRow = typeof jobs.$inferSelect;
export type NewJob = typeof jobs.$inferInsert;

export interface JobListFilter {
  deviceId?: number | undefined;
  organizationId?: number | undefined;
  jobType?: string | undefined;
  jobStatus?: string | undefined;
  appUserId?: number | undefined;
  since?: Date | undefined;
}

const OUTPUT_LIMIT = 1024 * 1024;

/** Every query on jobs. */
export function createJobsRepository(db: Db) {
  const where = (f: JobListFilter) => {
    const parts: SQL[] = [];
    if (f.deviceId) parts.push(eq(jobs.deviceId, f.deviceId));
    if (f.organizationId) parts.push(eq(jobs.organizationId, f.organizationId));
    if (f.jobType) parts.push(eq(jobs.jobType, f.jobType));
    if (f.jobStatus) parts.push(eq(jobs.jobStatus, f.jobStatus));
    if (f.appUserId) parts.push(eq(jobs.appUserId, f.appUserId));
    if (f.since) parts.push(gte(jobs.createdAt, f.since));
    return parts.length ? and(...parts) : undefined;
  };

  return {
    async insertMany(rows: NewJob[]): Promise<JobRow[]> {
      if (rows.length === 0) return [];
      const out: JobRow[] = [];
      // Chunks keep each statement's parameter count well under PostgreSQL's limit.
      for (let i = 0; i < rows.length; i += 500)
        out.push(
          ...(await db
            .insert(jobs)
            .values(rows.slice(i, i + 500))
            .returning()),
        );
      return out;
    },
    async byUid(jobUid: string): Promise<JobRow | undefined> {
      return (await db.select().from(jobs).where(eq(jobs.jobUid, jobUid)).limit(1))[0];
    },
    async list(filter: JobListFilter, page: number, pageSize: number) {
      const [items, [total]] = await Promise.all([
        db
          .select()
          .from(jobs)
          .where(where(filter))
          .orderBy(desc(jobs.createdAt), desc(jobs.id))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db.select({ n: count() }).from(jobs).where(where(filter)),
      ]);
      return { items, total: total?.n ?? 0 };
    },
    /** Open jobs of a device that still have to reach it (queued, or sent but not confirmed started). */
    async deliverable(deviceId: number): Promise<JobRow[]> {
      return db
        .select()
        .from(jobs)
        .where(
          and(
            eq(jobs.deviceId, deviceId),
            eq(jobs.jobStatus, "START_REQUESTED"),
            inArray(jobs.delivery, ["QUEUED", "SENT"]),
          ),
        )
        .orderBy(jobs.id)
        .limit(200);
    },
    /** Writes a state-machine step only if the row is still in the state it was read in. */
    async update(
      id: number,
      expected: { jobStatus: string; attempt: number },
      values: Partial<NewJob>,
    ): Promise<boolean> {
      // A finished job needs no Run As secret any more: drop the sealed password it carried.
      const scrub =
        values.completedAt !== undefined && values.data === undefined
          ? { data: sql`${jobs.data} #- '{runAsAccount,secretSealed}'` }
          : {};
      const rows = await db
        .update(jobs)
        .set({ ...values, ...scrub, updatedAt: new Date() })
        .where(
          and(eq(jobs.id, id), eq(jobs.jobStatus, expected.jobStatus), eq(jobs.attempt, expected.attempt)),
        )
        .returning({ id: jobs.id });
      return rows.length === 1;
    },
    async markDelivery(jobUid: string, attempt: number, delivery: "SENT" | "STARTED", at: Date) {
      await db
        .update(jobs)
        .set(
          delivery === "SENT"
            ? { delivery, sentAt: at, updatedAt: at }
            : { delivery, startedAt: at, updatedAt: at },
        )
        .where(and(eq(jobs.jobUid, jobUid), eq(jobs.attempt, attempt), sql`${jobs.delivery} <> 'FINISHED'`));
    },
    async appendOutput(jobUid: string, attempt: number, stream: "stdout" | "stderr", chunk: string) {
      const column = stream === "stdout" ? jobs.stdout : jobs.stderr;
      const set =
        stream === "stdout"
          ? { stdout: sql`left(${column} || ${chunk}, ${OUTPUT_LIMIT})` }
          : { stderr: sql`left(${column} || ${chunk}, ${OUTPUT_LIMIT})` };
      await db
        .update(jobs)
        .set({
          ...set,
          outputTruncated: sql`${jobs.outputTruncated} or length(${column}) + ${chunk.length} > ${OUTPUT_LIMIT}`,
        })
        .where(and(eq(jobs.jobUid, jobUid), eq(jobs.attempt, attempt), sql`${jobs.delivery} <> 'FINISHED'`));
    },
  };
}

export type JobsRepository = ReturnType<typeof createJobsRepository>;
