import { deviceCriteria, type DeviceCriteria } from "@steward/contracts";
import type { SavedSearchRow } from "./saved-searches.repository.js";

const storedCriteria = deviceCriteria.omit({ groupId: true });

/** Stored criteria that no longer parse are shown as empty; running them matches nothing. */
export const criteriaOf = (row: SavedSearchRow): DeviceCriteria => {
  const parsed = storedCriteria.safeParse(row.criteria);
  return parsed.success ? parsed.data : {};
};
