import { describe, expect, it } from "vitest";
import { STRIPPED_SCRIPT_CHARACTERS, stripScriptText } from "./script-text.js";

describe("script parameter text", () => {
  it("strips exactly & | ; $ > < backtick !", () => {
    expect(STRIPPED_SCRIPT_CHARACTERS.join("")).toBe("&|;$><`!");
    expect(stripScriptText("a&b|c;d$e>f<g`h!i")).toBe("abcdefghi");
  });
  it("keeps quotes, spaces, backslashes and unicode as they are", () => {
    const kept = `it's "quoted" \\ path\\to (x) {y} [z] * ? ~ # % ^ = + é 日本`;
    expect(stripScriptText(kept)).toBe(kept);
  });
});
