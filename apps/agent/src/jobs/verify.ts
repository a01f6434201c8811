import { createHash, createPublicKey, verify, type KeyObject } from "node:crypto";
import { agent as proto } from "@steward/contracts";

export type Refusal = "signature" | "agent" | "expired" | "replay" | "hash" | "invalid";

export interface VerifyContext {
  /** The server's command key, pinned at enrollment (raw Ed25519, base64). */
  serverPublicKey: string;
  agentId: number;
  now: number;
  /** Whether this nonce was seen before (replay). */
  seen(nonce: string): boolean;
}

const SPKI_ED25519_PREFIX = Buffer.from("302a300506032b6570032100", "hex");

export function sha256Hex(text: string): string {
  return createHash("sha256").update(text, "utf8").digest("hex");
}

/** The pinned key as a key object, built once per key (a simulated fleet verifies thousands). */
const keys = new Map<string, KeyObject>();
function serverKey(raw: string): KeyObject {
  let key = keys.get(raw);
  if (!key) {
    key = createPublicKey({
      key: Buffer.concat([SPKI_ED25519_PREFIX, Buffer.from(raw, "base64")]),
      format: "der",
      type: "spki",
    });
    if (keys.size > 16) keys.clear();
    keys.set(raw, key);
  }
  return key;
}

/** Checks a command envelope; returns null when it may run, or why it is refused. */
export function verifyCommand(
  envelope: proto.CommandEnvelope,
  signature: string,
  ctx: VerifyContext,
): Refusal | null {
  let ok = false;
  try {
    const key = serverKey(ctx.serverPublicKey);
    ok = verify(
      null,
      Buffer.from(proto.envelopeSigningText(envelope), "utf8"),
      key,
      Buffer.from(signature, "base64"),
    );
  } catch {
    ok = false;
  }
  if (!ok) return "signature";
  if (envelope.agentId !== ctx.agentId) return "agent";
  if (ctx.now < envelope.notBefore || ctx.now > envelope.notAfter) return "expired";
  if (sha256Hex(proto.canonicalJson(envelope.payload)) !== envelope.payloadHash) return "hash";
  if (ctx.seen(envelope.nonce)) return "replay";
  return null;
}
