import { z } from "zod";
import { agentText, id, jsonObject, MAX_ID, text } from "../common.js";
import { inventory, inventoryDelta } from "./inventory.js";
import { validationEn } from "../i18n/shared/en/validation.js";
import { COMMAND_KIND_PATTERN } from "./commands/define.js";
import { metricsMessage } from "./metrics.js";
import { conditionEventsMessage } from "./conditions.js";
import { updateOfferMessage, updateStatusMessage } from "./updates.js";

/** Largest single message an agent may send (a full inventory with 10,000 programs fits). */
export const AGENT_MAX_MESSAGE_BYTES = 4 * 1024 * 1024;
export const AGENT_PROTOCOL_VERSION = 1;

const base64 = text()
  .max(200)
  .regex(/^[A-Za-z0-9+/_-]+=*$/);

// ---- Enrollment (HTTP POST /agent/v1/enroll on the agent listener) ----

/**
 * An Ed25519 public key: the raw 32 bytes in standard base64 (44 characters, one "=" of
 * padding). Anything else could never verify a signature, so it is refused before a token is used.
 */
export const ed25519PublicKey = text().regex(
  /^[A-Za-z0-9+/]{42}[AEIMQUYcgkosw048]=$/,
  validationEn.publicKey.ed25519,
);

/** An X25519 public key: the raw 32 bytes in standard base64 (secrets are sealed to it). */
export const x25519PublicKey = text().regex(
  /^[A-Za-z0-9+/]{42}[AEIMQUYcgkosw048]=$/,
  validationEn.publicKey.x25519,
);

export function isEd25519PublicKey(value: string): boolean {
  return ed25519PublicKey.safeParse(value).success;
}

// Agent reports are checked two ways: identifiers and keys that contain a NUL or a lone
// surrogate are refused; free text (inventory, output, messages) has them stripped.
export const enrollRequest = z.object({
  token: text().min(20).max(200),
  /** The private key never leaves the device. */
  publicKey: ed25519PublicKey,
  /**
   * The agent's X25519 key: secrets inside commands are sealed to it. Agents older than this
   * field send none and are never sent a secret.
   */
  encryptionPublicKey: x25519PublicKey.optional(),
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

/**
 * Agent → server: signature over `steward-agent-auth:v1:<deviceId>:<nonce>`, followed by
 * `:<encryptionPublicKey>` when the agent sends its encryption key (the device's identity key
 * vouches for it, so it cannot be swapped on the way).
 */
/** One error the agent recorded recently (newest last), reported so the console can show it. */
export const agentReportedError = z.object({
  at: agentText(40),
  message: agentText(500),
});

/** systemd, launchd or the Windows Service Control Manager; "none": started by hand. */
export const AGENT_SERVICE_MANAGERS = ["systemd", "launchd", "windows", "none"] as const;

/**
 * What the agent says about itself in every hello: how it was built and installed, and its
 * last errors. Agents older than this field send none.
 */
export const agentSelfReport = z.object({
  /** Operating system family as the agent's runtime names it (linux, win32, darwin, ...). */
  platform: agentText(20),
  /** CPU architecture as the agent's runtime names it (x64, arm64, ...). */
  arch: agentText(20),
  /** The executable (or script) the service runs. */
  installPath: agentText(500),
  /** "binary": one self-contained executable; "script": a JavaScript file run by an installed Node.js. */
  packaging: z.enum(["binary", "script"]),
  lastErrors: z.array(agentReportedError).max(10),
  /** The install folder of the launcher that started the agent; absent when no launcher did (no self-update). */
  installDir: agentText(500).optional(),
  /** The service manager that started the agent, as far as the agent can tell. */
  serviceManager: z.enum(AGENT_SERVICE_MANAGERS).optional(),
});
export type AgentSelfReport = z.infer<typeof agentSelfReport>;

export const helloMessage = z.object({
  type: z.literal("hello"),
  deviceId: id(),
  signature: text().max(200),
  encryptionPublicKey: x25519PublicKey.optional(),
  agentVersion: agentText(40),
  protocol: z.literal(AGENT_PROTOCOL_VERSION),
  self: agentSelfReport.optional(),
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
export function challengePayload(deviceId: number, nonce: string, encryptionPublicKey?: string): string {
  const base = `steward-agent-auth:v1:${deviceId}:${nonce}`;
  return encryptionPublicKey === undefined ? base : `${base}:${encryptionPublicKey}`;
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
  organizationId: id().optional(),
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
  attempt: z.number().int().min(1).max(MAX_ID),
  nonce: z.string().min(16).max(64),
  notBefore: z.number().int(),
  notAfter: z.number().int(),
  /** A name from `commandKinds`; an agent refuses a kind it has no handler for ("unsupported"). */
  kind: z.string().min(1).max(40).regex(COMMAND_KIND_PATTERN),
  /** sha256 hex of the payload's canonical JSON (for scripts: covers the script body). */
  payloadHash: z.string().regex(/^[0-9a-f]{64}$/),
  payload: jsonObject(),
});
export type CommandEnvelope = z.infer<typeof commandEnvelope>;

export const commandMessage = z.object({
  type: z.literal("command"),
  envelope: commandEnvelope,
  signature: z.string().max(200),
});

export const JOB_OUTPUT_LIMIT_BYTES = 1024 * 1024;

export const jobResultMessage = z.object({
  type: z.literal("job-result"),
  jobUid: text().max(64),
  attempt: z.number().int().min(1).max(MAX_ID),
  outcome: z.enum(["SUCCESS", "FAILURE", "CANCELLED", "UNKNOWN"]),
  exitCode: z.number().int().nullable(),
  stdout: agentText(JOB_OUTPUT_LIMIT_BYTES + 1024),
  stderr: agentText(JOB_OUTPUT_LIMIT_BYTES + 1024),
  truncated: z.boolean(),
  errorMessage: agentText(4000).nullable(),
  /** The command kind that produced it, and its result data (checked with that kind's result schema). */
  kind: text().max(40).optional(),
  data: jsonObject().optional(),
});
export type JobResultMessage = z.infer<typeof jobResultMessage>;

export const jobOutputMessage = z.object({
  type: z.literal("job-output"),
  jobUid: text().max(64),
  attempt: z.number().int().min(1).max(MAX_ID),
  stream: z.enum(["stdout", "stderr"]),
  chunk: agentText(64 * 1024),
});

/** Agent → server: the command was verified and the job recorded as started (or refused). */
export const jobStartedMessage = z.object({
  type: z.literal("job-started"),
  jobUid: text().max(64),
  attempt: z.number().int().min(1).max(MAX_ID),
});
export const commandRefusedMessage = z.object({
  type: z.literal("command-refused"),
  jobUid: text().max(64),
  reason: z.enum(["signature", "agent", "expired", "replay", "hash", "invalid", "unsupported", "secret"]),
});

/** Server → agent: the result was stored; the agent may forget it. */
export const jobAckMessage = z.object({
  type: z.literal("job-ack"),
  jobUid: z.string().max(64),
  attempt: z.number().int().min(1).max(MAX_ID),
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
  metricsMessage,
  conditionEventsMessage,
  updateStatusMessage,
]);
export type AgentToServer = z.infer<typeof agentToServer>;
export const serverToAgent = z.discriminatedUnion("type", [
  challengeMessage,
  welcomeMessage,
  pongMessage,
  errorMessage,
  commandMessage,
  jobAckMessage,
  updateOfferMessage,
]);
export type ServerToAgent = z.infer<typeof serverToAgent>;
