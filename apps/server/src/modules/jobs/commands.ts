import { agent as proto } from "@steward/contracts";
import type { BuildContext, BuildOutcome, JobLike, ServerCommandHandler } from "../agents/index.js";
import { credentialSecretContext, type RunAsAccount } from "../credentials/index.js";

/** What a job fails with when its Run As password cannot be sent to the device's agent. */
export const NO_ENCRYPTION_KEY_MESSAGE =
  "The agent on this device is too old to receive the Run As password (it has no encryption key); update the agent. The password was not sent.";

/**
 * The run-script payload of an ACTION job row. A run-as credential's account goes into the
 * signed payload for this one agent: its username always; its password only when submit kept it
 * (Windows devices), opened from the server's secret box and sealed at once to the agent's
 * encryption key. An agent without one gets no password: the job fails, never a cleartext secret.
 */
export function runScriptPayloadOf(
  row: JobLike,
  ctx: Pick<BuildContext, "seal" | "openAtRest">,
): BuildOutcome<proto.RunScriptPayload> {
  if (row.jobType !== "ACTION") return null;
  const c = row.content as {
    script?: { language: string; body: string };
    parameters?: unknown[];
    timeoutSeconds?: number;
    runAs?: string;
  };
  if (!c.script) return null;
  const payload: proto.RunScriptPayload = {
    language: c.script.language as proto.RunScriptPayload["language"],
    body: c.script.body,
    parameters: (c.parameters ?? []) as proto.RunScriptPayload["parameters"],
    timeoutSeconds: c.timeoutSeconds ?? 600,
    runAs: c.runAs ?? "System",
  };
  const account = (row.data as { runAsAccount?: RunAsAccount } | null)?.runAsAccount;
  if (account) {
    payload.account = { username: account.username };
    if (account.secretSealed !== undefined) {
      const sealed = ctx.seal(
        ctx.openAtRest(account.secretSealed, credentialSecretContext(account.credentialId)),
      );
      if (!sealed) return { fail: NO_ENCRYPTION_KEY_MESSAGE };
      payload.account.passwordSealed = sealed;
    }
  }
  return { payload };
}

// The agents module imports this one to register the handlers, so only its types are imported
// here: a typed identity, like its serverCommand().
const serverCommand = <C extends proto.CommandKind>(handler: ServerCommandHandler<C>) =>
  handler as unknown as ServerCommandHandler;

/** Scripts: built from ACTION job rows; results update the job row (the dispatcher's default). */
export const runScriptServerCommand: ServerCommandHandler = serverCommand({
  contract: proto.runScriptCommand,
  fromJob: runScriptPayloadOf,
});

/** Cancel: sent when a technician cancels a delivered job. */
export const cancelServerCommand: ServerCommandHandler = serverCommand({
  contract: proto.cancelCommand,
  attach: ({ bus, send }) =>
    bus.on("cancelJob", (target) => {
      send(target, { jobUid: target.jobUid, attempt: target.attempt });
    }),
});

/**
 * Wake-on-LAN: a relay agent on the target's subnet sends the magic packets (the relay is
 * chosen in wake-on-lan.ts). There is no job row: the relay's result is taken as it is.
 */
export const wakeOnLanServerCommand: ServerCommandHandler = serverCommand({
  contract: proto.wakeOnLanCommand,
  attach: ({ bus, send }) =>
    bus.on("wakeOnLan", (request) => {
      send(
        { deviceId: request.relayId, jobUid: request.requestId, attempt: 1 },
        { targets: request.targets },
      );
    }),
  onResult: () => true,
});

/** The command kinds of the job engine, in the order job rows are offered to them. */
export const jobCommandHandlers = (): ServerCommandHandler[] => [
  runScriptServerCommand,
  cancelServerCommand,
  wakeOnLanServerCommand,
];
