import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { builtInRunAsChoices } from "./run-as.js";
import {
  checkParameterValue,
  checkScriptDefinition,
  initialParameterValues,
  parameterValueErrors,
  resolveParameterValues,
  type ScriptParameterDefinition,
} from "./scripts.js";

const text = (name: string, extra: Partial<ScriptParameterDefinition> = {}): ScriptParameterDefinition => ({
  name,
  label: name,
  type: "text",
  required: false,
  defaultValue: "",
  ...extra,
});

describe("checkParameterValue", () => {
  it("applies the spec's mandatory and numeric messages", () => {
    expect(checkParameterValue(text("a", { required: true }), "  ")).toBe(
      "Mandatory value is undefined. Please enter a value.",
    );
    expect(checkParameterValue(text("a"), "")).toBeNull();
    const n = text("n", { type: "number" });
    for (const ok of ["0", "-3", "12.50"]) expect(checkParameterValue(n, ok)).toBeNull();
    expect(checkParameterValue(n, "2e5")).toBe("Must not be in scientific notation");
    for (const bad of ["1,5", "abc", ".5", "1.", "0x10", "Infinity"])
      expect(checkParameterValue(n, bad)).toBe("Invalid");
  });

  it("takes booleans as true or false, and choices exactly", () => {
    const b = text("b", { type: "boolean" });
    expect(checkParameterValue(b, "true")).toBeNull();
    expect(checkParameterValue(b, "TRUE")).toBe("Enter true or false");
    const c = text("c", { type: "choice", choices: ["Enable", "Disable"] });
    expect(checkParameterValue(c, "Enable")).toBeNull();
    expect(checkParameterValue(c, "enable")).toBe("Choose one of: Enable, Disable");
  });
});

describe("checkScriptDefinition", () => {
  it("finds every problem with its path", () => {
    const issues = checkScriptDefinition(
      [text("Host"), text("host"), text("c", { type: "choice", choices: [] }), text("t", { choices: ["x"] })],
      [
        { name: "p", values: { t: "fine" } },
        { name: "P", values: {} },
      ],
    );
    expect(issues).toEqual([
      {
        path: ["parameters", 1, "name"],
        message: 'Another parameter is already named "host" (names are compared without case)',
      },
      { path: ["parameters", 2, "choices"], message: "Give at least one choice" },
      { path: ["parameters", 3, "choices"], message: "Only choice parameters have choices" },
      { path: ["presets", 1, "name"], message: 'Another preset is already named "P"' },
    ]);
  });
});

describe("resolveParameterValues", () => {
  const defs = [
    text("a", { defaultValue: "A" }),
    text("b", { type: "number", defaultValue: "1" }),
    text("c", { required: true }),
  ];
  const presets = [{ name: "Fast", values: { b: "2", c: "preset" } }];

  it("takes given over preset over default, in declared order", () => {
    expect(resolveParameterValues(defs, presets, "Fast", [{ name: "c", value: "given" }])).toEqual({
      values: [
        { name: "a", value: "A" },
        { name: "b", value: "2" },
        { name: "c", value: "given" },
      ],
      issues: [],
    });
  });

  it("reports an unknown preset, unknown parameters and missing required values", () => {
    const { issues } = resolveParameterValues(defs, presets, "Slow", [{ name: "zzz", value: "1" }]);
    expect(issues).toEqual([
      { path: ["presetName"], message: 'The script has no preset "Slow"' },
      { path: ["parameters", "zzz"], message: 'The script has no parameter "zzz"' },
      { path: ["parameters", "c"], message: "Mandatory value is undefined. Please enter a value." },
    ]);
  });

  it("never lets a stripped character through and always answers every declared parameter (property)", () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ name: fc.constantFrom("a", "b", "c"), value: fc.string() }), { maxLength: 6 }),
        (given) => {
          const { values } = resolveParameterValues(defs, presets, undefined, given);
          expect(values.map((v) => v.name)).toEqual(["a", "b", "c"]);
          for (const v of values) expect(v.value).not.toMatch(/[&|;$><`!]/);
        },
      ),
    );
  });
});

describe("built-in run-as choices", () => {
  it("are System plus the OS's own", () => {
    expect(builtInRunAsChoices.WINDOWS.map((c) => c.label)).toEqual([
      "System",
      "Current Logged on User",
      "Preferred Windows Local Admin",
      "Preferred Windows Domain Admin",
    ]);
    expect(builtInRunAsChoices.MAC.map((c) => c.label)).toEqual(["System", "Preferred Mac Credential"]);
    expect(builtInRunAsChoices.LINUX.map((c) => c.label)).toEqual(["System", "Preferred Linux Credential"]);
  });
});

describe("starting values and their messages", () => {
  const params: ScriptParameterDefinition[] = [
    text("path", { defaultValue: "C:\\Temp & more", required: true }),
    { name: "count", label: "Count", type: "number", required: false, defaultValue: "3" },
  ];

  it("takes a preset's value over the default, and strips script characters from both", () => {
    expect(initialParameterValues(params)).toEqual({ path: "C:\\Temp  more", count: "3" });
    expect(initialParameterValues(params, { values: { count: "7;" } })).toEqual({
      path: "C:\\Temp  more",
      count: "7",
    });
  });

  it("names every parameter that may not run, with its message", () => {
    expect(parameterValueErrors(params, { path: "x", count: "3" })).toEqual({});
    const errors = parameterValueErrors(params, { path: " ", count: "1e3" });
    expect(Object.keys(errors).sort()).toEqual(["count", "path"]);
    expect(errors.path).toBe(checkParameterValue(params[0]!, ""));
    expect(errors.count).toBe(checkParameterValue(params[1]!, "1e3"));
  });
});
