import { randomUUID } from "node:crypto";
import { inArray } from "drizzle-orm";
import { runScriptJobContent, type SubmitJobRequest, type agent } from "@steward/contracts";
import {
  CANCELLATION_JOB_NAME,
  INVALID_JOB_TYPE_MESSAGE,
  isJobType,
  stripScriptText,
  transition,
  type JobEvent,
  type JobResult,
  type JobState,
  type JobType,
} from "@steward/domain";
import { AppError } from "../../platform/errors/app-error.js";
import type { AppDeps } from "../../platform/deps.js";
import { devices } from "../devices/devices.tables.js";
import { createJobsRepository, type JobListFilter, type JobRow, type NewJob } from "./jobs.repository.js";
import { resolveScriptForJob, type ScriptLookupCache } from "../scripts/index.js"; // scripts hook

export interface Actor {
  userId: number;
  name: string;
}

/** Job types this server can run today; the others are valid spec types whose engines come later. */
const RUNNABLE: ReadonlySet<JobType> = new Set(["ACTION"]);

const stateOf = (row: JobRow): JobState => ({
  jobType: row.jobType as JobType,
  content: row.content as JobState["content"],
  jobStatus: row.jobStatus as JobState["jobStatus"],
  jobResult: (row.jobResult as JobResult | null) ?? null,
  attempt: row.attempt,
});

