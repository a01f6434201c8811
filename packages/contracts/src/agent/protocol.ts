import { z } from "zod";
import { inventory, inventoryDelta } from "./inventory.js";

/** Largest single message an agent may send (a full inventory with 10,000 programs fits). */
export const AGENT_MAX_MESSAGE_BYTES = 4 * 1024 * 1024;
export const AGENT_PROTOCOL_VERSION = 1;

const base64 = z
  .string()
  .max(200)
  .regex(/^[A-Za-z0-9+/_-]+=*$/);

// ---- Enrollment (HTTP POST /agent/v1/enroll on the agent listener) ----

export const enrollRequest = z.object({
  token: z.string().min(20).max(200),
  /** Ed25519 public key, raw 32 bytes, base64. The private key never leaves the device. */
  publicKey: base64,
  inventory,
  /** Set by the agent simulator: the console marks such devices as simulated. */
  simulated: z.boolean().optional(),
});
export type EnrollRequest = z.infer<typeof enrollRequest>;

export const enrollResponse = z.object({
  deviceId: z.number().int().positive(),
  approval: z.enum(["APPROVED", "PENDING"]),
  /** The server's command-signing public key (Ed25519, raw, base64), pinned by the agent. */
  serverPublicKey: base64,
  heartbeatSeconds: z.number().int().positive(),
});
export type EnrollResponse = z.infer<typeof enrollResponse>;

// ---- WebSocket (/agent/v1/ws) ----

/** Server → agent, first frame: prove who you are by signing this. */
export const challengeMessage = z.object({
  type: z.literal("challenge"),
  nonce: base64,
  serverTime: z.number(),
});

/** Agent → server: signature over `steward-agent-auth:v1:<deviceId>:<nonce>`. */
export const helloMessage = z.object({
  type: z.literal("hello"),
  deviceId: z.number().int().positive(),
  signature: z.string().max(200),
  agentVersion: z.string().max(40),
  protocol: z.literal(AGENT_PROTOCOL_VERSION),
});

export const welcomeMessage = z.object({
  type: z.literal("welcome"),
  deviceId: z.number().int().positive(),
  heartbeatSeconds: z.number().int().positive(),
  approval: z.enum(["APPROVED", "PENDING"]),
  /** Whether the server wants a full inventory (it lost track or the device is new to it). */
  wantFullInventory: z.boolean(),
});

export const pingMessage = z.object({
  type: z.literal("ping"),
  seq: z.number().int().nonnegative(),
  sentAt: z.number(),
});
export const pongMessage = z.object({
  type: z.literal("pong"),
  seq: z.number().int().nonnegative(),
  sentAt: z.number(),
});

export const inventoryMessage = z.discriminatedUnion("mode", [
  z.object({ type: z.literal("inventory"), mode: z.literal("full"), inventory }),
  z.object({ type: z.literal("inventory"), mode: z.literal("delta"), changes: inventoryDelta }),
]);
export type InventoryMessage = z.infer<typeof inventoryMessage>;

export const errorMessage = z.object({
  type: z.literal("error"),
  code: z.string().max(60),
  message: z.string().max(500),
});

/** The exact bytes an agent signs to answer a challenge. */
export function challengePayload(deviceId: number, nonce: string): string {
  return `steward-agent-auth:v1:${deviceId}:${nonce}`;
}

/** WebSocket close codes the agent acts on. */
export const agentCloseCodes = {
  authFailed: 4001,
  revoked: 4003,
  replaced: 4009,
  protocol: 4400,
} as const;

/** Optional in the enroll body: the organization the install command was made for. */
export const enrollRequestWithOrg = enrollRequest.extend({
  organizationId: z.number().int().positive().optional(),
});

// ---- Jobs (issue: job engine) ----

/**
 * What the server signs for every command. The agent refuses it unless the signature verifies
 * with the pinned server key, agentId is its own, now is inside [notBefore, notAfter], the
 * nonce is new, and sha256(payload) equals payloadHash.
 */
