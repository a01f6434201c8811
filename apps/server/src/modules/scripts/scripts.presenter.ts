import type { ScriptDetail, ScriptParameter, ScriptPreset, ScriptSummary } from "@steward/contracts";
import type { ScriptDetailRow, ScriptSummaryRow } from "./scripts.repository.js";

const person = (id: number | null, name: string | null, email: string | null) =>
  id === null ? null : { id, name: name ?? email ?? `User ${id}` };

/** A library row as the API answers it (lists leave the body out). */
export function presentScriptSummary(row: ScriptSummaryRow): ScriptSummary {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    language: row.language as ScriptSummary["language"],
    os: row.os as ScriptSummary["os"],
    architecture: row.architecture as ScriptSummary["architecture"],
    timeoutSeconds: row.timeoutSeconds,
    parameters: row.parameters as ScriptParameter[],
    presets: row.presets as ScriptPreset[],
    templateId: row.templateId,
    createdBy: person(row.createdByUserId, row.createdByName, row.createdByEmail),
    updatedBy: person(row.updatedByUserId, row.updatedByName, row.updatedByEmail),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function presentScript(row: ScriptDetailRow): ScriptDetail {
  return { ...presentScriptSummary(row), body: row.body };
}