/** The job engine's rules: submit, read, cancel, and what agents report back. */
export function createJobsService(deps: Pick<AppDeps, "db" | "bus">) {
  const repo = createJobsRepository(deps.db);

  async function step(row: JobRow, event: JobEvent, values: Partial<NewJob> = {}): Promise<JobRow | null> {
    const t = transition(stateOf(row), event);
    if (!t.ok) return null;
    const ok = await repo.update(
      row.id,
      { jobStatus: row.jobStatus, attempt: row.attempt },
      {
        jobStatus: t.next.jobStatus,
        jobResult: t.next.jobResult,
        attempt: t.next.attempt,
        ...values,
      },
    );
    return ok ? ((await repo.byUid(row.jobUid)) ?? null) : null;
  }

  async function normalizeContent(
    jobType: JobType,
    given: Record<string, unknown>,
    scripts: ScriptLookupCache,
  ) {
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
        `content.${issue?.path.join(".") ?? ""}: ${issue?.message ?? "invalid"}`,
      );
    }
    if (!parsed.data.script)
      throw new AppError("E_VALIDATION", 400, "content.script: choose a script to run");
    // Spec §5: parameter text strips & | ; $ > < ` ! — everything else arrives byte-exact.
    return {
      ...parsed.data,
      parameters: parsed.data.parameters.map((p) => ({ name: p.name, value: stripScriptText(p.value) })),
    };
  }

  return {
    repo,

    async submit(actor: Actor, request: SubmitJobRequest) {
      const nodeIds = [...new Set(request.nodes.map((n) => n.nodeId))];
      const found = await deps.db
        .select({
          id: devices.id,
          organizationId: devices.organizationId,
          approvalStatus: devices.approvalStatus,
        })
        .from(devices)
        .where(inArray(devices.id, nodeIds));
      const byId = new Map(found.map((d) => [d.id, d]));
      const rows: NewJob[] = [];
      const scripts: ScriptLookupCache = new Map(); // scripts hook: each library script read once per submit
      for (const node of request.nodes) {
        const device = byId.get(node.nodeId);
        if (!device) throw new AppError("E_DEVICE_NOT_FOUND", 404, `No device with id ${node.nodeId}`);
        if (device.approvalStatus !== "APPROVED")
          throw new AppError("E_DEVICE_NOT_APPROVED", 409, `Device ${node.nodeId} is not approved`);
        for (const job of node.jobs) {
          if (!isJobType(job.jobType))
            throw new AppError("E_INVALID_JOB_TYPE", 400, INVALID_JOB_TYPE_MESSAGE);
          if (!RUNNABLE.has(job.jobType)) {
            throw new AppError(
              "E_INVALID_JOB_TYPE",
              400,
              `${job.jobType} jobs cannot be run by this server yet`,
            );
          }
          const content = await normalizeContent(job.jobType, job.content ?? {}, scripts);
          const scriptName = (content as { script?: { name?: string } }).script?.name;
          rows.push({
            jobUid: randomUUID(),
            deviceId: device.id,
            organizationId: device.organizationId,
            jobType: job.jobType,
            jobName: job.jobName ?? scriptName ?? job.jobType,
            jobStatus: "START_REQUESTED",
            appUserId: actor.userId,
            content,
            data: { message: { code: "JOB_SUBMITTED", params: { by: actor.name } } },
            message: `Submitted by ${actor.name}`,
          });
        }
      }
      // The rows are committed before anything is sent.
      const inserted = await deps.db.transaction(async (tx) => createJobsRepository(tx).insertMany(rows));
      deps.bus.emit("jobsQueued", [...new Set(inserted.map((r) => r.deviceId))]);
      return inserted;
    },

    async get(jobUid: string): Promise<JobRow> {
      const row = await repo.byUid(jobUid);
      if (!row) throw new AppError("E_JOB_NOT_FOUND", 404, "No such job");
      return row;
    },

    list: (filter: JobListFilter, page: number, pageSize: number) => repo.list(filter, page, pageSize),

    /** Spec §4 Cancelling; saved with name "Cancellation Request" and who cancelled. */
    async cancel(actor: Actor, jobUid: string): Promise<JobRow> {
      const row = await this.get(jobUid);
      const updated = await step(
        row,
        { kind: "cancel" },
        {
          jobName: CANCELLATION_JOB_NAME,
          message: `Cancelled by ${actor.name}`,
          data: {
            ...(row.data as object),
            originalJobName: row.jobName,
            message: { code: "JOB_CANCELLED", params: { by: actor.name } },
          },
          ...(row.jobStatus === "START_REQUESTED" && row.delivery === "QUEUED" ? {} : {}),
        },
      );
      if (!updated)
        throw new AppError("E_JOB_TRANSITION", 409, `The job is ${row.jobStatus} and cannot be cancelled`);
      if (updated.jobStatus === "CANCELLED")
        await repo.update(
          updated.id,
          { jobStatus: "CANCELLED", attempt: updated.attempt },
          { completedAt: new Date() },
        );
      // Whatever the status, a job already on its way is stopped on the device too.
      if (row.delivery !== "QUEUED")
        deps.bus.emit("cancelJob", { deviceId: row.deviceId, jobUid: row.jobUid, attempt: row.attempt });
      return this.get(jobUid);
    },

    // ---- What agents report (called by the agent side) ----

    markSent: (jobUid: string, attempt: number) => repo.markDelivery(jobUid, attempt, "SENT", new Date()),
    markStarted: (jobUid: string, attempt: number) =>
      repo.markDelivery(jobUid, attempt, "STARTED", new Date()),
    appendOutput: (jobUid: string, attempt: number, stream: "stdout" | "stderr", chunk: string) =>
      repo.appendOutput(jobUid, attempt, stream, chunk),

    /** Applies a device's result; a result for another attempt, or for a finished job, changes nothing. */
    async applyResult(deviceId: number, result: agent.JobResultMessage): Promise<boolean> {
      const row = await repo.byUid(result.jobUid);
      if (!row || row.deviceId !== deviceId) return false;
      const output = {
        stdout: result.stdout,
        stderr: result.stderr,
        outputTruncated: result.truncated,
        exitCode: result.exitCode,
        delivery: "FINISHED",
        completedAt: new Date(),
        resultContent: { errorMessage: result.errorMessage, outcome: result.outcome },
      } satisfies Partial<NewJob>;
      let updated: JobRow | null = null;
      if (result.outcome === "CANCELLED") {
        updated = await step(row, { kind: "cancelled-by-agent", attempt: result.attempt }, output);
      } else {
        updated = await step(
          row,
          {
            kind: "complete",
            attempt: result.attempt,
            result: result.outcome === "SUCCESS" ? "SUCCESS" : "FAILURE",
          },
          output,
        );
      }
      if (!updated && row.jobStatus === "CANCELLED" && row.attempt === result.attempt) {
        // Cancelled in the console while it ran: keep what it printed, the status stays CANCELLED.
        await repo.update(
          row.id,
          { jobStatus: "CANCELLED", attempt: row.attempt },
          { ...output, resultContent: { errorMessage: "Cancelled", outcome: result.outcome } },
        );
        return true;
      }
      return updated !== null;
    },

    async refused(deviceId: number, jobUid: string, reason: string): Promise<void> {
      const row = await repo.byUid(jobUid);
      if (!row || row.deviceId !== deviceId) return;
      await step(
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
