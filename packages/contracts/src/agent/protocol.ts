import { z } from "zod";
import { inventory, inventoryDelta } from "./inventory.js";

/** Largest single message an agent may send (a full inventory with 10,000 programs fits). */
export const AGENT_MAX_MESSAGE_BYTES = 4 * 1024 * 1024;
export const AGENT_PROTOCOL_VERSION = 1;

const base64 = z.string().max(200).regex(/^[A-Za-z0-9+/_-]+=*$/);

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
export const challengeMessage = z.object({ type: z.literal("challenge"), nonce: base64, serverTime: z.number() });

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

export const pingMessage = z.object({ type: z.literal("ping"), seq: z.number().int().nonnegative(), sentAt: z.number() });
export const pongMessage = z.object({ type: z.literal("pong"), seq: z.number().int().nonnegative(), sentAt: z.number() });

export const inventoryMessage = z.discriminatedUnion("mode", [
  z.object({ type: z.literal("inventory"), mode: z.literal("full"), inventory }),
  z.object({ type: z.literal("inventory"), mode: z.literal("delta"), changes: inventoryDelta }),
]);
export type InventoryMessage = z.infer<typeof inventoryMessage>;

export const errorMessage = z.object({ type: z.literal("error"), code: z.string().max(60), message: z.string().max(500) });

export const agentToServer = z.union([helloMessage, pingMessage, inventoryMessage]);
export type AgentToServer = z.infer<typeof agentToServer>;
export const serverToAgent = z.union([challengeMessage, welcomeMessage, pongMessage, errorMessage]);
export type ServerToAgent = z.infer<typeof serverToAgent>;

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
export const enrollRequestWithOrg = enrollRequest.extend({ organizationId: z.number().int().positive().optional() });
