import { generateKeyPairSync } from "node:crypto";
import { describe, expect, it } from "vitest";
import { keyFingerprint } from "./identity.js";
import { checkServerKey, normalizeFingerprint } from "./server-key.js";

const rawKey = () => {
  const spki = generateKeyPairSync("ed25519").publicKey.export({ format: "der", type: "spki" });
  return spki.subarray(spki.length - 32).toString("base64");
};

describe("pinning the server key at enrollment", () => {
  const serverKey = rawKey();
  const fingerprint = keyFingerprint(serverKey);

  it("accepts the answer whose key matches the install command's fingerprint (hex or base64url)", () => {
    expect(checkServerKey(serverKey, fingerprint)).toBeNull();
    expect(checkServerKey(serverKey, fingerprint.toUpperCase())).toBeNull();
    const b64url = Buffer.from(fingerprint, "hex").toString("base64url");
    expect(normalizeFingerprint(b64url)).toBe(fingerprint);
    expect(checkServerKey(serverKey, b64url)).toBeNull();
  });

  it("refuses an answer carrying another key (a man in the middle's)", () => {
    const attacker = rawKey();
    expect(checkServerKey(attacker, fingerprint)).toMatch(/does not match --server-key-fingerprint/);
  });

  it("refuses a fingerprint that is not a SHA-256", () => {
    expect(normalizeFingerprint("abc")).toBeUndefined();
    expect(checkServerKey(serverKey, "not-a-fingerprint")).toMatch(/not a SHA-256/);
  });
});
