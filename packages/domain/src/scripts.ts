import { messages } from "./messages.js";
import { STRIPPED_SCRIPT_CHARACTERS, stripScriptText } from "./script-text.js";

/** The languages the agent's script runner knows (interpreter per language). */
export const SCRIPT_LANGUAGES = ["bash", "sh", "powershell", "batch", "python"] as const;
export type ScriptLanguage = (typeof SCRIPT_LANGUAGES)[number];

export const scriptLanguageLabels: Record<ScriptLanguage, string> = {
  bash: "Bash",
  sh: "Shell (sh)",
  powershell: "PowerShell",
  batch: "Batch",
  python: "Python",
};

/** The OS a script is written for; ANY runs everywhere its interpreter exists. */
export const SCRIPT_OPERATING_SYSTEMS = ["WINDOWS", "MAC", "LINUX", "ANY"] as const;
export type ScriptOs = (typeof SCRIPT_OPERATING_SYSTEMS)[number];

export const SCRIPT_ARCHITECTURES = ["ALL", "X64", "X86", "ARM64"] as const;
export type ScriptArchitecture = (typeof SCRIPT_ARCHITECTURES)[number];

export const SCRIPT_PARAMETER_TYPES = ["text", "number", "boolean", "choice"] as const;
export type ScriptParameterType = (typeof SCRIPT_PARAMETER_TYPES)[number];

/** A parameter name: the agent passes it as STEWARD_PARAM_<NAME upper-cased>, so it is an identifier. */
export const SCRIPT_PARAMETER_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

export const SCRIPT_DEFAULT_TIMEOUT_SECONDS = 600;
export const SCRIPT_MAX_TIMEOUT_SECONDS = 86_400;
export const SCRIPT_MAX_PARAMETERS = 50;
export const SCRIPT_MAX_PRESETS = 50;
export const SCRIPT_MAX_BODY = 1_000_000;

export interface ScriptParameterDefinition {
  name: string;
  label: string;
  type: ScriptParameterType;
  required: boolean;
  /** "" means no default. Booleans are "true" / "false"; numbers are decimal text. */
  defaultValue: string;
  /** choice only: the allowed values, in display order. */
  choices?: string[] | undefined;
}

/** A named set of parameter values ("Quick", "Deep" …) picked in the Run As / preset selector. */
export interface ScriptPreset {
  name: string;
  values: Record<string, string>;
}

export const scriptMessages = {
  parameterName: "Start with a letter or _; use letters, digits and _ (at most 64)",
  parameterNameTaken: (name: string) =>
    `Another parameter is already named "${name}" (names are compared without case)`,
  choicesRequired: "Give at least one choice",
  choicesUnique: "Choices must be unique",
  choicesOnlyForChoice: "Only choice parameters have choices",
  choiceStripped: `Choices cannot contain ${STRIPPED_SCRIPT_CHARACTERS.join(" ")}`,
  presetNameTaken: (name: string) => `Another preset is already named "${name}"`,
  unknownParameter: (name: string) => `The script has no parameter "${name}"`,
  boolean: "Enter true or false",
  choice: (choices: readonly string[]) => `Choose one of: ${choices.join(", ")}`,
  unknownPreset: (name: string) => `The script has no preset "${name}"`,
} as const;

const DECIMAL = /^-?\d+(\.\d+)?$/;
const SCIENTIFIC = /^-?\d+(\.\d+)?[eE][+-]?\d+$/;

/**
 * Checks one value (already stripped of the spec's characters) against its definition.
 * Returns the message to show, or null when the value is acceptable.
 */
export function checkParameterValue(def: ScriptParameterDefinition, value: string): string | null {
  const text = value.trim();
  if (text === "") return def.required ? messages.mandatory : null;
  switch (def.type) {
    case "text":
      return null;
    case "number":
      if (SCIENTIFIC.test(text)) return messages.numeric.scientific;
      return DECIMAL.test(text) && Number.isFinite(Number(text)) ? null : messages.numeric.invalid;
    case "boolean":
      return text === "true" || text === "false" ? null : scriptMessages.boolean;
    case "choice":
      return (def.choices ?? []).includes(value) ? null : scriptMessages.choice(def.choices ?? []);
    default: {
      const exhaustive: never = def.type;
      return exhaustive;
    }
  }
}

export interface ScriptIssue {
  path: (string | number)[];
  message: string;
}

