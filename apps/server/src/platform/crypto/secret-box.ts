import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/**
 * Encrypts secrets at rest (AES-256-GCM) with the server's key file. Every value is sealed for
 * one place, its context (e.g. "credentials:12:password"): the context is authenticated as
 * associated data, so a sealed value copied into another row, or another column, does not open.
 */
export interface SecretBox {
  seal(plain: string, context: string): string;
  open(sealed: string, context: string): string;
  /** True when the value was sealed in the old format without a context (re-seal it on next write). */
  needsReseal(sealed: string): boolean;
  /**
   * A keyed hash (HMAC-SHA256, hex) under a key derived from the server key for one purpose:
   * for values that are only ever compared, never read back (recovery codes).
   */
  mac(purpose: string, value: string): string;
}

/** v1: no associated data (older values, still opened); v2: the context is the associated data. */
const V1 = "v1";
const V2 = "v2";

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error("secret key must be 32 bytes");
  const macKeys = new Map<string, Buffer>();
  const macKey = (purpose: string) => {
    let k = macKeys.get(purpose);
    if (!k) {
      k = Buffer.from(hkdfSync("sha256", key, Buffer.alloc(0), `steward:mac:${purpose}`, 32));
      macKeys.set(purpose, k);
    }
    return k;
  };
  return {
    seal(plain, context) {
      if (!context) throw new Error("a sealed secret needs a context");
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      cipher.setAAD(Buffer.from(context, "utf8"));
      const data = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
      const tag = cipher.getAuthTag();
      return [V2, iv.toString("base64url"), tag.toString("base64url"), data.toString("base64url")].join(".");
    },
    open(sealed, context) {
      const [version, iv, tag, data] = sealed.split(".");
      if ((version !== V1 && version !== V2) || !iv || !tag || data === undefined)
        throw new Error("unreadable sealed secret");
      const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
      if (version === V2) decipher.setAAD(Buffer.from(context, "utf8"));
      decipher.setAuthTag(Buffer.from(tag, "base64url"));
      return Buffer.concat([decipher.update(Buffer.from(data, "base64url")), decipher.final()]).toString(
        "utf8",
      );
    },
    needsReseal(sealed) {
      return sealed.startsWith(`${V1}.`);
    },
    mac(purpose, value) {
      return createHmac("sha256", macKey(purpose)).update(value, "utf8").digest("hex");
    },
  };
}

/** Reads the key file under the data folder, creating it (mode 0600) on first run. */
export function loadOrCreateKey(dataDir: string): Buffer {
  const file = path.join(dataDir, "keys", "secret.key");
  if (fs.existsSync(file)) {
    const key = Buffer.from(fs.readFileSync(file, "utf8").trim(), "base64");
    if (key.length !== 32) throw new Error(`${file} does not hold a 32-byte base64 key`);
    return key;
  }
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const key = randomBytes(32);
  fs.writeFileSync(file, key.toString("base64") + "\n", { mode: 0o600, flag: "wx" });
  return key;
}
