import { describe, expect, it } from "vitest";
import { formatBytes } from "./format";
import { getLocaleSettings } from "./store";

const english = { ...getLocaleSettings(), locale: "en" as const };

describe("formatBytes", () => {
  it("writes a count in the largest unit it reaches, fractions of a byte in Bytes", () => {
    expect(formatBytes(1536, 1, english)).toBe("1.5 KB");
    expect(formatBytes(0.5, 1, english)).toBe("0.5 Bytes");
    expect(formatBytes(0, 1, english)).toBe("0 Bytes");
  });
});
