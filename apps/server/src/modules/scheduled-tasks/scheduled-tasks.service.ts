import type { FastifyRequest } from "fastify";
import type { z } from "zod";
import type {
  listScheduledTasksQuery,
  saveScheduledTaskRequest,
  schedulePreviewQuery,
  SchedulePreview,
  ScheduledTaskAction,
} from "@steward/contracts";
import {
  defaultSchedule,
  describeSchedule,
  formatWallClock,
  nextRun,
  previewRuns,
  scheduleTrigger,
  withStartDate,
  type Schedule,
} from "@steward/domain";
import { AppError } from "../../platform/errors/app-error.js";
import { audit, type Scope } from "../../platform/identity/index.js";
import type { Actor } from "../jobs/index.js";
import { resolveScriptForJob } from "../scripts/index.js";
import type { SettingsService } from "../settings/index.js";
import type { ScheduledTaskRow } from "./scheduled-tasks.repository.js";
import { createTaskRunner, type TaskRunnerDeps } from "./scheduled-tasks.runner.js";
import { checkTargets, taskScopeFor, type TaskScope } from "./scheduled-tasks.targets.js";

type SaveInput = z.output<typeof saveScheduledTaskRequest>;
type ListQuery = z.output<typeof listScheduledTasksQuery>;
type PreviewQuery = z.output<typeof schedulePreviewQuery>;

/**
 * The user behind a change: audit takes the request, jobs take the actor, and `scope` (their
 * jobs.run scope) bounds which tasks and targets they may touch.
 */
export interface Editor {
  request: FastifyRequest | null;
  actor: Actor;
  scope: Scope;
}

const notFound = () => new AppError("E_NOT_FOUND", 404, { id: "errors.scheduledTasks.notFound" });

