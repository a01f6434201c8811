import { keyFingerprint } from "./identity.js";

/** A fingerprint given as hex or base64url, as lower-case hex; undefined when it is neither. */
export function normalizeFingerprint(value: string): string | undefined {
  const v = value.trim().replace(/^sha256:/i, "");
  if (/^[0-9a-fA-F]{64}$/.test(v)) return v.toLowerCase();
  if (/^[A-Za-z0-9_-]{43}=?$/.test(v)) {
    const bytes = Buffer.from(v.replace(/=$/, ""), "base64url");
    if (bytes.length === 32) return bytes.toString("hex");
  }
  return undefined;
}

/**
 * Checks the server key of an enrollment answer against the fingerprint from the install
 * command: a man in the middle at enrollment cannot get his own key pinned.
 */
export function checkServerKey(
  serverPublicKey: string,
  expectedFingerprint: string | undefined,
): string | null {
  if (expectedFingerprint === undefined) return null;
  const expected = normalizeFingerprint(expectedFingerprint);
  if (!expected) return "The --server-key-fingerprint value is not a SHA-256 in hex or base64url.";
  if (keyFingerprint(serverPublicKey) !== expected)
    return "The server's command-signing key does not match --server-key-fingerprint; enrollment refused (nothing was saved).";
  return null;
}