export const commandEnvelope = z.object({
  v: z.literal(1),
  agentId: z.number().int().positive(),
  jobUid: z.string().min(1).max(64),
  attempt: z.number().int().positive(),
  nonce: z.string().min(16).max(64),
  notBefore: z.number().int(),
  notAfter: z.number().int(),
  kind: z.enum(["run-script", "cancel", "wake-on-lan"]),
  /** sha256 hex of the payload's canonical JSON (for scripts: covers the script body). */
  payloadHash: z.string().regex(/^[0-9a-f]{64}$/),
  payload: z.record(z.string(), z.unknown()),
});
export type CommandEnvelope = z.infer<typeof commandEnvelope>;

export const commandMessage = z.object({
  type: z.literal("command"),
  envelope: commandEnvelope,
  signature: z.string().max(200),
});

export const runScriptPayload = z.object({
  language: z.enum(["bash", "sh", "powershell", "batch", "python"]),
  body: z.string().max(1_000_000),
  /** Passed as environment variables STEWARD_PARAM_<NAME> and as an argument array, never spliced into a shell string. */
  parameters: z
    .array(
      z.object({ name: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]{0,63}$/), value: z.string().max(10_000) }),
    )
    .max(50),
  timeoutSeconds: z.number().int().min(1).max(86_400),
  /** The job's run-as choice: "System" (the agent's own identity), "Current Logged on User", or a credential's. */
  runAs: z.string().max(200),
  /**
   * The account of a stored credential (run-as "Preferred …" or "credential:<id>"). The username
   * selects the local account on Linux and macOS; the password is only sent to Windows devices
   * (where the agent logs on with it) and only inside this signed envelope for this one agent.
   */
  account: z
    .object({
      username: z.string().min(1).max(256),
      domain: z.string().max(256).optional(),
      password: z.string().max(4096).optional(),
    })
    .optional(),
});
export type RunScriptPayload = z.infer<typeof runScriptPayload>;

export const JOB_OUTPUT_LIMIT_BYTES = 1024 * 1024;

export const jobResultMessage = z.object({
  type: z.literal("job-result"),
  jobUid: z.string().max(64),
  attempt: z.number().int().positive(),
  outcome: z.enum(["SUCCESS", "FAILURE", "CANCELLED", "UNKNOWN"]),
  exitCode: z.number().int().nullable(),
  stdout: z.string().max(JOB_OUTPUT_LIMIT_BYTES + 1024),
  stderr: z.string().max(JOB_OUTPUT_LIMIT_BYTES + 1024),
  truncated: z.boolean(),
  errorMessage: z.string().max(4000).nullable(),
});
export type JobResultMessage = z.infer<typeof jobResultMessage>;

export const jobOutputMessage = z.object({
  type: z.literal("job-output"),
  jobUid: z.string().max(64),
  attempt: z.number().int().positive(),
  stream: z.enum(["stdout", "stderr"]),
  chunk: z.string().max(64 * 1024),
});

/** Agent → server: the command was verified and the job recorded as started (or refused). */
export const jobStartedMessage = z.object({
  type: z.literal("job-started"),
  jobUid: z.string().max(64),
  attempt: z.number().int().positive(),
});
export const commandRefusedMessage = z.object({
  type: z.literal("command-refused"),
  jobUid: z.string().max(64),
  reason: z.enum(["signature", "agent", "expired", "replay", "hash", "invalid"]),
});

/** Server → agent: the result was stored; the agent may forget it. */
export const jobAckMessage = z.object({
  type: z.literal("job-ack"),
  jobUid: z.string().max(64),
  attempt: z.number().int().positive(),
});

// Discriminated on "type": one schema is tried per message (heartbeats stay cheap at fleet scale).
export const agentToServer = z.discriminatedUnion("type", [
  helloMessage,
  pingMessage,
  inventoryMessage,
  jobStartedMessage,
  jobOutputMessage,
  jobResultMessage,
  commandRefusedMessage,
]);
export type AgentToServer = z.infer<typeof agentToServer>;
export const serverToAgent = z.discriminatedUnion("type", [
  challengeMessage,
  welcomeMessage,
  pongMessage,
  errorMessage,
  commandMessage,
  jobAckMessage,
]);
export type ServerToAgent = z.infer<typeof serverToAgent>;
