import { z } from "zod";
import {
  saveScriptRequest,
  type SaveScriptRequest,
  type ScriptDetail,
  type ScriptTemplate,
} from "@steward/contracts";
import {
  SCRIPT_DEFAULT_TIMEOUT_SECONDS,
  type ScriptArchitecture,
  type ScriptLanguage,
  type ScriptOs,
} from "@steward/domain";
import { newParameter, type ParameterDraft } from "./ParametersEditor";
import { newPreset, type PresetDraft } from "./PresetsEditor";

export interface ScriptDraft extends Record<string, unknown> {
  name: string;
  description: string;
  language: ScriptLanguage;
  os: ScriptOs;
  architecture: ScriptArchitecture;
  timeoutSeconds: number | string;
  parameters: ParameterDraft[];
  presets: PresetDraft[];
  body: string;
}

export const emptyDraft = (): ScriptDraft => ({
  name: "",
  description: "",
  language: "bash",
  os: "LINUX",
  architecture: "ALL",
  timeoutSeconds: SCRIPT_DEFAULT_TIMEOUT_SECONDS,
  parameters: [],
  presets: [],
  body: "",
});

export function draftOf(script: ScriptDetail | ScriptTemplate): ScriptDraft {
  return {
    name: script.name,
    description: script.description,
    language: script.language,
    os: script.os,
    architecture: script.architecture,
    timeoutSeconds: script.timeoutSeconds,
    parameters: script.parameters.map((p) => ({
      ...newParameter(),
      name: p.name,
      label: p.label,
      type: p.type,
      required: p.required,
      defaultValue: p.defaultValue,
      choices: p.choices ?? [],
      description: p.description,
    })),
    presets: script.presets.map((p) => ({ ...newPreset(), name: p.name, values: { ...p.values } })),
    body: script.body,
  };
}

/** The draft as the request body (validated with the contract's saveScriptRequest before sending). */
export function requestOf(draft: ScriptDraft): SaveScriptRequest {
  return {
    name: draft.name,
    description: draft.description,
    language: draft.language,
    os: draft.os,
    architecture: draft.architecture,
    timeoutSeconds: draft.timeoutSeconds === "" ? Number.NaN : Number(draft.timeoutSeconds),
    parameters: draft.parameters.map((p) => ({
      name: p.name.trim(),
      label: p.label,
      type: p.type,
      required: p.required,
      defaultValue: p.defaultValue,
      ...(p.type === "choice" ? { choices: p.choices } : {}),
      description: p.description,
    })),
    presets: draft.presets.map((p) => ({ name: p.name, values: p.values })),
    body: draft.body,
  };
}

/** Compared as request bodies, so keys and ids of the drafts do not count as changes. */
export function sameDraft(a: ScriptDraft, b: ScriptDraft): boolean {
  return JSON.stringify(requestOf(a)) === JSON.stringify(requestOf(b));
}

/**
 * The contract's rules over a draft: the draft becomes the request body first, so messages land
 * on the same paths ("parameters.0.name", "presets.1.values.days") the form's fields use.
 */
export const scriptDraftSchema = z.preprocess((draft) => requestOf(draft as ScriptDraft), saveScriptRequest);
