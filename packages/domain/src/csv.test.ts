import { describe, expect, it } from "vitest";
import { csvCell, csvLine } from "./csv.js";

describe("CSV cells", () => {
  it("prefixes cells that start like a formula with a quote", () => {
    for (const c of ["=1+1", "+1", "-1+2", "-A1", "-", "@SUM(A1)", '=HYPERLINK("http://x")', "-1e3", "-.5"])
      expect(csvCell(c).replace(/^"/, "").startsWith("'")).toBe(true);
    expect(csvCell("=cmd|' /C calc'!A0")).toBe("'=cmd|' /C calc'!A0");
    expect(csvCell("host-1")).toBe("host-1");
  });

  it("prefixes a leading tab or carriage return, which spreadsheets may skip before a formula", () => {
    expect(csvCell("\t=1+1")).toBe("'\t=1+1");
    expect(csvCell("\r=1+1")).toBe('"\'\r=1+1"');
    expect(csvCell("a\tb")).toBe("a\tb");
  });

  it("leaves plain negative numbers as they are", () => {
    expect(csvCell("-12")).toBe("-12");
    expect(csvCell("-3.5")).toBe("-3.5");
    expect(csvCell(-7)).toBe("-7");
    expect(csvCell(-0.25)).toBe("-0.25");
    expect(csvCell("-12;=1")).toBe("'-12;=1");
    expect(csvCell("-3.5.1")).toBe("'-3.5.1");
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
