import { createHash, createPublicKey, verify } from "node:crypto";
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

/** Checks a command envelope; returns null when it may run, or why it is refused. */
export function verifyCommand(
  envelope: proto.CommandEnvelope,
  signature: string,
  ctx: VerifyContext,
): Refusal | null {
  let ok = false;
  try {
    const key = createPublicKey({
      key: Buffer.concat([SPKI_ED25519_PREFIX, Buffer.from(ctx.serverPublicKey, "base64")]),
      format: "der",
      type: "spki",
    });
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
