import { and, eq, inArray, isNull, or, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { agent as proto } from "@steward/contracts";
import type { AppDeps } from "../../platform/deps.js";
import type {
  BuildContext,
  CommandTarget,
  ServerCommandHandler,
  ServerCommandRegistry,
} from "../agents/index.js";
import { sealSecret } from "../agents/index.js";
import { jobs } from "./jobs.tables.js";
import type { JobsService } from "./jobs.service.js";
import type { JobRow } from "./jobs.repository.js";
import { signCommand } from "./envelope.js";

export interface DispatcherOptions {
  deps: Pick<AppDeps, "db" | "bus" | "commandSigner" | "secretBox">;
  jobs: JobsService;
  logger: FastifyBaseLogger;
  /** The command kinds: each builds its payloads and handles its results. */
  commands: ServerCommandRegistry;
  send(deviceId: number, message: proto.ServerToAgent): boolean;
  isOnline(deviceId: number): boolean;
  /** The X25519 key the connected agent vouched for in its hello (undefined: an older agent). */
  encryptionKeyOf(deviceId: number): string | undefined;
}

type JobMessage = Extract<
  proto.AgentToServer,
  { type: "job-started" | "job-output" | "job-result" | "command-refused" }
>;

/** Device ids per delivery query (and per SENT update). */
const BATCH = 1000;
/** Commands signed and sent between two yields to the event loop (heartbeats stay answered). */
const SEND_SLICE = 250;
/** Delivery passes running at once for large submits and reconnects, and for small submits. */
const BULK_PASSES = 2;
const URGENT_PASSES = 2;
/** A submit for at most this many devices is delivered ahead of a fan-out in progress. */
const URGENT_MAX_DEVICES = 50;
/** Agent reports (job results, refusals) applied at once; the rest wait, leaving connections free. */
const REPORT_CONCURRENCY = 6;
const REPORT_MAX_WAIT_MS = 10_000;
/** Job-started reports are written together: at most this many or after this delay. */
const STARTED_BATCH = 500;
const STARTED_DELAY_MS = 20;

/** What a delivery pass reads of a job (its output columns stay in the database). */
type DeliverableRow = Pick<
  JobRow,
  "id" | "jobUid" | "deviceId" | "attempt" | "jobType" | "content" | "data" | "delivery"
>;

/** `in (...)` over many ids as one parameter (a JSON array), not one parameter per id. */
const jsonIds = (ids: readonly number[], type: "int" | "bigint") =>
  sql`(select value::${sql.raw(type)} from jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))`;

/** Job results are applied together: at most this many per statement, or after this delay. */
const RESULT_BATCH = 500;
const RESULT_DELAY_MS = 10;
const RESULT_PASSES = 2;

const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Delivers queued jobs to connected agents as signed commands and applies what they report.
 * Runs on the node that holds the agent's socket.
 *
 * Delivery works on device ids: a pass reads the open jobs of up to BATCH devices, signs and
 * sends them, then records them as SENT. Passes for different devices run side by side (a small
 * submit does not wait behind a fan-out to the whole fleet); a device is never in two passes at
 * once, so each job is sent once per connection. A reconnecting device also gets the jobs that
 * were SENT but never confirmed started; a new submit only sends QUEUED ones.
 */
export function createJobDispatcher(options: DispatcherOptions) {
  const { deps, jobs: service, logger, commands } = options;

  const buildContext = (target: CommandTarget): BuildContext => ({
    target,
    seal: (secret) => {
      const key = options.encryptionKeyOf(target.deviceId);
      return key
        ? sealSecret(key, secret, {
            agentId: target.deviceId,
            jobUid: target.jobUid,
            attempt: target.attempt,
          })
        : null;
    },
    openAtRest: (sealed, context) => deps.secretBox.open(sealed, context),
  });

  /** The console's live streams hear of each job whose status or output changed. */
  const changed = (jobUid: string, deviceId: number, output = false) =>
    deps.bus.emit("jobChanged", { jobUid, deviceId, output });

  const urgent = new Set<number>();
  const bulk = new Set<number>();
  /** Devices whose SENT-but-unstarted jobs go again (they reconnected). */
  const resend = new Set<number>();
  const inFlight = new Set<number>();
  /** Asked for again while in a pass: queued once that pass ends. */
  const again = new Set<number>();
  let urgentRunning = 0;
  let bulkRunning = 0;
  /** Resolved when no large delivery is queued or running (agent reports wait for it). */
  let bulkIdle: Promise<void> | undefined;
  let bulkIdleResolve: (() => void) | undefined;
  let idleWaiters: (() => void)[] = [];

  async function deliverRows(rows: DeliverableRow[], resendIds: ReadonlySet<number>) {
    const sent: number[] = [];
    let signed = 0;
    for (const row of rows) {
      if (row.delivery === "SENT" && !resendIds.has(row.deviceId)) continue;
      if (!options.isOnline(row.deviceId)) continue;
      const what = commands.forJob(row, buildContext(row));
      if (!what) {
        await service.refused(row.deviceId, row.jobUid, "this job type has no agent implementation");
        continue;
      }
      if ("fail" in what) {
        await service.refused(row.deviceId, row.jobUid, what.fail);
        continue;
      }
      if (options.send(row.deviceId, signCommand(deps.commandSigner, row, what.kind, what.payload)))
        sent.push(row.id);
      if (++signed % SEND_SLICE === 0) await yieldToLoop();
    }
    for (let i = 0; i < sent.length; i += BATCH) {
      // QUEUED becomes SENT; a job its agent already reported started (or finished) keeps that,
      // and records when it was first sent too.
      await deps.db
        .update(jobs)
        .set({
          delivery: sql`case when ${jobs.delivery} = 'QUEUED' then 'SENT' else ${jobs.delivery} end`,
          sentAt: new Date(),
        })
        .where(
          and(
            sql`${jobs.id} in ${jsonIds(sent.slice(i, i + BATCH), "bigint")}`,
            or(eq(jobs.delivery, "QUEUED"), isNull(jobs.sentAt)),
          ),
        );
    }
    return sent.length;
  }

  /** One pass: every deliverable job of these devices (each in no other pass). */
  async function deliver(deviceIds: number[], resendIds: ReadonlySet<number>) {
    const online = deviceIds.filter((id) => options.isOnline(id));
    if (online.length === 0) return;
    const rows = await deps.db
      .select({
        id: jobs.id,
        jobUid: jobs.jobUid,
        deviceId: jobs.deviceId,
        attempt: jobs.attempt,
        jobType: jobs.jobType,
        content: jobs.content,
        data: jobs.data,
        delivery: jobs.delivery,
      })
      .from(jobs)
      .where(
        and(
          sql`${jobs.deviceId} in ${jsonIds(online, "int")}`,
          eq(jobs.jobStatus, "START_REQUESTED"),
          inArray(jobs.delivery, resendIds.size > 0 ? ["QUEUED", "SENT"] : ["QUEUED"]),
        ),
      )
      .orderBy(jobs.id);
    await deliverRows(rows, resendIds);
  }

  function take(from: Set<number>): number[] {
    const ids: number[] = [];
    for (const id of from) {
      if (ids.length >= BATCH) break;
      from.delete(id);
      ids.push(id);
    }
    return ids;
  }

  function startPass(ids: number[], isUrgent: boolean) {
    const resendIds = new Set<number>();
    for (const id of ids) {
      inFlight.add(id);
      if (resend.delete(id)) resendIds.add(id);
    }
    if (isUrgent) urgentRunning++;
    else bulkRunning++;
    deliver(ids, resendIds)
      .catch((err: unknown) => {
        logger.error({ err }, "job delivery failed");
      })
      .finally(() => {
        if (isUrgent) urgentRunning--;
        else bulkRunning--;
        for (const id of ids) {
          inFlight.delete(id);
          if (again.delete(id)) urgent.add(id);
        }
        pump();
      });
  }

  function pump() {
    while (urgentRunning < URGENT_PASSES && urgent.size > 0) startPass(take(urgent), true);
    while (bulkRunning < BULK_PASSES && bulk.size > 0) startPass(take(bulk), false);
    if (bulkRunning === 0 && bulk.size === 0 && bulkIdleResolve) {
      bulkIdleResolve();
      bulkIdle = bulkIdleResolve = undefined;
    }
    if (urgentRunning + bulkRunning === 0 && urgent.size + bulk.size + again.size === 0) {
      const waiters = idleWaiters;
      idleWaiters = [];
      for (const w of waiters) w();
    }
  }

  const schedule = (deviceIds: number[], reconnect: boolean) => {
    const isUrgent = deviceIds.length <= URGENT_MAX_DEVICES && !reconnect;
    for (const id of deviceIds) {
      if (reconnect) resend.add(id);
      if (inFlight.has(id)) again.add(id);
      else if (isUrgent) {
        bulk.delete(id);
        urgent.add(id);
      } else if (!urgent.has(id)) bulk.add(id);
    }
    pump();
  };

  const idle = () =>
    urgentRunning + bulkRunning === 0 && urgent.size + bulk.size + again.size === 0
      ? Promise.resolve()
      : new Promise<void>((resolve) => idleWaiters.push(resolve));

  // ---- Agent reports ----

  /** Job-started reports waiting to be written: jobUid → attempt and device. */
  let started = new Map<string, { attempt: number; deviceId: number }>();
  let startedTimer: NodeJS.Timeout | undefined;
  let startedFlush: Promise<void> = Promise.resolve();

  function flushStarted(): Promise<void> {
    clearTimeout(startedTimer);
    startedTimer = undefined;
    if (started.size === 0) return startedFlush;
    const batch = started;
    started = new Map();
    const at = new Date();
    const values = sql.join(
      [...batch].map(([uid, { attempt }]) => sql`(${uid}::text, ${attempt}::int)`),
      sql`, `,
    );
    // One statement for the batch; the same guard as one by one: a finished job stays finished.
    startedFlush = startedFlush
      .then(async () => {
        await deps.db.execute(sql`
          update ${jobs} set delivery = 'STARTED', started_at = ${at}, updated_at = ${at}
          from (values ${values}) as v(uid, attempt)
          where ${jobs.jobUid} = v.uid and ${jobs.attempt} = v.attempt and ${jobs.delivery} <> 'FINISHED'`);
        for (const [jobUid, { deviceId }] of batch) changed(jobUid, deviceId);
      })
      .catch((err: unknown) => logger.error({ err }, "could not record started jobs"));
    return startedFlush;
  }

  function noteStarted(jobUid: string, attempt: number, deviceId: number) {
    started.set(jobUid, { attempt, deviceId });
    if (started.size >= STARTED_BATCH) void flushStarted();
    else startedTimer ??= setTimeout(() => void flushStarted(), STARTED_DELAY_MS);
  }

  // Results wait while a large delivery is under way (commands first: the agents keep their
  // results until acknowledged), but never longer than REPORT_MAX_WAIT_MS.
  let reportsRunning = 0;
  const reportQueue: (() => void)[] = [];
  const deliveriesSettled = () => {
    if (bulkRunning === 0 && bulk.size === 0) return Promise.resolve();
    bulkIdle ??= new Promise<void>((resolve) => (bulkIdleResolve = resolve));
    let timer: NodeJS.Timeout | undefined;
    return Promise.race([
      bulkIdle,
      new Promise<void>((resolve) => (timer = setTimeout(resolve, REPORT_MAX_WAIT_MS))),
    ]).finally(() => clearTimeout(timer));
  };
  async function limited<T>(work: () => Promise<T>): Promise<T> {
    await deliveriesSettled();
    if (reportsRunning >= REPORT_CONCURRENCY) await new Promise<void>((r) => reportQueue.push(r));
    reportsRunning++;
    try {
      return await work();
    } finally {
      reportsRunning--;
      reportQueue.shift()?.();
    }
  }

  /** Job results waiting to be applied together (many devices' results in one statement). */
  type PendingResult = {
    deviceId: number;
    result: proto.JobResultMessage;
    done: (applied: boolean) => void;
    failed: (err: unknown) => void;
  };
  const results: PendingResult[] = [];
  let resultsTimer: NodeJS.Timeout | undefined;
  let resultBatches = 0;

  /**
   * Applies waiting results, at most RESULT_BATCH per statement and RESULT_PASSES statements at
   * once. A batch is taken only once the report limiter lets it run, so results that arrive while
   * a fan-out is being delivered gather into a few large batches.
   */
  function flushResults() {
    clearTimeout(resultsTimer);
    resultsTimer = undefined;
    while (resultBatches < RESULT_PASSES && results.length > 0) {
      resultBatches++;
      let batch: PendingResult[] = [];
      limited(() => {
        batch = results.splice(0, RESULT_BATCH);
        return batch.length === 0 ? Promise.resolve([]) : service.applyResults(batch);
      })
        .then(
          (settled) =>
            batch.forEach((p, i) => {
              const one = settled[i];
              if (one?.status === "rejected") p.failed(one.reason);
              else p.done(one?.value ?? false);
            }),
          (err: unknown) => batch.forEach((p) => p.failed(err)),
        )
        .finally(() => {
          resultBatches--;
          flushResults();
        });
    }
  }

  const applyResult = (deviceId: number, result: proto.JobResultMessage) =>
    new Promise<boolean>((done, failed) => {
      results.push({ deviceId, result, done, failed });
      if (results.length >= RESULT_BATCH) flushResults();
      else resultsTimer ??= setTimeout(flushResults, RESULT_DELAY_MS);
    });

  const offQueued = deps.bus.on("jobsQueued", (deviceIds) => schedule(deviceIds, false));
  // Kinds without job rows (cancel, wake-on-LAN, policies) send through this: checked, signed, delivered.
  const senderFor =
    (handler: ServerCommandHandler) =>
    (target: CommandTarget, payload: unknown): boolean => {
      if (!options.isOnline(target.deviceId)) return false;
      if (!handler.contract.payload.safeParse(payload).success) {
        logger.error({ kind: handler.contract.kind }, "refusing to send an invalid command payload");
        return false;
      }
      return options.send(
        target.deviceId,
        signCommand(deps.commandSigner, target, handler.contract.kind, payload as Record<string, unknown>),
      );
    };
  const detach = commands
    .all()
    .flatMap((handler) =>
      handler.attach ? [handler.attach({ bus: deps.bus, send: senderFor(handler) })] : [],
    );

  /** A result for a kind whose handler takes it whole (no job row): true when it did. */
  async function handledByKind(deviceId: number, message: proto.JobResultMessage): Promise<boolean> {
    const handler = message.kind ? commands.get(message.kind) : undefined;
    if (!handler?.onResult) return false;
    const data = handler.contract.result.safeParse(message.data ?? {});
    if (!data.success) {
      logger.warn({ deviceId, kind: message.kind }, "agent reported result data that does not fit its kind");
      return handler.onResult(deviceId, message, undefined);
    }
    return handler.onResult(deviceId, message, data.data as never);
  }

  return {
    /** The agent authenticated: send what waited for it. */
    onAgentReady: (deviceId: number) => {
      schedule([deviceId], true);
      for (const handler of commands.all()) handler.onAgentReady?.(deviceId, senderFor(handler));
    },
    async onMessage(deviceId: number, message: JobMessage) {
      switch (message.type) {
        case "job-started":
          noteStarted(message.jobUid, message.attempt, deviceId);
          break;
        case "job-output":
          await service.appendOutput(message.jobUid, message.attempt, message.stream, message.chunk);
          changed(message.jobUid, deviceId, true);
          break;
        case "job-result":
          // Its start is written first (a result must not overtake it).
          await (started.has(message.jobUid) ? flushStarted() : startedFlush);
          if ((await handledByKind(deviceId, message)) || (await applyResult(deviceId, message)))
            changed(message.jobUid, deviceId);
          // Acknowledge even a stale or duplicate result so the agent can forget it.
          options.send(deviceId, { type: "job-ack", jobUid: message.jobUid, attempt: message.attempt });
          break;
        case "command-refused":
          logger.warn(
            { deviceId, jobUid: message.jobUid, reason: message.reason },
            "agent refused a command",
          );
          await (started.has(message.jobUid) ? flushStarted() : startedFlush);
          await limited(() => service.refused(deviceId, message.jobUid, message.reason));
          changed(message.jobUid, deviceId);
          break;
        default: {
          const exhaustive: never = message;
          void exhaustive;
        }
      }
    },
    /** Resolves when no delivery is queued or running, and started reports are written. */
    idle: async () => {
      await idle();
      await flushStarted();
    },
    close() {
      clearTimeout(startedTimer);
      clearTimeout(resultsTimer);
      offQueued();
      for (const off of detach) off();
    },
  };
}

export type JobDispatcher = ReturnType<typeof createJobDispatcher>;
