import type { FastifyBaseLogger } from "fastify";
import type { ScheduledTaskAction, ScheduledTaskTargets } from "@steward/contracts";
import { nextRun, type Schedule } from "@steward/domain";
import type { Db } from "../../platform/db/database.js";
import { Bus } from "../../platform/bus.js";
import { systemScope, type Scope } from "../../platform/identity/index.js";
import type { Actor, JobsService } from "../jobs/index.js";
import { resolveScriptForJob, type ScriptLookupCache } from "../scripts/index.js";
import { ScheduledTasksRepository, type ScheduledTaskRow } from "./scheduled-tasks.repository.js";
import { resolveTargetDevices, type DevicesOn } from "./scheduled-tasks.targets.js";

/** Devices per submit call: a fan-out to 10,000 devices is written in a few statements. */
const NODES_PER_SUBMIT = 1_000;
export const NO_DEVICES_MESSAGE = "No approved device matches the task's targets";

export interface RunOutcome {
  jobUids: string[];
  /** Why the run submitted nothing (no devices, script gone …), else null. */
  error: string | null;
}

export interface FiredRun extends RunOutcome {
  taskId: number;
}

/**
 * What runs need, handed over by the composition root. A run happens inside a transaction, so
 * the job engine and the device selection come as factories bound to that transaction's handle.
 */
export interface TaskRunnerDeps {
  db: Db;
  bus: Bus;
  repo: ScheduledTasksRepository;
  jobsOn: (db: Db, bus: Bus) => Pick<JobsService, "submit">;
  devicesOn: DevicesOn;
}

/** The job content a task's action becomes (inline as is; a library script is resolved at run time). */
function jobContent(action: ScheduledTaskAction): Record<string, unknown> {
  return JSON.parse(JSON.stringify(action)) as Record<string, unknown>;
}

/** Who scheduled runs are submitted as: the task's last editor, named after the task. */
export const scheduledActor = (row: ScheduledTaskRow): Actor => ({
  userId: row.updatedByUserId ?? row.createdByUserId,
  name: `Scheduled task "${row.name}"`,
});

/**
 * One run of a task on `db` (a transaction when called by the runner): resolves its targets to
 * approved devices in `scope` and its script now, and submits one ACTION job per device through
 * the job engine. Job-queued events go to `bus`; the caller forwards them once the transaction
 * commits.
 */
export async function submitRun(
  deps: Pick<TaskRunnerDeps, "jobsOn" | "devicesOn">,
  db: Db,
  bus: Bus,
  row: ScheduledTaskRow,
  actor: Actor,
  scope: Scope,
  cache: ScriptLookupCache = new Map(),
): Promise<RunOutcome> {
  const deviceIds = await resolveTargetDevices(
    db,
    deps.devicesOn,
    row.targets as ScheduledTaskTargets,
    scope,
  );
  if (deviceIds.length === 0) return { jobUids: [], error: NO_DEVICES_MESSAGE };
  const content = await resolveScriptForJob(db, jobContent(row.action as ScheduledTaskAction), cache);
  const jobs = deps.jobsOn(db, bus);
  const jobUids: string[] = [];
  for (let i = 0; i < deviceIds.length; i += NODES_PER_SUBMIT) {
    const nodes = deviceIds.slice(i, i + NODES_PER_SUBMIT).map((nodeId) => ({
      nodeId,
      jobs: [{ jobType: "ACTION", jobName: row.name, content }],
    }));
    const inserted = await jobs.submit(actor, { nodes }, scope);
    jobUids.push(...inserted.map((j) => j.jobUid));
  }
  return { jobUids, error: null };
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export interface TaskRunnerOptions {
  clock?: () => Date;
  logger?: Pick<FastifyBaseLogger, "warn" | "error">;
}

/** Fires tasks: claimed due runs (exactly once across server nodes) and "Run now". */
export function createTaskRunner(deps: TaskRunnerDeps, options: TaskRunnerOptions = {}) {
  const clock = options.clock ?? (() => new Date());

  /** Runs `work` in a transaction with a private bus; its job-queued events are sent after commit. */
  async function withQueuedEvents<T>(work: (tx: Db, bus: Bus) => Promise<T>): Promise<T> {
    const queued = new Set<number>();
    const bus = new Bus();
    bus.on("jobsQueued", (ids) => ids.forEach((id) => queued.add(id)));
    const result = await deps.db.transaction((tx) => work(tx, bus));
    if (queued.size > 0) deps.bus.emit("jobsQueued", [...queued]);
    return result;
  }

  return {
    /**
     * Claims up to `limit` due tasks (FOR UPDATE SKIP LOCKED) and, in the same transaction,
     * submits each one's jobs and advances its nextRunAt, occurrences and runCount. Another
     * node never sees a claimed task as due: it skips the locked row, and after the commit
     * nextRunAt has moved on. A run that fails (its savepoint rolled back) is recorded with
     * its error and the schedule still moves on, so one broken task cannot block the others.
     * Runs missed while no server was up are coalesced into one.
     */
    async fireDue(opts: { limit: number; ids?: number[] }): Promise<FiredRun[]> {
      const now = clock();
      return withQueuedEvents(async (tx, bus) => {
        const repo = deps.repo.on(tx);
        const due = await repo.claimDue(now, opts.limit, opts.ids);
        const fired: FiredRun[] = [];
        const cache: ScriptLookupCache = new Map();
        for (const row of due) {
          const outcome = await tx
            // The server fires on its own behalf; the devices are still only those the task names.
            .transaction((sp) => submitRun(deps, sp, bus, row, scheduledActor(row), systemScope, cache))
            .catch((error: unknown): RunOutcome => {
              options.logger?.warn({ err: error, taskId: row.id }, "scheduled task run failed");
              return { jobUids: [], error: messageOf(error) };
            });
          const occurrences = row.occurrences + 1;
          let nextRunAt: Date | null = null;
          try {
            nextRunAt = nextRun(row.schedule as Schedule, row.timeZone, now, occurrences);
          } catch (error) {
            options.logger?.error(
              { err: error, taskId: row.id },
              "scheduled task has an unreadable schedule",
            );
          }
          await repo.recordScheduledRun(row.id, {
            nextRunAt,
            lastRunAt: now,
            runCount: row.runCount + 1,
            occurrences,
            lastRunJobCount: outcome.jobUids.length,
            lastRunError: outcome.error,
          });
          fired.push({ taskId: row.id, ...outcome });
        }
        return fired;
      });
    },

    /**
     * "Run now": one run on the task's current targets in the caller's scope, outside the
     * schedule (nextRunAt unchanged).
     */
    async runNow(row: ScheduledTaskRow, actor: Actor, scope: Scope): Promise<RunOutcome> {
      const now = clock();
      return withQueuedEvents(async (tx, bus) => {
        const outcome = await submitRun(deps, tx, bus, row, actor, scope);
        await deps.repo.on(tx).recordManualRun(row.id, now, outcome.jobUids.length, outcome.error);
        return outcome;
      });
    },
  };
}

export type TaskRunner = ReturnType<typeof createTaskRunner>;
