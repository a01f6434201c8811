import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  sign,
  verify,
  type KeyObject,
} from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { RepositoryKey, UpdateCrypto, UpdateRole } from "@steward/domain";

/** The update repository's signing keys, one per role; none of them is the command-signing key. */
export type UpdateKeys = Record<UpdateRole, RepositoryKey>;

const SPKI_ED25519_PREFIX = Buffer.from("302a300506032b6570032100", "hex");

export const nodeUpdateCrypto: UpdateCrypto = {
  verify: (pub, message, sig) =>
    verify(
      null,
      Buffer.from(message, "utf8"),
      createPublicKey({
        key: Buffer.concat([SPKI_ED25519_PREFIX, Buffer.from(pub, "base64")]),
        format: "der",
        type: "spki",
      }),
      Buffer.from(sig, "base64"),
    ),
  sha256Hex: (data) => createHash("sha256").update(data).digest("hex"),
};

function keyFrom(privateKey: KeyObject): RepositoryKey {
  const spki = createPublicKey(privateKey).export({ format: "der", type: "spki" });
  const publicKey = spki.subarray(spki.length - 32).toString("base64");
  return {
    // The key id names the public key, so a root lists each key once.
    keyid: createHash("sha256").update(publicKey).digest("hex"),
    publicKey,
    sign: (message) => sign(null, Buffer.from(message, "utf8"), privateKey).toString("base64"),
  };
}

export function generateUpdateKeys(): UpdateKeys {
  const one = () => keyFrom(generateKeyPairSync("ed25519").privateKey);
  return { root: one(), targets: one(), snapshot: one(), timestamp: one() };
}

/** Reads keys/updates/<role>.key under the data folder, creating each (mode 0600) on first run. */
export function loadOrCreateUpdateKeys(dataDir: string): UpdateKeys {
  const dir = path.join(dataDir, "keys", "updates");
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const load = (role: UpdateRole) => {
    const file = path.join(dir, `${role}.key`);
    if (!fs.existsSync(file)) {
      const { privateKey } = generateKeyPairSync("ed25519");
      fs.writeFileSync(file, privateKey.export({ format: "pem", type: "pkcs8" }), {
        mode: 0o600,
        flag: "wx",
      });
    }
    return keyFrom(createPrivateKey(fs.readFileSync(file)));
  };
  return {
    root: load("root"),
    targets: load("targets"),
    snapshot: load("snapshot"),
    timestamp: load("timestamp"),
  };
}