/** JSON with sorted keys: jsonb does not keep key order, so compare schedules this way. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    return `{${entries
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`)
      .join(",")}}`;
  }
  return JSON.stringify(value);
}

/** Scheduled tasks: saving (schedule, zone, targets, action checked), reading, "Run now", the editor's preview. */
export function createScheduledTasksService(
  deps: TaskRunnerDeps & { settings: Pick<SettingsService, "getGeneral"> },
  options: { clock?: () => Date } = {},
) {
  const clock = options.clock ?? (() => new Date());
  const repo = deps.repo;
  const runner = createTaskRunner(deps, { clock });

  /** A task the caller sees; one with a target outside their scope answers like a missing one. */
  async function existing(view: TaskScope, id: number): Promise<ScheduledTaskRow> {
    const row = await repo.find(view, id);
    if (!row) throw notFound();
    return row;
  }

  /** The zone a schedule's times are in: the request's, else the older schedule's, else the general setting. */
  async function zoneOf(
    requested: string | undefined,
    fromLegacy: string | null | undefined,
  ): Promise<string> {
    return requested ?? fromLegacy ?? (await deps.settings.getGeneral()).defaultTimeZone;
  }

  /** A library script must exist and accept the parameters; the error names the action's field. */
  async function checkAction(action: ScheduledTaskAction): Promise<void> {
    if (action.scriptId === undefined) return;
    try {
      await resolveScriptForJob(deps.db, JSON.parse(JSON.stringify(action)) as Record<string, unknown>);
    } catch (error) {
      if (error instanceof AppError) {
        const field = error.messageValues?.field;
        throw typeof field === "string"
          ? error.with({ values: { ...error.messageValues, field: field.replace(/^content\./, "action.") } })
          : error;
      }
      throw error;
    }
  }

  async function prepare(input: SaveInput, scope: Scope) {
    const read = input.schedule ?? {
      schedule: defaultSchedule(),
      timeZone: null,
      convertedFromLegacy: false,
    };
    const timeZone = await zoneOf(input.timeZone, read.timeZone);
    const schedule = withStartDate(read.schedule, timeZone, clock());
    await checkTargets(deps.db, deps.devicesOn, input.targets, scope);
    await checkAction(input.action);
    return { schedule, timeZone };
  }

  /** Run Once Immediately fires when saved: through the scheduler's claim, so it fires once even if a scheduler races us. */
  async function fireIfOnSave(row: ScheduledTaskRow): Promise<void> {
    if (row.nextRunAt !== null && scheduleTrigger(row.schedule as Schedule) === "ON_SAVE") {
      await runner.fireDue({ limit: 1, ids: [row.id] });
    }
  }

  return {
    /** The tasks whose every target is in `scope` (the caller's devices.read scope). */
    /** One page of the tasks the caller sees (rows; the routes present them). */
    async list(query: ListQuery, scope: Scope) {
      const { rows, total } = await repo.list(
        await taskScopeFor(deps.db, deps.devicesOn, scope),
        query.search,
        query.pageSize,
        (query.page - 1) * query.pageSize,
      );
      return { items: rows, total, page: query.page, pageSize: query.pageSize };
    },

    get: async (id: number, scope: Scope): Promise<ScheduledTaskRow> =>
      existing(await taskScopeFor(deps.db, deps.devicesOn, scope), id),

    async create(input: SaveInput, editor: Editor): Promise<ScheduledTaskRow> {
      const { schedule, timeZone } = await prepare(input, editor.scope);
      const row = await repo.insert({
        name: input.name,
        description: input.description,
        enabled: input.enabled,
        targets: input.targets,
        action: input.action,
        schedule,
        timeZone,
        nextRunAt: input.enabled ? nextRun(schedule, timeZone, clock(), 0) : null,
        createdByUserId: editor.actor.userId,
        updatedByUserId: editor.actor.userId,
      });
      await audit(deps.db, editor.request, {
        action: "scheduled_task.create",
        targetType: "scheduled_task",
        targetId: row.id,
        data: { name: row.name },
      });
      await fireIfOnSave(row);
      return existing(await taskScopeFor(deps.db, deps.devicesOn, editor.scope), row.id);
    },

    /**
     * Replaces a task. A changed schedule or zone starts over (occurrences 0, next run from now;
     * a Run Once Immediately runs again); otherwise the next run stays as it was.
     */
    async update(id: number, input: SaveInput, editor: Editor): Promise<ScheduledTaskRow> {
      // A task outside the caller's view is missing, whatever the new targets are.
      const view = await taskScopeFor(deps.db, deps.devicesOn, editor.scope);
      await existing(view, id);
      const { schedule, timeZone } = await prepare(input, editor.scope);
      const row = await deps.db.transaction(async (tx) => {
        const r = repo.on(tx);
        const current = await r.findForUpdate(view, id);
        if (!current) throw notFound();
        const changed =
          stableJson(current.schedule) !== stableJson(schedule) || current.timeZone !== timeZone;
        const occurrences = changed ? 0 : current.occurrences;
        const keep = !changed && current.enabled && input.enabled;
        const nextRunAt = !input.enabled
          ? null
          : keep
            ? current.nextRunAt
            : nextRun(schedule, timeZone, clock(), occurrences);
        return r.update(view, id, {
          name: input.name,
          description: input.description,
          enabled: input.enabled,
          targets: input.targets,
          action: input.action,
          schedule,
          timeZone,
          nextRunAt,
          occurrences,
          updatedByUserId: editor.actor.userId,
        });
      });
      if (!row) throw notFound();
      await audit(deps.db, editor.request, {
        action: "scheduled_task.update",
        targetType: "scheduled_task",
        targetId: id,
        data: { name: row.name },
      });
      await fireIfOnSave(row);
      return existing(await taskScopeFor(deps.db, deps.devicesOn, editor.scope), id);
    },

    async remove(id: number, editor: Editor): Promise<void> {
      const view = await taskScopeFor(deps.db, deps.devicesOn, editor.scope);
      const row = await existing(view, id);
      if (!(await repo.delete(view, id))) throw notFound();
      await audit(deps.db, editor.request, {
        action: "scheduled_task.delete",
        targetType: "scheduled_task",
        targetId: id,
        data: { name: row.name },
      });
    },

    async runNow(id: number, editor: Editor): Promise<{ task: ScheduledTaskRow; jobUids: string[] }> {
      const view = await taskScopeFor(deps.db, deps.devicesOn, editor.scope);
      const outcome = await runner.runNow(await existing(view, id), editor.actor, editor.scope);
      await audit(deps.db, editor.request, {
        action: "scheduled_task.run_now",
        targetType: "scheduled_task",
        targetId: id,
        data: { jobs: outcome.jobUids.length, error: outcome.error },
      });
      return { task: await existing(view, id), jobUids: outcome.jobUids };
    },

    async preview(query: PreviewQuery): Promise<SchedulePreview> {
      const timeZone = await zoneOf(query.timeZone, query.schedule.timeZone);
      const now = clock();
      const schedule = withStartDate(query.schedule.schedule, timeZone, now);
      const runs = previewRuns(schedule, timeZone, now, query.count);
      return {
        schedule,
        timeZone,
        trigger: scheduleTrigger(schedule),
        summary: describeSchedule(schedule),
        runs: runs.map((at) => ({ at: at.toISOString(), local: formatWallClock(at, timeZone) })),
      };
    },
  };
}

export type ScheduledTasksService = ReturnType<typeof createScheduledTasksService>;
