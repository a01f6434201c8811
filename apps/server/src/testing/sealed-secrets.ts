import {
  createDecipheriv,
  createPrivateKey,
  createPublicKey,
  diffieHellman,
  generateKeyPairSync,
  hkdfSync,
} from "node:crypto";
import { agent as proto } from "@steward/contracts";

const SPKI_X25519_PREFIX = Buffer.from("302a300506032b656e032100", "hex");

/** An agent's X25519 key pair, as the agent keeps it (PKCS#8 PEM and raw public base64). */
export function agentEncryptionKeys(): { privateKeyPem: string; publicKey: string } {
  const { privateKey, publicKey } = generateKeyPairSync("x25519");
  const spki = publicKey.export({ format: "der", type: "spki" });
  return {
    privateKeyPem: privateKey.export({ format: "pem", type: "pkcs8" }).toString(),
    publicKey: spki.subarray(spki.length - 32).toString("base64"),
  };
}

/** Opens a sealed secret the way the agent does (tests check what only the agent can read). */
export function openAsAgent(
  sealed: proto.SealedSecret,
  keys: { privateKeyPem: string; publicKey: string },
  target: { agentId: number; jobUid: string; attempt: number },
): string {
  const context = Buffer.from(proto.sealedSecretContext(target), "utf8");
  const epk = Buffer.from(sealed.epk, "base64");
  const shared = diffieHellman({
    privateKey: createPrivateKey(keys.privateKeyPem),
    publicKey: createPublicKey({
      key: Buffer.concat([SPKI_X25519_PREFIX, epk]),
      format: "der",
      type: "spki",
    }),
  });
  const key = Buffer.from(
    hkdfSync("sha256", shared, Buffer.concat([epk, Buffer.from(keys.publicKey, "base64")]), context, 32),
  );
  const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(sealed.iv, "base64"));
  decipher.setAAD(context);
  decipher.setAuthTag(Buffer.from(sealed.tag, "base64"));
  return Buffer.concat([decipher.update(Buffer.from(sealed.ct, "base64")), decipher.final()]).toString(
    "utf8",
  );
}
