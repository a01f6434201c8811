import { createPrivateKey, createPublicKey, generateKeyPairSync, sign, type KeyObject } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/** The server's Ed25519 key that signs every command sent to agents (agents pin its public half). */
export interface CommandSigner {
  /** Raw 32-byte public key, base64. */
  publicKey: string;
  sign(payload: string): string;
}

export function commandSignerFrom(privateKey: KeyObject): CommandSigner {
  const spki = createPublicKey(privateKey).export({ format: "der", type: "spki" });
  return {
    publicKey: spki.subarray(spki.length - 32).toString("base64"),
    sign: (payload) => sign(null, Buffer.from(payload, "utf8"), privateKey).toString("base64"),
  };
}

export function generateCommandSigner(): CommandSigner {
  return commandSignerFrom(generateKeyPairSync("ed25519").privateKey);
}

/** Reads keys/command.key under the data folder, creating it (mode 0600) on first run. */
export function loadOrCreateCommandSigner(dataDir: string): CommandSigner {
  const file = path.join(dataDir, "keys", "command.key");
  if (!fs.existsSync(file)) {
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    const { privateKey } = generateKeyPairSync("ed25519");
    fs.writeFileSync(file, privateKey.export({ format: "pem", type: "pkcs8" }), { mode: 0o600, flag: "wx" });
  }
  return commandSignerFrom(createPrivateKey(fs.readFileSync(file)));
}
