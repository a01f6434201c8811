import { createDecipheriv, createPrivateKey, createPublicKey, diffieHellman, hkdfSync } from "node:crypto";
import { agent as proto } from "@steward/contracts";

const SPKI_X25519_PREFIX = Buffer.from("302a300506032b656e032100", "hex");

/**
 * Opens a secret the server sealed to this agent's X25519 key for one command: ECDH with the
 * server's ephemeral key, HKDF-SHA256 (salt: both public keys, info: the command's identity),
 * AES-256-GCM with the same identity as associated data. Throws when it was sealed to another
 * key, another agent, job or attempt, or was altered.
 */
export function openSealedSecret(
  sealed: proto.SealedSecret,
  keys: { privateKeyPem: string; publicKey: string },
  target: { agentId: number; jobUid: string; attempt: number },
): string {
  const context = Buffer.from(proto.sealedSecretContext(target), "utf8");
  const epk = Buffer.from(sealed.epk, "base64");
  if (epk.length !== 32) throw new Error("sealed secret: bad ephemeral key");
  const shared = diffieHellman({
    privateKey: createPrivateKey(keys.privateKeyPem),
    publicKey: createPublicKey({
      key: Buffer.concat([SPKI_X25519_PREFIX, epk]),
      format: "der",
      type: "spki",
    }),
  });
  const salt = Buffer.concat([epk, Buffer.from(keys.publicKey, "base64")]);
  const key = Buffer.from(hkdfSync("sha256", shared, salt, context, 32));
  const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(sealed.iv, "base64"));
  decipher.setAAD(context);
  decipher.setAuthTag(Buffer.from(sealed.tag, "base64"));
  return Buffer.concat([decipher.update(Buffer.from(sealed.ct, "base64")), decipher.final()]).toString(
    "utf8",
  );
}