/** Rules over a script's parameter definitions and presets together (names, choices, defaults, preset values). */
export function checkScriptDefinition(
  parameters: readonly ScriptParameterDefinition[],
  presets: readonly ScriptPreset[],
): ScriptIssue[] {
  const issues: ScriptIssue[] = [];
  const seen = new Set<string>();
  parameters.forEach((p, i) => {
    const key = p.name.toUpperCase();
    if (seen.has(key))
      issues.push({ path: ["parameters", i, "name"], message: scriptMessages.parameterNameTaken(p.name) });
    seen.add(key);
    if (p.type === "choice") {
      const choices = p.choices ?? [];
      if (choices.length === 0)
        issues.push({ path: ["parameters", i, "choices"], message: scriptMessages.choicesRequired });
      else if (new Set(choices).size !== choices.length)
        issues.push({ path: ["parameters", i, "choices"], message: scriptMessages.choicesUnique });
      else if (choices.some((c) => stripScriptText(c) !== c))
        issues.push({ path: ["parameters", i, "choices"], message: scriptMessages.choiceStripped });
    } else if (p.choices !== undefined && p.choices.length > 0) {
      issues.push({ path: ["parameters", i, "choices"], message: scriptMessages.choicesOnlyForChoice });
    }
    // A default need not satisfy "required" (that is what the run supplies), only the type.
    const problem =
      p.defaultValue.trim() === "" ? null : checkParameterValue(p, stripScriptText(p.defaultValue));
    if (problem) issues.push({ path: ["parameters", i, "defaultValue"], message: problem });
  });
  const byName = new Map(parameters.map((p) => [p.name, p]));
  const presetNames = new Set<string>();
  presets.forEach((preset, i) => {
    const key = preset.name.toLowerCase();
    if (presetNames.has(key))
      issues.push({ path: ["presets", i, "name"], message: scriptMessages.presetNameTaken(preset.name) });
    presetNames.add(key);
    for (const [name, value] of Object.entries(preset.values)) {
      const def = byName.get(name);
      if (!def) {
        issues.push({ path: ["presets", i, "values", name], message: scriptMessages.unknownParameter(name) });
        continue;
      }
      const problem = value.trim() === "" ? null : checkParameterValue(def, stripScriptText(value));
      if (problem) issues.push({ path: ["presets", i, "values", name], message: problem });
    }
  });
  return issues;
}

export interface ResolvedParameters {
  /** Every declared parameter in declared order (stable positional arguments), stripped. */
  values: { name: string; value: string }[];
  issues: ScriptIssue[];
}

/**
 * The values a run uses: the given value, else the preset's, else the default — stripped of
 * the spec's characters, then checked (required, number, boolean, choice).
 */
export function resolveParameterValues(
  parameters: readonly ScriptParameterDefinition[],
  presets: readonly ScriptPreset[],
  presetName: string | undefined,
  given: readonly { name: string; value: string }[],
): ResolvedParameters {
  const issues: ScriptIssue[] = [];
  let preset: ScriptPreset | undefined;
  if (presetName !== undefined) {
    preset = presets.find((p) => p.name === presetName);
    if (!preset) issues.push({ path: ["presetName"], message: scriptMessages.unknownPreset(presetName) });
  }
  const declared = new Set(parameters.map((p) => p.name));
  const givenByName = new Map<string, string>();
  for (const g of given) {
    if (!declared.has(g.name))
      issues.push({ path: ["parameters", g.name], message: scriptMessages.unknownParameter(g.name) });
    else givenByName.set(g.name, g.value);
  }
  const values = parameters.map((def) => {
    const value = stripScriptText(givenByName.get(def.name) ?? preset?.values[def.name] ?? def.defaultValue);
    const problem = checkParameterValue(def, value);
    if (problem) issues.push({ path: ["parameters", def.name], message: problem });
    return { name: def.name, value };
  });
  return { values, issues };
}

/** The values a run starts with: the preset's, else the parameter's default (script text stripped). */
export function initialParameterValues(
  parameters: readonly Pick<ScriptParameterDefinition, "name" | "defaultValue">[],
  preset?: { values: Record<string, string> },
): Record<string, string> {
  return Object.fromEntries(
    parameters.map((p) => [p.name, stripScriptText(preset?.values[p.name] ?? p.defaultValue)]),
  );
}

/** Every parameter's message by name; empty when all may run. */
export function parameterValueErrors(
  parameters: readonly ScriptParameterDefinition[],
  values: Record<string, string>,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const p of parameters) {
    const message = checkParameterValue(p, values[p.name] ?? "");
    if (message) errors[p.name] = message;
  }
  return errors;
}
