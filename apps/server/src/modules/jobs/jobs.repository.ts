import { and, asc, count, desc, eq, gte, inArray, isNull, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../platform/db/database.js";
import { inScope, scopeCovers, users, type Scope } from "../../platform/identity/index.js";
import { devices } from "../devices/devices.tables.js";
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

/** A submitted job as written: the rest of the row takes the table's defaults. */
export interface NewSubmittedJob {
  jobUid: string;
  deviceId: number;
  organizationId: number;
  jobType: string;
  jobName: string;
  jobStatus: string;
  appUserId?: number | null;
  message?: string | null;
  content: unknown;
  data: unknown;
}

/** What a submit answers about each job it wrote. */
export interface SubmittedJob {
  id: number;
  jobUid: string;
  deviceId: number;
  organizationId: number;
  jobType: string;
}

/** The state a guarded write expects the row still to be in. */
export interface Expected {
  jobStatus: string;
  attempt: number;
}

/** What an agent's result writes on its job. */
export interface ResultValues {
  jobStatus?: string;
  jobResult?: string | null;
  attempt?: number;
  stdout: string;
  stderr: string;
  outputTruncated: boolean;
  exitCode: number | null;
  delivery: "FINISHED";
  completedAt: Date;
  resultContent: { errorMessage?: string | null | undefined; outcome: string };
}

const OUTPUT_LIMIT = 1024 * 1024;

/** Rows of a raw query, whichever driver ran it (node-postgres answers { rows }, PGlite too). */
const rowsOf = <T>(result: unknown): T[] => ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];

/** A finished job needs no Run As secret any more: its data without the sealed password. */
const withoutRunAsSecret = sql`${jobs.data} #- '{runAsAccount,secretSealed}'`;

/**
 * Every query on jobs. Each one takes the caller's organization scope: a job outside it is read
 * as missing and never written. The agent side and the scheduler pass systemScope.
 */
