import type { PolicyDetail, PolicySummary } from "@steward/contracts";
import type { PolicyRow } from "./policies.repository.js";
import { effectiveWithNames } from "./policies.effective.js";

/** A policy row as lists answer it. */
export function presentPolicySummary(row: PolicyRow, rows: readonly PolicyRow[]): PolicySummary {
  const parent = row.parentId === null ? undefined : rows.find((r) => r.id === row.parentId);
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    deviceClass: row.deviceClass,
    parentId: row.parentId,
    parentName: parent?.name ?? null,
    isDefault: row.isDefault,
    enabled: row.enabled,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** One policy with its own overrides and every item's effective value and origin. */
export function presentPolicyDetail(row: PolicyRow, rows: readonly PolicyRow[]): PolicyDetail {
  return {
    ...presentPolicySummary(row, rows),
    items: row.items,
    effective: effectiveWithNames(row.id, rows),
  };
}
