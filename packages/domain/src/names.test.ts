import { describe, expect, it } from "vitest";
import { escapeLikePattern, findDuplicateName, nameKey } from "./names.js";

describe("nameKey", () => {
  it("ignores case and surrounding spaces", () => {
    expect(nameKey("  Main Office ")).toBe(nameKey("main office"));
    expect(nameKey("Main Office")).not.toBe(nameKey("Main  Office"));
  });
});

describe("findDuplicateName", () => {
  it("returns null when every name differs", () => {
    expect(findDuplicateName(["Main Office", "Warehouse", "Branch"])).toBeNull();
    expect(findDuplicateName([])).toBeNull();
  });

  it("returns the repeated name as the user typed it, case-insensitively", () => {
    expect(findDuplicateName(["Main Office", "Warehouse", "main office"])).toBe("main office");
    expect(findDuplicateName(["Warehouse", " WAREHOUSE "])).toBe(" WAREHOUSE ");
  });
});

describe("escapeLikePattern", () => {
  it("makes the wildcards and the escape character literal", () => {
    expect(escapeLikePattern("100%")).toBe("100\\%");
    expect(escapeLikePattern("a_b")).toBe("a\\_b");
    expect(escapeLikePattern("c:\\temp")).toBe("c:\\\\temp");
    expect(escapeLikePattern("Acme Corp")).toBe("Acme Corp");
  });
});
