import type { DeviceCriteria } from "@steward/contracts";
import { FiltersDrawer } from "./FiltersDrawer";
import { criteriaToFilters, filtersToCriteria } from "./grid-state";

interface CriteriaDrawerProps {
  opened: boolean;
  onClose(): void;
  criteria: DeviceCriteria;
  onApply(criteria: DeviceCriteria): void;
}

/** The device grid's filters drawer, editing a device search's criteria (dynamic policies pick theirs with it). */
export function CriteriaDrawer({ opened, onClose, criteria, onApply }: CriteriaDrawerProps) {
  return (
    <FiltersDrawer
      opened={opened}
      onClose={onClose}
      filters={criteriaToFilters(criteria)}
      onApply={(filters) => onApply(filtersToCriteria(filters))}
    />
  );
}
