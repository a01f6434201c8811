import { describe, expect, it } from "vitest";
import { canonicalTimeZone } from "./time-zones.js";

describe("canonicalTimeZone", () => {
  it("keeps canonical zone names", () => {
    expect(canonicalTimeZone("UTC")).toBe("UTC");
    expect(canonicalTimeZone("Europe/Berlin")).toBe("Europe/Berlin");
  });

  it("fixes the case of a zone typed in another case", () => {
    expect(canonicalTimeZone("europe/paris")).toBe("Europe/Paris");
    expect(canonicalTimeZone("utc")).toBe("UTC");
  });

  it("rejects unknown and empty zones", () => {
    expect(canonicalTimeZone("Mars/Olympus_Mons")).toBeNull();
    expect(canonicalTimeZone("")).toBeNull();
  });
});
