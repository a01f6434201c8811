import { describe, expect, it } from "vitest";
import { backoffDelay } from "./backoff.js";

describe("reconnect backoff", () => {
  it("grows exponentially from 1 s and caps at 60 s", () => {
    const top = (attempt: number) => backoffDelay(attempt, () => 1);
    expect([0, 1, 2, 3, 4, 5, 6, 7, 30].map(top)).toEqual([
      1000, 2000, 4000, 8000, 16000, 32000, 60000, 60000, 60000,
    ]);
  });
  it("jitters within the upper half of the window so agents spread out", () => {
    expect(backoffDelay(3, () => 0)).toBe(4000);
    const seen = new Set(Array.from({ length: 50 }, () => backoffDelay(5)));
    expect(seen.size).toBeGreaterThan(10);
    for (const d of seen) expect(d >= 16000 && d <= 32000).toBe(true);
  });
});
