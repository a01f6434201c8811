import { z } from "zod";
import { resolveParameterValues, type ScriptParameterDefinition, type ScriptPreset } from "@steward/domain";
import type { Db } from "../../platform/db/database.js";
import { AppError } from "../../platform/errors/app-error.js";
import { ScriptsRepository, type ScriptForJob } from "./scripts.repository.js";

/** Library lookups of one submit: a fan-out to 10,000 devices reads each script once. */
export type ScriptLookupCache = Map<number, Promise<ScriptForJob | undefined>>;

const libraryReference = z.object({
  scriptId: z.number().int().positive(),
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
  return new AppError("E_VALIDATION", 400, `${at(issue).join(".")}: ${issue.message}`, {
    issues: all.map((i) => ({ path: at(i), message: i.message })),
  });
}

/**
 * An ACTION job's content with `scriptId` runs the library script: its body, language and
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
  if (content.scriptId === undefined) {
    if (content.presetName !== undefined) {
      throw new AppError(
        "E_VALIDATION",
        400,
        "content.presetName: presets belong to library scripts; give a scriptId",
      );
    }
    return content;
  }
  const parsed = libraryReference.safeParse(content);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw first ? invalid(first, parsed.error.issues) : new AppError("E_VALIDATION", 400, "content: invalid");
  }
  const ref = parsed.data;
  let lookup = cache.get(ref.scriptId);
  if (!lookup) {
    lookup = new ScriptsRepository(db).forJob(ref.scriptId);
    cache.set(ref.scriptId, lookup);
  }
  const script = await lookup;
  if (!script)
    throw new AppError("E_SCRIPT_NOT_FOUND", 404, `content.scriptId: no script with id ${ref.scriptId}`);

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
    scriptId: script.id,
    script: { name: script.name, language: script.language, body: script.body, os: script.os },
    parameters: values,
    timeoutSeconds: ref.timeoutSeconds ?? script.timeoutSeconds,
  };
}
