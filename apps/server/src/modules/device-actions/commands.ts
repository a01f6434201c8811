import { agent as proto, type PowerActionRequest } from "@steward/contracts";
import type { JobLike, ServerCommandHandler } from "../agents/index.js";

// A typed identity like the agents module's serverCommand() (this module is imported by it).
const serverCommand = <C extends proto.CommandKind>(handler: ServerCommandHandler<C>) =>
  handler as unknown as ServerCommandHandler;

/**
 * The device-power payload of a REBOOT_ACTION job row. A job for a given time gets its delay
 * counted when it is sent, so an agent that was offline until then restarts at the time asked
 * (or at once when the time has passed).
 */
export function powerPayloadOf(row: JobLike, now = Date.now()): proto.DevicePowerPayload | null {
  if (row.jobType !== "REBOOT_ACTION") return null;
  const c = row.content as PowerActionRequest;
  const delayMinutes =
    c.at !== undefined
      ? Math.min(proto.MAX_POWER_DELAY_MINUTES, Math.max(0, Math.ceil((Date.parse(c.at) - now) / 60_000)))
      : (c.delayMinutes ?? 0);
  return {
    action: c.action,
    delayMinutes,
    ...(c.message ? { message: c.message } : {}),
    postponeLimit: c.postponeLimit ?? 0,
    postponeMinutes: c.postponeMinutes ?? 15,
  };
}

/** Restart and shutdown: built from REBOOT_ACTION job rows; results update the job row. */
export const devicePowerServerCommand: ServerCommandHandler = serverCommand({
  contract: proto.devicePowerCommand,
  fromJob: (row) => {
    const payload = powerPayloadOf(row);
    return payload ? { payload } : null;
  },
});

/**
 * Uninstall: sent to a connected agent when its device is archived from the console. Its result
 * (what it removed) needs no job row.
 */
export const uninstallAgentServerCommand: ServerCommandHandler = serverCommand({
  contract: proto.uninstallAgentCommand,
  attach: ({ bus, send }) =>
    bus.on("uninstallAgent", (request) => {
      send({ deviceId: request.deviceId, jobUid: request.requestId, attempt: 1 }, {});
    }),
  onResult: () => true,
});

/** The command kinds of the device actions. */
export const deviceActionCommandHandlers = (): ServerCommandHandler[] => [
  devicePowerServerCommand,
  uninstallAgentServerCommand,
];
