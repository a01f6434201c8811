import { createCipheriv, randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createSecretBox } from "./secret-box.js";

/** The format values were sealed in before contexts existed: AES-256-GCM without associated data. */
function sealV1(key: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const data = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return ["v1", iv, cipher.getAuthTag(), data]
    .map((p) => (typeof p === "string" ? p : p.toString("base64url")))
    .join(".");
}

describe("secret box", () => {
  const key = randomBytes(32);
  const box = createSecretBox(key);

  it("opens a value only in the context it was sealed for", () => {
    const sealed = box.seal("hunter2 but longer", "credentials:12:password");
    expect(sealed.startsWith("v2.")).toBe(true);
    expect(sealed).not.toContain("hunter2");
    expect(box.open(sealed, "credentials:12:password")).toBe("hunter2 but longer");
    // Copied into another row or another kind of row: refused.
    expect(() => box.open(sealed, "credentials:13:password")).toThrow();
    expect(() => box.open(sealed, "mfa_factors:12:secret")).toThrow();
    expect(box.needsReseal(sealed)).toBe(false);
  });

  it("refuses a tampered value and a value sealed under another key", () => {
    const sealed = box.seal("secret", "ctx:1");
    const [v, iv, tag, data] = sealed.split(".");
    const flipped = Buffer.from(data!, "base64url");
    flipped[0] = flipped[0]! ^ 1;
    expect(() => box.open([v, iv, tag, flipped.toString("base64url")].join("."), "ctx:1")).toThrow();
    expect(() => createSecretBox(randomBytes(32)).open(sealed, "ctx:1")).toThrow();
    expect(() => box.seal("x", "")).toThrow();
  });

  it("still opens values sealed in the old format without a context and marks them for re-sealing", () => {
    const old = sealV1(key, "legacy secret");
    expect(box.open(old, "mfa_factors:4:secret")).toBe("legacy secret");
    expect(box.needsReseal(old)).toBe(true);
    expect(() => box.open("v9.a.b.c", "x")).toThrow();
  });

  it("derives a separate keyed hash per purpose", () => {
    const a = box.mac("recovery-code", "abcd");
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(box.mac("recovery-code", "abcd")).toBe(a);
    expect(box.mac("other", "abcd")).not.toBe(a);
    expect(createSecretBox(randomBytes(32)).mac("recovery-code", "abcd")).not.toBe(a);
  });
});