export function createJobsRepository(db: Db) {
  const where = (scope: Scope, f: JobListFilter) => {
    const parts: SQL[] = [inScope(scope, jobs.organizationId)];
    if (f.deviceId) parts.push(eq(jobs.deviceId, f.deviceId));
    if (f.organizationId) parts.push(eq(jobs.organizationId, f.organizationId));
    if (f.jobType) parts.push(eq(jobs.jobType, f.jobType));
    if (f.jobStatus) parts.push(eq(jobs.jobStatus, f.jobStatus));
    if (f.appUserId) parts.push(eq(jobs.appUserId, f.appUserId));
    if (f.since) parts.push(gte(jobs.createdAt, f.since));
    return and(...parts);
  };

  return {
    /** A user as their grants are read (system administrator or not), or undefined. */
    async userForGrants(userId: number): Promise<{ id: number; isSystemAdmin: boolean } | undefined> {
      const [user] = await db
        .select({ id: users.id, isSystemAdmin: users.isSystemAdmin })
        .from(users)
        .where(eq(users.id, userId));
      return user;
    },

    /**
     * The devices a submit names that lie in `scope` (the ids travel as one JSON array). An
     * archived device (its agent uninstalled from the console) receives no jobs: it is not among them.
     */
    async submitTargets(deviceIds: readonly number[], scope: Scope) {
      return db
        .select({
          id: devices.id,
          organizationId: devices.organizationId,
          approvalStatus: devices.approvalStatus,
          osFamily: devices.osFamily,
          name: sql<string>`coalesce(${devices.displayName}, ${devices.hostname})`,
        })
        .from(devices)
        .where(
          and(
            sql`${devices.id} in (select value::int from jsonb_array_elements_text(${JSON.stringify(deviceIds)}::jsonb))`,
            isNull(devices.archivedAt),
            inScope(scope, devices.organizationId),
          ),
        );
    },

    /** Approved devices matching `where` in `scope`, by id, at most `limit`. */
    async approvedDeviceIds(where: SQL, scope: Scope, limit: number): Promise<number[]> {
      const rows = await db
        .select({ id: devices.id })
        .from(devices)
        .where(
          and(
            where,
            eq(devices.approvalStatus, "APPROVED"),
            isNull(devices.archivedAt),
            inScope(scope, devices.organizationId),
          ),
        )
        .orderBy(asc(devices.id))
        .limit(limit);
      return rows.map((r) => r.id);
    },

    /**
     * Writes a submit's rows in one statement: the rows travel as one JSON document (a fan-out's
     * shared content and data once, referenced by index), so 10,000 rows cost one parse on each
     * side instead of 10,000 parameter lists. Answers what the caller needs, in insertion order.
     */
    async insertMany(scope: Scope, rows: NewSubmittedJob[]): Promise<SubmittedJob[]> {
      if (rows.length === 0) return [];
      // The submit checked every device against the scope; a row outside it here is a bug.
      const outside = rows.find((r) => !scopeCovers(scope, r.organizationId));
      if (outside)
        throw new Error(`job for organization ${outside.organizationId} outside the caller's scope`);
      const shared = (values: unknown[]) => {
        const index = new Map<unknown, number>();
        const list: unknown[] = [];
        const refs = values.map((v) => {
          let i = index.get(v);
          if (i === undefined) {
            i = list.push(v) - 1;
            index.set(v, i);
          }
          return i;
        });
        return { list, refs };
      };
      const contents = shared(rows.map((r) => r.content));
      const data = shared(rows.map((r) => r.data));
      const doc = JSON.stringify({
        c: contents.list,
        d: data.list,
        r: rows.map((r, i) => [
          r.jobUid,
          r.deviceId,
          r.organizationId,
          r.jobType,
          r.jobName,
          r.jobStatus,
          r.appUserId ?? null,
          r.message ?? null,
          contents.refs[i],
          data.refs[i],
        ]),
      });
      const result = await db.execute(sql`
        with p as (select ${doc}::jsonb as j)
        insert into ${jobs} (job_uid, device_id, organization_id, job_type, job_name, job_status,
                             app_user_id, message, content, data)
        select e.r->>0, (e.r->>1)::int, (e.r->>2)::int, e.r->>3, e.r->>4, e.r->>5,
               (e.r->>6)::int, e.r->>7, p.j->'c'->((e.r->>8)::int), p.j->'d'->((e.r->>9)::int)
        from p, jsonb_array_elements(p.j->'r') with ordinality as e(r, n)
        order by e.n
        returning id, job_uid, device_id, organization_id, job_type`);
      return rowsOf<{
        id: number | string;
        job_uid: string;
        device_id: number;
        organization_id: number;
        job_type: string;
      }>(result)
        .map((r) => ({
          id: Number(r.id),
          jobUid: r.job_uid,
          deviceId: r.device_id,
          organizationId: r.organization_id,
          jobType: r.job_type,
        }))
        .sort((a, b) => a.id - b.id);
    },
    async byUid(scope: Scope, jobUid: string): Promise<JobRow | undefined> {
      return (
        await db
          .select()
          .from(jobs)
          .where(and(eq(jobs.jobUid, jobUid), inScope(scope, jobs.organizationId)))
          .limit(1)
      )[0];
    },
    /** The state-machine columns of many jobs, one query. */
    async statesByUid(scope: Scope, jobUids: readonly string[]) {
      if (jobUids.length === 0) return [];
      return db
        .select({
          id: jobs.id,
          jobUid: jobs.jobUid,
          deviceId: jobs.deviceId,
          jobType: jobs.jobType,
          jobStatus: jobs.jobStatus,
          jobResult: jobs.jobResult,
          attempt: jobs.attempt,
        })
        .from(jobs)
        .where(
          and(
            sql`${jobs.jobUid} in (select value from jsonb_array_elements_text(${JSON.stringify(jobUids)}::jsonb))`,
            inScope(scope, jobs.organizationId),
          ),
        );
    },
    /**
     * Writes many results in one statement, each row only if it is still in the state its step
     * was computed from (as update() does one by one); the sealed Run As password goes with it.
     * Answers the ids written.
     */
    async updateResults(
      scope: Scope,
      items: readonly { id: number; expected: Expected; values: ResultValues }[],
    ): Promise<Set<number>> {
      if (items.length === 0) return new Set();
      const doc = JSON.stringify(
        items.map(({ id, expected, values: v }) => ({
          id,
          expected_status: expected.jobStatus,
          expected_attempt: expected.attempt,
          job_status: v.jobStatus ?? expected.jobStatus,
          job_result: v.jobResult,
          keep_result: v.jobResult === undefined,
          attempt: v.attempt ?? expected.attempt,
          stdout: v.stdout,
          stderr: v.stderr,
          output_truncated: v.outputTruncated,
          exit_code: v.exitCode,
          delivery: v.delivery,
          completed_at: v.completedAt.toISOString(),
          result_content: v.resultContent,
        })),
      );
      const now = new Date();
      const result = await db.execute(sql`
        update ${jobs} set
          job_status = v.job_status,
          job_result = case when v.keep_result then ${jobs.jobResult} else v.job_result end,
          attempt = v.attempt,
          stdout = v.stdout,
          stderr = v.stderr,
          output_truncated = v.output_truncated,
          exit_code = v.exit_code,
          delivery = v.delivery,
          completed_at = v.completed_at,
          result_content = v.result_content,
          data = ${withoutRunAsSecret},
          updated_at = ${now}
        from jsonb_to_recordset(${doc}::jsonb) as v(
          id bigint, expected_status text, expected_attempt int, job_status text, job_result text,
          keep_result boolean, attempt int, stdout text, stderr text, output_truncated boolean,
          exit_code int, delivery text, completed_at timestamptz, result_content jsonb)
        where ${jobs.id} = v.id and ${jobs.jobStatus} = v.expected_status and ${jobs.attempt} = v.expected_attempt
          and ${inScope(scope, jobs.organizationId)}
        returning ${jobs.id} as id`);
      return new Set(rowsOf<{ id: number | string }>(result).map((r) => Number(r.id)));
    },
    async list(scope: Scope, filter: JobListFilter, page: number, pageSize: number) {
      const condition = where(scope, filter);
      const [items, [total]] = await Promise.all([
        db
          .select()
          .from(jobs)
          .where(condition)
          .orderBy(desc(jobs.createdAt), desc(jobs.id))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db.select({ n: count() }).from(jobs).where(condition),
      ]);
      return { items, total: total?.n ?? 0 };
    },
    /** Open jobs of a device that still have to reach it (queued, or sent but not confirmed started). */
    async deliverable(scope: Scope, deviceId: number): Promise<JobRow[]> {
      return db
        .select()
        .from(jobs)
        .where(
          and(
            inScope(scope, jobs.organizationId),
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
      scope: Scope,
      id: number,
      expected: { jobStatus: string; attempt: number },
      values: Partial<NewJob>,
    ): Promise<boolean> {
      const scrub =
        values.completedAt !== undefined && values.data === undefined ? { data: withoutRunAsSecret } : {};
      const rows = await db
        .update(jobs)
        .set({ ...values, ...scrub, updatedAt: new Date() })
        .where(
          and(
            eq(jobs.id, id),
            eq(jobs.jobStatus, expected.jobStatus),
            eq(jobs.attempt, expected.attempt),
            inScope(scope, jobs.organizationId),
          ),
        )
        .returning({ id: jobs.id });
      return rows.length === 1;
    },
    async markDelivery(
      scope: Scope,
      jobUid: string,
      attempt: number,
      delivery: "SENT" | "STARTED",
      at: Date,
    ) {
      await db
        .update(jobs)
        .set(
          delivery === "SENT"
            ? { delivery, sentAt: at, updatedAt: at }
            : { delivery, startedAt: at, updatedAt: at },
        )
        .where(
          and(
            eq(jobs.jobUid, jobUid),
            eq(jobs.attempt, attempt),
            sql`${jobs.delivery} <> 'FINISHED'`,
            inScope(scope, jobs.organizationId),
          ),
        );
    },
    async appendOutput(
      scope: Scope,
      jobUid: string,
      attempt: number,
      stream: "stdout" | "stderr",
      chunk: string,
    ) {
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
        .where(
          and(
            eq(jobs.jobUid, jobUid),
            eq(jobs.attempt, attempt),
            sql`${jobs.delivery} <> 'FINISHED'`,
            inScope(scope, jobs.organizationId),
          ),
        );
    },
  };
}

export type JobsRepository = ReturnType<typeof createJobsRepository>;
