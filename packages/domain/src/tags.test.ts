import { describe, expect, it } from "vitest";
import { TAG_MAX_LENGTH, validateTag } from "./tags.js";

describe("validateTag", () => {
  it("answers the exact messages, checked in a fixed order", () => {
    expect(validateTag("two words")).toBe("Tag cannot contain spaces");
    expect(validateTag("tab\there")).toBe("Tag cannot contain spaces");
    expect(validateTag('say"hi')).toBe("Tag cannot contain quotes");
    expect(validateTag("it's")).toBe("Tag cannot contain quotes");
    expect(validateTag("a,b")).toBe("Tag cannot contain commas");
    expect(validateTag("x".repeat(26))).toBe("Exceeds max character limit of 25");
    expect(validateTag("a b,c")).toBe("Tag cannot contain spaces");
  });

  it("accepts up to 25 characters", () => {
    expect(TAG_MAX_LENGTH).toBe(25);
    expect(validateTag("x".repeat(25))).toBeNull();
    expect(validateTag("floor-2")).toBeNull();
  });
});
