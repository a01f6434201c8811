import { randomUUID } from "node:crypto";
import type { SQL } from "drizzle-orm";
import type { z } from "zod";
import {
  DEVICES_CACHE_EXPIRED,
  fillTemplate,
  powerActionRequest,
  runScriptJobContent,
  sharedEn,
  type SubmitJobRequest,
  type agent,
} from "@steward/contracts";
import {
  CANCELLATION_JOB_NAME,
  isJobType,
  scriptFitsDevice,
  scriptOsMismatchValues,
  stripScriptText,
  transition,
  type JobEvent,
  type JobResult,
  type JobState,
  type JobType,
} from "@steward/domain";
import { AppError } from "../../platform/errors/app-error.js";
import type { AppDeps } from "../../platform/deps.js";
import type { Db } from "../../platform/db/database.js";
import { grantsFor, scopeOfOrganizations, systemScope, type Scope } from "../../platform/identity/index.js";
import {
  type JobsRepository,
  type Expected,
  type ResultValues,
  type JobListFilter,
  type JobRow,
  type NewJob,
  type NewSubmittedJob,
} from "./jobs.repository.js";
import { resolveScriptForJob, type ScriptLookupCache } from "../scripts/index.js"; // scripts hook
import {
  preloadRunAs,
  resolveRunAs,
  type RunAsAccount,
  type RunAsLookupCache,
} from "../credentials/index.js";
import { auditJobsSubmitted, RunAsUses, type AuditActor } from "./jobs.audit.js";

export interface Actor {
  userId: number;
  name: string;
  /** Who the audit log names (email and address of the request); else the user id and name. */
  audit?: AuditActor;
}

/** Job types this server can run today; the others are valid spec types whose engines come later. */
const RUNNABLE: ReadonlySet<JobType> = new Set(["ACTION", "REBOOT_ACTION"]);

/** The most devices one submit reaches (the submit call's own limit). */
const MAX_FAN_OUT = 10_000;

/** What a job's state-machine step reads of its row (content only matters to a cancel). */
type ResultState = Pick<
  JobRow,
  "id" | "jobUid" | "deviceId" | "jobType" | "jobStatus" | "jobResult" | "attempt"
> & {
  content?: unknown;
};

const stateOf = (row: ResultState): JobState => ({
  jobType: row.jobType as JobType,
  content: (row.content ?? null) as JobState["content"],
  jobStatus: row.jobStatus as JobState["jobStatus"],
  jobResult: (row.jobResult as JobResult | null) ?? null,
  attempt: row.attempt,
});

/** Job content checked with its schema; the first problem answers 400 with its field. */
function checkedContent(schema: z.ZodType, given: Record<string, unknown>): Record<string, unknown> {
  const parsed = schema.safeParse(given);
  if (parsed.success) return parsed.data as Record<string, unknown>;
  const issue = parsed.error.issues[0];
  throw new AppError(
    "E_VALIDATION",
    400,
    issue
      ? {
          id: "errors.validation.field",
          values: { field: `content.${issue.path.join(".")}`, issue: issue.message },
        }
      : { id: "errors.validation.fieldInvalid", values: { field: "content." } },
  );
}

/**
 * The job engine's rules: submit, read, cancel, and what agents report back. `repoOn` gives the
 * repository on a transaction's handle (a submit writes its rows in one).
 */
