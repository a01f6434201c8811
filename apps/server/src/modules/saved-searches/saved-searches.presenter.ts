import type { SavedSearch } from "@steward/contracts";
import { criteriaOf } from "./saved-searches.criteria.js";
import type { SavedSearchRow } from "./saved-searches.repository.js";

type Extra = Record<string, string | number | boolean | null>;

export function presentSavedSearch(row: SavedSearchRow): SavedSearch {
  return {
    id: row.id,
    name: row.name,
    criteria: criteriaOf(row),
    search: row.search,
    action: row.action,
    customFields: (row.customFields ?? {}) as Extra,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * GET /api/searches item, the seed's shape: customFields is a JSON string (holding the name too),
 * and its keys are merged into the item; the item's own fields win over same-named keys.
 */
export function presentSearchesItem(row: SavedSearchRow) {
  const extra: Extra = {
    ...((row.customFields ?? {}) as Extra),
    ...(row.name === null ? {} : { name: row.name }),
  };
  return {
    ...extra,
    id: row.id,
    criteria: criteriaOf(row),
    search: row.search,
    customFields: JSON.stringify(extra),
    action: row.action,
  };
}

/** A group (a named saved search) with the number of devices it matches now. */
export function presentGroup({ row, deviceCount }: { row: SavedSearchRow; deviceCount: number }) {
  return {
    id: row.id,
    name: row.name ?? "",
    criteria: criteriaOf(row),
    search: row.search,
    deviceCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
