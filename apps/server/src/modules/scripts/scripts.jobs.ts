import { z } from "zod";
import { resolveParameterValues, type ScriptParameterDefinition, type ScriptPreset } from "@steward/domain";
import type { Db } from "../../platform/db/database.js";
import { AppError } from "../../platform/errors/app-error.js";
import type { ScriptTemplate } from "@steward/contracts";
import { scriptForJob, type ScriptForJob } from "./scripts.repository.js";
import { scriptTemplates } from "./templates/index.js";

/** Library lookups of one submit: a fan-out to 10,000 devices reads each script once. */
export type ScriptLookupCache = Map<number, Promise<ScriptForJob | undefined>>;

const scriptReference = z.object({
  scriptId: z.number().int().positive().optional(),
  templateId: z.string().trim().min(1).max(100).optional(),
  presetName: z.string().trim().min(1).max(100).optional(),
  parameters: z
    .array(z.object({ name: z.string().max(64), value: z.string().max(10_000) }))
    .max(50)
    .default([]),
  timeoutSeconds: z.number().int().min(1).max(86_400).optional(),
});

type Issue = { path: PropertyKey[]; message: string };

/** The job engine's error shape: "content.<path>: <message>", every issue in details. */
function invalid(issue: Issue, all: readonly Issue[]): AppError {
  const at = (i: Issue) => ["content", ...i.path.map(String)];
  return new AppError(
    "E_VALIDATION",
    400,
    { id: "errors.validation.field", values: { field: at(issue).join("."), issue: issue.message } },
    { issues: all.map((i) => ({ path: at(i), message: i.message })) },
  );
}

/**
 * An ACTION job's content with `scriptId` runs the library script (with `templateId`, the
 * built-in template script, the same way): its body, language and
 * default timeout are copied into the job at submit time (the job keeps what actually ran),
 * the given parameter values are merged over the preset (`presetName`) and the defaults, and
 * every value is stripped and checked against the script's typed parameters. A given
 * `content.script` is replaced by the library's current version. Content without `scriptId`
 * is returned as it came (inline scripts are the job engine's).
 */
export async function resolveScriptForJob(
  db: Db,
  content: Record<string, unknown>,
  cache: ScriptLookupCache = new Map(),
): Promise<Record<string, unknown>> {
  if (content.scriptId === undefined && content.templateId === undefined) {
    if (content.presetName !== undefined) {
      throw new AppError("E_VALIDATION", 400, {
        id: "errors.scripts.presetNeedsScript",
        values: { field: "content.presetName" },
      });
    }
    return content;
  }
  if (content.scriptId !== undefined && content.templateId !== undefined)
    throw new AppError("E_VALIDATION", 400, {
      id: "errors.scripts.scriptOrTemplate",
      values: { field: "content.templateId" },
    });
  const parsed = scriptReference.safeParse(content);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw first
      ? invalid(first, parsed.error.issues)
      : new AppError("E_VALIDATION", 400, {
          id: "errors.validation.fieldInvalid",
          values: { field: "content" },
        });
  }
  const ref = parsed.data;
  let script: ScriptForJob | ScriptTemplate | undefined;
  if (ref.scriptId === undefined) {
    script = scriptTemplates.find((t) => t.id === ref.templateId);
    if (!script)
      throw new AppError("E_SCRIPT_TEMPLATE_NOT_FOUND", 404, {
        id: "errors.scripts.noTemplate",
        values: { field: "content.templateId", id: ref.templateId ?? "" },
      });
  } else {
    const scriptId = ref.scriptId;
    let lookup = cache.get(scriptId);
    if (!lookup) {
      lookup = scriptForJob(db, scriptId);
      cache.set(scriptId, lookup);
    }
    script = await lookup;
    if (!script)
      throw new AppError("E_SCRIPT_NOT_FOUND", 404, {
        id: "errors.scripts.noScript",
        values: { field: "content.scriptId", id: scriptId },
      });
  }

  const { values, issues } = resolveParameterValues(
    script.parameters as ScriptParameterDefinition[],
    script.presets as ScriptPreset[],
    ref.presetName,
    ref.parameters,
  );
  const first = issues[0];
  if (first) throw invalid(first, issues);

  return {
    ...content,
    ...(typeof script.id === "number" ? { scriptId: script.id } : { templateId: script.id }),
    script: { name: script.name, language: script.language, body: script.body, os: script.os },
    parameters: values,
    timeoutSeconds: ref.timeoutSeconds ?? script.timeoutSeconds,
  };
}