export function createJobsService(
  deps: Pick<AppDeps, "db" | "bus">,
  { repo, repoOn }: { repo: JobsRepository; repoOn: (db: Db) => Pick<JobsRepository, "insertMany"> },
) {
  async function step(
    scope: Scope,
    row: JobRow,
    event: JobEvent,
    values: Partial<NewJob> = {},
  ): Promise<JobRow | null> {
    const t = transition(stateOf(row), event);
    if (!t.ok) return null;
    const ok = await repo.update(
      scope,
      row.id,
      { jobStatus: row.jobStatus, attempt: row.attempt },
      {
        jobStatus: t.next.jobStatus,
        jobResult: t.next.jobResult,
        attempt: t.next.attempt,
        ...values,
      },
    );
    return ok ? ((await repo.byUid(scope, row.jobUid)) ?? null) : null;
  }

  async function normalizeContent(
    jobType: JobType,
    given: Record<string, unknown>,
    scripts: ScriptLookupCache,
  ) {
    // A restart or shutdown: the same checks as its own route (delay or time, message, postpones).
    if (jobType === "REBOOT_ACTION") return checkedContent(powerActionRequest, given);
    if (jobType !== "ACTION") return given;
    // --- scripts hook: content.scriptId runs a library script (body, language, timeout, presets, typed parameters) ---
    const content = await resolveScriptForJob(deps.db, given, scripts);
    // --- end scripts hook ---
    const parsed = runScriptJobContent.safeParse(content);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new AppError(
        "E_VALIDATION",
        400,
        issue
          ? {
              id: "errors.validation.field",
              values: { field: `content.${issue.path.join(".")}`, issue: issue.message },
            }
          : { id: "errors.validation.fieldInvalid", values: { field: "content." } },
      );
    }
    if (!parsed.data.script) throw new AppError("E_VALIDATION", 400, { id: "errors.jobs.noScript" });
    // Parameter text loses & | ; $ > < ` ! — everything else arrives byte-exact.
    return {
      ...parsed.data,
      parameters: parsed.data.parameters.map((p) => ({ name: p.name, value: stripScriptText(p.value) })),
    };
  }

  /**
   * The guarded write a device's result makes on its job (domain transition rules), or null when
   * it changes nothing (another attempt, a finished job).
   */
  function planResult(
    row: ResultState,
    result: agent.JobResultMessage,
  ): { expected: Expected; values: ResultValues } | null {
    const output = {
      stdout: result.stdout,
      stderr: result.stderr,
      outputTruncated: result.truncated,
      exitCode: result.exitCode,
      delivery: "FINISHED",
      completedAt: new Date(),
      resultContent: { errorMessage: result.errorMessage, outcome: result.outcome },
    } satisfies ResultValues;
    const expected = { jobStatus: row.jobStatus, attempt: row.attempt };
    const t = transition(
      stateOf(row),
      result.outcome === "CANCELLED"
        ? { kind: "cancelled-by-agent", attempt: result.attempt }
        : {
            kind: "complete",
            attempt: result.attempt,
            result: result.outcome === "SUCCESS" ? "SUCCESS" : "FAILURE",
          },
    );
    if (t.ok)
      return {
        expected,
        values: {
          ...output,
          jobStatus: t.next.jobStatus,
          jobResult: t.next.jobResult,
          attempt: t.next.attempt,
        },
      };
    if (row.jobStatus === "CANCELLED" && row.attempt === result.attempt)
      // Cancelled in the console while it ran: keep what it printed, the status stays CANCELLED.
      return {
        expected,
        values: { ...output, resultContent: { errorMessage: "Cancelled", outcome: result.outcome } },
      };
    return null;
  }

  /** A user's own jobs.run scope, read from their roles (for a caller that did not pass one). */
  async function jobsRunScopeOf(userId: number): Promise<Scope> {
    const user = await repo.userForGrants(userId);
    if (!user) return scopeOfOrganizations([]);
    return (await grantsFor(deps.db, user)).scopeFor("jobs.run");
  }

  return {
    repo,

    /**
     * Queues one job per device and job of the request. Every device must be in `scope` (the
     * caller's jobs.run scope): one outside it is refused exactly like an unknown device, and
     * nothing is queued.
     */
    async submit(
      actor: Actor,
      request: SubmitJobRequest,
      scope: Scope,
      /** Job types an area submits itself (with its own checks) beyond the generically runnable ones. */
      options: { alsoRunnable?: ReadonlySet<JobType> } = {},
    ) {
      // A submit made from an expired devices cache is refused with a code the console keeps silent.
      if (request.cacheExpiration !== undefined && request.cacheExpiration <= Date.now())
        throw new AppError(
          "E_DEVICES_CACHE_EXPIRED",
          409,
          { id: "errors.jobs.devicesCacheExpired" },
          undefined,
          DEVICES_CACHE_EXPIRED,
        );
      const nodeIds = [...new Set(request.nodes.map((n) => n.nodeId))];
      // Every device of the submit in one query.
      const found = await repo.submitTargets(nodeIds, scope);
      const byId = new Map(found.map((d) => [d.id, d]));
      const rows: NewSubmittedJob[] = [];
      const scripts: ScriptLookupCache = new Map(); // scripts hook: each library script read once per submit
      const runAsLookups: RunAsLookupCache = new Map();
      const runAsUses = new RunAsUses();
      // A fan-out sends the same content to every device: checked and normalized once per distinct
      // content (the result is shared by the rows, which never change it).
      const normalized = new Map<string, Promise<Record<string, unknown>>>();
      const normalize = (jobType: JobType, given: Record<string, unknown>) => {
        const key = `${jobType}\u0000${JSON.stringify(given)}`;
        let done = normalized.get(key);
        if (!done) {
          done = normalizeContent(jobType, given, scripts);
          normalized.set(key, done);
        }
        return done;
      };
      const submitted = { message: { code: "JOB_SUBMITTED", params: { by: actor.name } } };
      const dataWith = new Map<RunAsAccount, object>();
      const dataOf = (account: RunAsAccount) => {
        let data = dataWith.get(account);
        if (!data) {
          data = { ...submitted, runAsAccount: account };
          dataWith.set(account, data);
        }
        return data;
      };
      // Library scripts whose OS does not fit a device: refused together once every node was read.
      const misfits = new Map<
        string,
        { scriptName: string; scriptOs: string; devices: { name: string; os: string }[] }
      >();
      const checked: {
        device: NonNullable<ReturnType<typeof byId.get>>;
        jobType: JobType;
        jobName: string;
        content: Record<string, unknown>;
        runAs: string | undefined;
      }[] = [];
      for (const node of request.nodes) {
        const device = byId.get(node.nodeId);
        if (!device)
          throw new AppError("E_DEVICE_NOT_FOUND", 404, {
            id: "errors.devices.idNotFound",
            values: { id: node.nodeId },
          });
        if (device.approvalStatus !== "APPROVED")
          throw new AppError("E_DEVICE_NOT_APPROVED", 409, {
            id: "errors.devices.notApproved",
            values: { id: node.nodeId },
          });
        for (const job of node.jobs) {
          if (!isJobType(job.jobType))
            throw new AppError("E_INVALID_JOB_TYPE", 400, { id: "errors.jobs.invalidType" });
          if (!RUNNABLE.has(job.jobType) && !options.alsoRunnable?.has(job.jobType)) {
            throw new AppError("E_INVALID_JOB_TYPE", 400, {
              id: "errors.jobs.notRunnable",
              values: { type: job.jobType },
            });
          }
          const content = await normalize(job.jobType, job.content ?? {});
          const script = (content as { script?: { name?: string; os?: string } }).script;
          const scriptName = script?.name;
          if (script?.os && !scriptFitsDevice(script.os, device.osFamily)) {
            const key = `${scriptName ?? ""}\u0000${script.os}`;
            const entry = misfits.get(key) ?? {
              scriptName: scriptName ?? "",
              scriptOs: script.os,
              devices: [],
            };
            entry.devices.push({ name: device.name, os: device.osFamily });
            misfits.set(key, entry);
          }
          checked.push({
            device,
            jobType: job.jobType,
            jobName: job.jobName ?? scriptName ?? job.jobType,
            content,
            runAs: (content as { runAs?: string }).runAs,
          });
        }
      }
      // Run As: the stored credentials every device's choice stands for, read in one query.
      await preloadRunAs(
        deps.db,
        checked.flatMap((c) =>
          c.runAs === undefined ? [] : [{ organizationId: c.device.organizationId, runAs: c.runAs }],
        ),
        runAsLookups,
      );
      for (const { device, jobType, jobName, content, runAs } of checked) {
        const account = runAs === undefined ? null : await resolveRunAs(deps.db, device, runAs, runAsLookups);
        runAsUses.note(device.organizationId, account);
        rows.push({
          jobUid: randomUUID(),
          deviceId: device.id,
          organizationId: device.organizationId,
          jobType,
          jobName,
          jobStatus: "START_REQUESTED",
          appUserId: actor.userId,
          content,
          // runAsAccount: never answered (the presenter shows data.message only); opened to sign the command.
          data: account ? dataOf(account) : submitted,
          message: fillTemplate(sharedEn.activity.submittedBy, { actor: actor.name }),
        });
      }
      const misfit = [...misfits.values()][0];
      if (misfit)
        throw new AppError(
          "E_SCRIPT_OS_MISMATCH",
          400,
          {
            id: "errors.jobs.scriptOsMismatch",
            values: scriptOsMismatchValues(misfit.scriptName, misfit.scriptOs, misfit.devices),
          },
          { devices: misfit.devices.slice(0, 100) },
        );
      // The rows are committed before anything is sent.
      const inserted = await deps.db.transaction(async (tx) => repoOn(tx).insertMany(scope, rows));
      deps.bus.emit("jobsQueued", [...new Set(inserted.map((r) => r.deviceId))]);
      await auditJobsSubmitted(
        deps.db,
        actor.audit ?? { actorUserId: actor.userId, actorLabel: actor.name, ip: null },
        inserted,
        runAsUses,
      );
      return inserted;
    },

    /**
     * One job per approved device the condition selects (the RUN_SCRIPT bulk action of
     * execute-action): the same submit, with the same checks, as POST /api/webapp/submit/job.
     * Only devices in `scope` (the caller's jobs.run scope) are selected; without one, the
     * actor's own jobs.run scope is read from their roles, so a call never reaches further
     * than the user behind it.
     */
    async submitOver(
      actor: Actor,
      where: SQL,
      job: SubmitJobRequest["nodes"][number]["jobs"][number],
      cacheExpiration?: number,
      scope?: Scope,
    ) {
      const jobsScope = scope ?? (await jobsRunScopeOf(actor.userId));
      const targets = await repo.approvedDeviceIds(where, jobsScope, MAX_FAN_OUT);
      if (targets.length === 0) return [];
      return this.submit(
        actor,
        {
          nodes: targets.map((nodeId) => ({ nodeId, jobs: [job] })),
          ...(cacheExpiration === undefined ? {} : { cacheExpiration }),
        },
        jobsScope,
      );
    },

    /** A job in the scope; one outside it answers like a job that does not exist. */
    async get(scope: Scope, jobUid: string): Promise<JobRow> {
      const row = await repo.byUid(scope, jobUid);
      if (!row) throw new AppError("E_JOB_NOT_FOUND", 404, { id: "errors.jobs.notFound" });
      return row;
    },

    list: (scope: Scope, filter: JobListFilter, page: number, pageSize: number) =>
      repo.list(scope, filter, page, pageSize),

    /** Cancelling saves the job as "Cancellation Request" with who cancelled it. */
    async cancel(actor: Actor, jobUid: string, scope: Scope): Promise<JobRow> {
      const row = await this.get(scope, jobUid);
      const updated = await step(
        scope,
        row,
        { kind: "cancel" },
        {
          jobName: CANCELLATION_JOB_NAME,
          message: fillTemplate(sharedEn.activity.cancelledBy, { actor: actor.name }),
          data: {
            ...(row.data as object),
            originalJobName: row.jobName,
            message: { code: "JOB_CANCELLED", params: { by: actor.name } },
          },
        },
      );
      if (!updated)
        throw new AppError("E_JOB_TRANSITION", 409, {
          id: "errors.jobs.notCancellable",
          values: { status: row.jobStatus },
        });
      if (updated.jobStatus === "CANCELLED")
        await repo.update(
          scope,
          updated.id,
          { jobStatus: "CANCELLED", attempt: updated.attempt },
          { completedAt: new Date() },
        );
      deps.bus.emit("jobChanged", { jobUid: row.jobUid, deviceId: row.deviceId, output: false });
      // Whatever the status, a job already on its way is stopped on the device too.
      if (row.delivery !== "QUEUED")
        deps.bus.emit("cancelJob", { deviceId: row.deviceId, jobUid: row.jobUid, attempt: row.attempt });
      return this.get(scope, jobUid);
    },

    // ---- What agents report (called by the agent side, which acts for the server: systemScope) ----

    appendOutput: (jobUid: string, attempt: number, stream: "stdout" | "stderr", chunk: string) =>
      repo.appendOutput(systemScope, jobUid, attempt, stream, chunk),

    /** Applies a device's result; a result for another attempt, or for a finished job, changes nothing. */
    async applyResult(deviceId: number, result: agent.JobResultMessage): Promise<boolean> {
      const row = await repo.byUid(systemScope, result.jobUid);
      if (!row || row.deviceId !== deviceId) return false;
      const planned = planResult(row, result);
      if (!planned) return false;
      return repo.update(systemScope, row.id, planned.expected, planned.values);
    },

    /**
     * Applies many devices' results with one read and one guarded write (the same rules as
     * applyResult, one by one): each row is written only if it is still in the state its step was
     * computed from (job status and attempt), so a result is never applied twice and a stale
     * attempt never completes a newer one. A row that changed in between, a second result for the
     * same job, or a batch the database refuses, goes through applyResult on its own.
     * Answers, per result, whether it changed its job (or why it could not be stored).
     */
    async applyResults(
      items: readonly { deviceId: number; result: agent.JobResultMessage }[],
    ): Promise<PromiseSettledResult<boolean>[]> {
      const out: PromiseSettledResult<boolean>[] = items.map(() => ({ status: "fulfilled", value: false }));
      const first = new Map<string, number>();
      const alone: number[] = [];
      items.forEach((item, i) => {
        if (first.has(item.result.jobUid)) alone.push(i);
        else first.set(item.result.jobUid, i);
      });
      try {
        const rows = await repo.statesByUid(systemScope, [...first.keys()]);
        const planned: { index: number; id: number; expected: Expected; values: ResultValues }[] = [];
        for (const row of rows) {
          const index = first.get(row.jobUid);
          if (index === undefined) continue;
          const item = items[index]!;
          if (row.deviceId !== item.deviceId) continue;
          const plan = planResult(row, item.result);
          if (plan) planned.push({ index, id: row.id, ...plan });
        }
        const written = await repo.updateResults(systemScope, planned);
        for (const p of planned) {
          if (written.has(p.id)) out[p.index] = { status: "fulfilled", value: true };
          else alone.push(p.index); // changed since it was read: decided again on its own
        }
      } catch {
        // One result the database refuses must not hold back the others.
        alone.push(...first.values());
      }
      for (const i of alone.sort((a, b) => a - b)) {
        const item = items[i]!;
        try {
          out[i] = { status: "fulfilled", value: await this.applyResult(item.deviceId, item.result) };
        } catch (reason) {
          out[i] = { status: "rejected", reason };
        }
      }
      return out;
    },

    async refused(deviceId: number, jobUid: string, reason: string): Promise<void> {
      const row = await repo.byUid(systemScope, jobUid);
      if (!row || row.deviceId !== deviceId) return;
      await step(
        systemScope,
        row,
        { kind: "complete", attempt: row.attempt, result: "FAILURE" },
        {
          delivery: "FINISHED",
          completedAt: new Date(),
          resultContent: { errorMessage: `The device refused the command (${reason})`, outcome: "FAILURE" },
        },
      );
    },
  };
}

export type JobsService = ReturnType<typeof createJobsService>;
