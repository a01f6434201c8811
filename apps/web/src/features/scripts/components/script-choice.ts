import type { ScriptDetail, ScriptTemplate, SubmitJobRequest } from "@steward/contracts";
import { resolveParameterValues } from "@steward/domain";
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
 * The ACTION job for a run. Library scripts go by scriptId (the server merges the values over the
 * preset and checks them); templates run inline with the values already resolved here.
 */
export function buildScriptJob(chosen: ChosenScript, settings: RunSettings): Job {
  const { script } = chosen;
  const given = script.parameters.map((p) => ({ name: p.name, value: settings.values[p.name] ?? "" }));
  if (chosen.kind === "library") {
    return {
      jobType: "ACTION",
      jobName: script.name,
      content: {
        scriptId: chosen.script.id,
        parameters: given,
        runAs: settings.runAs,
        timeoutSeconds: settings.timeoutSeconds,
        ...(settings.presetName ? { presetName: settings.presetName } : {}),
      },
    };
  }
  const resolved = resolveParameterValues(
    script.parameters,
    script.presets,
    settings.presetName ?? undefined,
    given,
  );
  return {
    jobType: "ACTION",
    jobName: script.name,
    content: {
      script: { name: script.name, language: script.language, body: chosen.script.body },
      parameters: resolved.values,
      runAs: settings.runAs,
      timeoutSeconds: settings.timeoutSeconds,
    },
  };
}
