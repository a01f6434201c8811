import { describe, expect, it } from "vitest";
import { base32Decode, base32Encode, hotp, matchTotpStep, otpauthUrl, totp } from "./totp.js";

// RFC 6238 appendix B, SHA-1 column (8 digits, seed "12345678901234567890").
const SEED = Buffer.from("12345678901234567890", "ascii");
const VECTORS: [number, string][] = [
  [59, "94287082"],
  [1111111109, "07081804"],
  [1111111111, "14050471"],
  [1234567890, "89005924"],
  [2000000000, "69279037"],
  [20000000000, "65353130"],
];

describe("TOTP (RFC 6238)", () => {
  it.each(VECTORS)("at T=%i the SHA-1 code is %s", (time, expected) => {
    expect(totp(SEED, time, { digits: 8 })).toBe(expected);
  });

  it("matches RFC 4226 HOTP values for the first counters", () => {
    // RFC 4226 appendix D.
    expect([0, 1, 2, 3, 9].map((c) => hotp(SEED, c))).toEqual([
      "755224",
      "287082",
      "359152",
      "969429",
      "520489",
    ]);
  });

  it("accepts the current and the previous step only", () => {
    const now = 1_700_000_000;
    const step = Math.floor(now / 30);
    expect(matchTotpStep(SEED, hotp(SEED, step), now)).toBe(step);
    expect(matchTotpStep(SEED, hotp(SEED, step - 1), now)).toBe(step - 1);
    expect(matchTotpStep(SEED, hotp(SEED, step - 2), now)).toBeNull();
    expect(matchTotpStep(SEED, hotp(SEED, step + 1), now)).toBeNull();
  });

  it("round-trips base32 secrets and builds an otpauth URL authenticator apps read", () => {
    const secret = base32Encode(SEED);
    expect(secret).toBe("GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ");
    expect(base32Decode(secret).equals(SEED)).toBe(true);
    const url = new URL(otpauthUrl("Steward", "a@b.test", secret));
    expect(url.protocol).toBe("otpauth:");
    expect(url.searchParams.get("secret")).toBe(secret);
    expect(url.searchParams.get("issuer")).toBe("Steward");
    expect(decodeURIComponent(url.href)).toMatch(/^otpauth:\/\/totp\/Steward:a@b\.test\?/);
  });
});
