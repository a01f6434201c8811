import { and, eq, inArray } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { agent as proto } from "@steward/contracts";
import type { AppDeps } from "../../platform/deps.js";
import { jobs } from "./jobs.tables.js";
import type { JobsService } from "./jobs.service.js";
import type { JobRow } from "./jobs.repository.js";
import { payloadOf, signCommand } from "./envelope.js";

export interface DispatcherOptions {
  deps: Pick<AppDeps, "db" | "bus" | "commandSigner">;
  jobs: JobsService;
  logger: FastifyBaseLogger;
  send(deviceId: number, message: proto.ServerToAgent): boolean;
  isOnline(deviceId: number): boolean;
}

type JobMessage = Extract<
  proto.AgentToServer,
  { type: "job-started" | "job-output" | "job-result" | "command-refused" }
>;

/**
 * Delivers queued jobs to connected agents as signed commands and applies what they report.
 * Runs on the node that holds the agent's socket.
 */
export function createJobDispatcher(options: DispatcherOptions) {
  const { deps, jobs: service, logger } = options;
  let chain: Promise<void> = Promise.resolve();

  async function deliverRows(rows: JobRow[]) {
    const sent: string[] = [];
    for (const row of rows) {
      const what = payloadOf(row);
      if (!what) {
        await service.refused(row.deviceId, row.jobUid, "this job type has no agent implementation");
        continue;
      }
      if (options.send(row.deviceId, signCommand(deps.commandSigner, row, what.kind, what.payload)))
        sent.push(row.jobUid);
    }
    for (let i = 0; i < sent.length; i += 1000) {
      await deps.db
        .update(jobs)
        .set({ delivery: "SENT", sentAt: new Date() })
        .where(and(inArray(jobs.jobUid, sent.slice(i, i + 1000)), eq(jobs.delivery, "QUEUED")));
    }
    return sent.length;
  }

  /** Sends every deliverable job of these (connected) devices, in batches. */
  async function deliver(deviceIds: number[]) {
    const online = deviceIds.filter((id) => options.isOnline(id));
    for (let i = 0; i < online.length; i += 1000) {
      const rows = await deps.db
        .select()
        .from(jobs)
        .where(
          and(
            inArray(jobs.deviceId, online.slice(i, i + 1000)),
            eq(jobs.jobStatus, "START_REQUESTED"),
            inArray(jobs.delivery, ["QUEUED", "SENT"]),
          ),
        )
        .orderBy(jobs.id);
      await deliverRows(rows);
    }
  }

  // One delivery pass at a time: a device that connects while jobs are queued gets each job once.
  const schedule = (deviceIds: number[]) => {
    chain = chain
      .then(() => deliver(deviceIds))
      .catch((err: unknown) => logger.error({ err }, "job delivery failed"));
    return chain;
  };

  const offQueued = deps.bus.on("jobsQueued", (deviceIds) => void schedule(deviceIds));
  const offCancel = deps.bus.on("cancelJob", (target) => {
    if (!options.isOnline(target.deviceId)) return;
    options.send(
      target.deviceId,
      signCommand(deps.commandSigner, target, "cancel", { jobUid: target.jobUid, attempt: target.attempt }),
    );
  });

  const offWake = deps.bus.on("wakeOnLan", (request) => {
    if (!options.isOnline(request.relayId)) return;
    const target = { deviceId: request.relayId, jobUid: request.requestId, attempt: 1 };
    options.send(
      request.relayId,
      signCommand(deps.commandSigner, target, "wake-on-lan", { targets: request.targets }),
    );
  });

  return {
    /** The agent authenticated: send what waited for it. */
    onAgentReady: (deviceId: number) => schedule([deviceId]),
    async onMessage(deviceId: number, message: JobMessage) {
      switch (message.type) {
        case "job-started":
          await service.markStarted(message.jobUid, message.attempt);
          break;
        case "job-output":
          await service.appendOutput(message.jobUid, message.attempt, message.stream, message.chunk);
          break;
        case "job-result":
          await service.applyResult(deviceId, message);
          // Acknowledge even a stale or duplicate result so the agent can forget it.
          options.send(deviceId, { type: "job-ack", jobUid: message.jobUid, attempt: message.attempt });
          break;
        case "command-refused":
          logger.warn(
            { deviceId, jobUid: message.jobUid, reason: message.reason },
            "agent refused a command",
          );
          await service.refused(deviceId, message.jobUid, message.reason);
          break;
        default: {
          const exhaustive: never = message;
          void exhaustive;
        }
      }
    },
    idle: () => chain,
    close() {
      offQueued();
      offCancel();
      offWake();
    },
  };
}

export type JobDispatcher = ReturnType<typeof createJobDispatcher>;
