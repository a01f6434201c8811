import type { FastifyBaseLogger } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { enrollmentRoutes } from "./enrollment.routes.js";
import type { AppDeps } from "../../platform/deps.js";
import type { DevicesService } from "../devices/index.js";
import type { EnrollmentService } from "./enrollment.service.js";
import { createAgentGateway } from "./gateway.js";
import { createAgentListener } from "./listener.js";
import {
  createJobDispatcher,
  jobCommandHandlers,
  type JobDispatcher,
  type JobsService,
} from "../jobs/index.js";
import { ServerCommandRegistry, type ServerCommandHandler } from "./commands/registry.js";
import type { MetricsService } from "../metrics/index.js";
import type { Alerts } from "../alerts/index.js";
import { deviceActionCommandHandlers } from "../device-actions/index.js";
import { handleUpdateRequest, type AgentUpdatesService } from "../agent-updates/index.js";

export { verifyDeviceSignature } from "./gateway.js";
export {
  ServerCommandRegistry,
  serverCommand,
  type BuildContext,
  type BuildOutcome,
  type CommandTarget,
  type JobLike,
  type SendCommand,
  type ServerCommandHandler,
} from "./commands/registry.js";
export { sealSecret } from "./commands/sealed-secret.js";
export { enrollmentRoutes, agentBundlePath, serverKeyFingerprint } from "./enrollment.routes.js";
export type { AgentListener } from "./listener.js";
export { tokenState, TOKEN_PREFIX, type EnrollmentService } from "./enrollment.service.js";

/** The services the agent side shares with the console (the composition root's instances). */
export interface AgentSideServices {
  devices: DevicesService;
  enrollment: EnrollmentService;
  jobs: JobsService;
  /** Takes the agents' metric samples (absent: they are checked and dropped). */
  metrics?: Pick<MetricsService, "accept">;
  /** Takes the condition events agents evaluated (absent: they are checked and dropped). */
  alerts?: Pick<Alerts, "acceptConditionEvents">;
  /** Sends devices their effective policy (absent: agents get none). */
  policyDelivery?: { handler: ServerCommandHandler };
  /** Agent releases and rollouts (absent: agents are offered no updates). */
  agentUpdates?: AgentUpdatesService;
  /** Backup's command kinds (absent: backup jobs are not sent). */
  backup?: { commandHandlers(): ServerCommandHandler[] };
}

/**
 * Builds the agent side of the server: the WebSocket gateway, the job dispatcher and their own
 * listener, over the same devices, enrollment and jobs services as the console.
 */
export function createAgentSide(
  deps: AppDeps,
  services: AgentSideServices,
  logger: FastifyBaseLogger,
  options: { tls?: { cert: Buffer; key: Buffer } | undefined } = {},
) {
  const { devices, enrollment, jobs } = services;
  const updates = services.agentUpdates;
  // Every command kind the server sends: a kind's handler builds its payloads and takes its results.
  const commands = new ServerCommandRegistry([
    ...jobCommandHandlers(),
    ...deviceActionCommandHandlers(),
    ...(services.policyDelivery ? [services.policyDelivery.handler] : []),
    ...(services.backup ? services.backup.commandHandlers() : []),
  ]);
  // The dispatcher and the gateway call each other; each only uses the other inside callbacks.
  const dispatcher: JobDispatcher = createJobDispatcher({
    deps,
    jobs,
    logger,
    commands,
    send: (deviceId, message) => gateway.sendTo(deviceId, message),
    isOnline: (deviceId) => gateway.isOnline(deviceId),
    encryptionKeyOf: (deviceId) => gateway.encryptionKeyOf(deviceId),
  });
  const gateway = createAgentGateway({
    devices,
    logger,
    heartbeatSeconds: deps.config.agentHeartbeatSeconds,
    silenceSeconds: deps.config.agentSilenceSeconds,
    onAgentReady: (deviceId) => void dispatcher.onAgentReady(deviceId),
    onJobMessage: async (deviceId, message) => dispatcher.onMessage(deviceId, message),
    ...(services.metrics ? { onMetrics: services.metrics.accept.bind(services.metrics) } : {}),
    ...(services.alerts ? { onConditionEvents: services.alerts.acceptConditionEvents } : {}),
    ...(updates
      ? {
          onHello: (
            deviceId: number,
            version: string,
            self?: Parameters<AgentUpdatesService["onHello"]>[2],
          ) => updates.onHello(deviceId, version, self),
          onUpdateStatus: (deviceId: number, message: Parameters<AgentUpdatesService["onStatus"]>[1]) =>
            updates.onStatus(deviceId, message),
        }
      : {}),
  });
  // The rollout engine offers updates to the devices connected to this node.
  updates?.attachChannel({
    isOnline: (deviceId) => gateway.isOnline(deviceId),
    offer: (deviceId, message) => gateway.sendTo(deviceId, message),
  });
  const rolloutTimer = updates
    ? setInterval(() => {
        updates.tick().catch((err: unknown) => logger.error({ err }, "agent rollout pass failed"));
      }, deps.config.agentRolloutTickMs ?? 2000)
    : undefined;
  rolloutTimer?.unref();
  const listener = createAgentListener({
    enrollment,
    gateway,
    logger,
    trustProxy: deps.config.trustProxy,
    tls: options.tls,
    ...(updates
      ? {
          handleOther: (
            req: Parameters<typeof handleUpdateRequest>[1],
            res: Parameters<typeof handleUpdateRequest>[2],
          ) =>
            handleUpdateRequest(updates, req, res, {
              bytesPerSecond: deps.config.agentUpdateBytesPerSecond ?? 0,
            }),
        }
      : {}),
  });
  const closeListener = listener.close.bind(listener);
  listener.close = async () => {
    dispatcher.close();
    if (rolloutTimer) clearInterval(rolloutTimer);
    await closeListener();
  };
  return { devices, enrollment, gateway, listener, jobs, dispatcher, commands };
}

export type AgentSide = ReturnType<typeof createAgentSide>;

/** Console routes of this area (enrollment tokens, agent download). */
export function agentsModule(deps: AppDeps, enrollment: EnrollmentService): FastifyPluginAsyncZod {
  return enrollmentRoutes(deps, enrollment);
}
