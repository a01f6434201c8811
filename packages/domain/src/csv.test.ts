import { describe, expect, it } from "vitest";
import { csvCell, csvLine } from "./csv.js";

describe("CSV cells", () => {
  it("prefixes cells that start like a formula with a quote", () => {
    for (const c of ["=1+1", "+1", "-1", "@SUM(A1)", '=HYPERLINK("http://x")'])
      expect(csvCell(c).replace(/^"/, "").startsWith("'")).toBe(true);
    expect(csvCell("=cmd|' /C calc'!A0")).toBe("'=cmd|' /C calc'!A0");
    expect(csvCell("host-1")).toBe("host-1");
  });

  it("quotes commas, quotes and line breaks", () => {
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell("a\nb")).toBe('"a\nb"');
    expect(csvCell('=a,"b"')).toBe('"\'=a,""b"""');
    expect(csvCell(null)).toBe("");
    expect(csvCell(12.5)).toBe("12.5");
    expect(csvLine(["a", 1, true, null])).toBe("a,1,true,\r\n");
  });
});
