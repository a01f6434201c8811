import type { ScriptDetail, ScriptTemplate, SubmitJobRequest } from "@steward/contracts";
import type { ParameterValues } from "./ParameterInputs";

/** "s:12" (library script 12) or "t:disk-cleanup" (template). */
export type ScriptChoiceValue = `s:${number}` | `t:${string}`;

export type ChosenScript =
  { kind: "library"; script: ScriptDetail } | { kind: "template"; script: ScriptTemplate };

export interface RunSettings {
  presetName: string | null;
  runAs: string;
  timeoutSeconds: number;
  values: ParameterValues;
}

export type ScriptJob = SubmitJobRequest["nodes"][number]["jobs"][number];
type Job = ScriptJob;

/**
 * The ACTION job for a run: a library script goes by scriptId, a template by templateId; the
 * server merges the values over the preset and the defaults, checks them, and keeps the preset's
 * name with the job.
 */
export function buildScriptJob(chosen: ChosenScript, settings: RunSettings): Job {
  const { script } = chosen;
  const given = script.parameters.map((p) => ({ name: p.name, value: settings.values[p.name] ?? "" }));
  return {
    jobType: "ACTION",
    jobName: script.name,
    content: {
      ...(chosen.kind === "library" ? { scriptId: chosen.script.id } : { templateId: chosen.script.id }),
      parameters: given,
      runAs: settings.runAs,
      timeoutSeconds: settings.timeoutSeconds,
      ...(settings.presetName ? { presetName: settings.presetName } : {}),
    },
  };
}
