import { createHash, randomBytes } from "node:crypto";
import { agent as proto } from "@steward/contracts";
import type { CommandSigner } from "../../platform/crypto/index.js";

/** How long a signed command stays valid; clock skew allowance before "now". */
export const COMMAND_VALID_MS = 10 * 60_000;
const SKEW_MS = 60_000;

/** Nonces come from one random read per 1,024 commands (each 18 bytes used once). */
const NONCE_BYTES = 18;
let noncePool = Buffer.alloc(0);
let nonceAt = 0;
function nextNonce(): string {
  if (nonceAt + NONCE_BYTES > noncePool.length) {
    noncePool = randomBytes(NONCE_BYTES * 1024);
    nonceAt = 0;
  }
  const nonce = noncePool.toString("base64url", nonceAt, nonceAt + NONCE_BYTES);
  nonceAt += NONCE_BYTES;
  return nonce;
}

const byKey = ([a]: [string, unknown], [b]: [string, unknown]) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * proto.envelopeSigningText(envelope), with the payload's canonical JSON computed once by the
 * caller (it is also what payloadHash covers): the same text, byte for byte.
 */
export function signingTextWith(envelope: proto.CommandEnvelope, payloadJson: string): string {
  const parts = Object.entries(envelope)
    .filter(([, v]) => v !== undefined)
    .sort(byKey)
    .map(([k, v]) => `${JSON.stringify(k)}:${k === "payload" ? payloadJson : proto.canonicalJson(v)}`);
  return `steward-command:v1:{${parts.join(",")}}`;
}

export function signCommand(
  signer: CommandSigner,
  target: { deviceId: number; jobUid: string; attempt: number },
  kind: string,
  payload: Record<string, unknown>,
  now = Date.now(),
): Extract<proto.ServerToAgent, { type: "command" }> {
  const payloadJson = proto.canonicalJson(payload);
  const envelope: proto.CommandEnvelope = {
    v: 1,
    agentId: target.deviceId,
    jobUid: target.jobUid,
    attempt: target.attempt,
    nonce: nextNonce(),
    notBefore: now - SKEW_MS,
    notAfter: now + COMMAND_VALID_MS,
    kind,
    payloadHash: createHash("sha256").update(payloadJson, "utf8").digest("hex"),
    payload,
  };
  return { type: "command", envelope, signature: signer.sign(signingTextWith(envelope, payloadJson)) };
}
