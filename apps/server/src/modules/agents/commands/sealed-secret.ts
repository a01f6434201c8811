import {
  createCipheriv,
  createPublicKey,
  diffieHellman,
  generateKeyPairSync,
  hkdfSync,
  randomBytes,
} from "node:crypto";
import { agent as proto } from "@steward/contracts";

const SPKI_X25519_PREFIX = Buffer.from("302a300506032b656e032100", "hex");

/**
 * Seals a secret to one agent's X25519 public key for one command: a fresh ephemeral key pair,
 * ECDH, HKDF-SHA256 (salt: both public keys, info: agent, job and attempt), AES-256-GCM with the
 * same identity as associated data. Only that agent's private key opens it, and only for that
 * command; the server keeps nothing that could open it again.
 */
export function sealSecret(
  recipientPublicKey: string,
  secret: string,
  target: { agentId: number; jobUid: string; attempt: number },
): proto.SealedSecret {
  const recipient = Buffer.from(recipientPublicKey, "base64");
  if (recipient.length !== 32) throw new Error("not an X25519 public key");
  const ephemeral = generateKeyPairSync("x25519");
  const spki = ephemeral.publicKey.export({ format: "der", type: "spki" });
  const epk = spki.subarray(spki.length - 32);
  const shared = diffieHellman({
    privateKey: ephemeral.privateKey,
    publicKey: createPublicKey({
      key: Buffer.concat([SPKI_X25519_PREFIX, recipient]),
      format: "der",
      type: "spki",
    }),
  });
  const context = Buffer.from(proto.sealedSecretContext(target), "utf8");
  const key = Buffer.from(hkdfSync("sha256", shared, Buffer.concat([epk, recipient]), context, 32));
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(context);
  const ct = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
  return {
    alg: "x25519-hkdf-sha256-aes256gcm",
    epk: epk.toString("base64"),
    iv: iv.toString("base64"),
    ct: ct.toString("base64"),
    tag: cipher.getAuthTag().toString("base64"),
  };
}
