export { useDeviceSearchLink, type DeviceFilters } from "./grid/grid-state";
export { DeviceName, SimulatedBadge, StatusBadge } from "./components/DeviceName";
export { ActivityList } from "./components/ActivityList";
export { DeviceWidgets } from "./components/DeviceWidgets";
export { useGroups } from "./api";
// The device search's criteria, as other features pick and show them (dynamic policies).
export { criteriaText } from "./components/CriteriaSummary";
export { FiltersDrawer } from "./grid/FiltersDrawer";
export { criteriaToFilters, filtersToCriteria } from "./grid/grid-state";
