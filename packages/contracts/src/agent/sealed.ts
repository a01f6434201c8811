import { z } from "zod";

const b64 = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[A-Za-z0-9+/_-]+=*$/);

/**
 * A secret encrypted to one agent's X25519 key: an ephemeral key pair on the server side,
 * ECDH with the agent's key, HKDF-SHA256 to an AES-256-GCM key, the command's identity (agent,
 * job, attempt) as associated data. Only that agent, for that command, can open it.
 */
export const sealedSecret = z.object({
  alg: z.literal("x25519-hkdf-sha256-aes256gcm"),
  /** The server's ephemeral X25519 public key (raw 32 bytes, base64). */
  epk: b64(64),
  iv: b64(32),
  ct: b64(16_384),
  tag: b64(32),
});
export type SealedSecret = z.infer<typeof sealedSecret>;

/** What a sealed secret is bound to: opening it for another agent, job or attempt fails. */
export function sealedSecretContext(target: { agentId: number; jobUid: string; attempt: number }): string {
  return `steward-secret:v1:${target.agentId}:${target.jobUid}:${target.attempt}`;
}
