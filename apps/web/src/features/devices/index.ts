export { useDeviceSearchLink, type DeviceFilters } from "./grid/grid-state";
export { DeviceName, SimulatedBadge, StatusBadge } from "./components/DeviceName";
export { ActivityList } from "./components/ActivityList";
export { DeviceWidgets } from "./components/DeviceWidgets";
export { useGroups } from "./api";
// The device search's criteria, as other features pick and show them (dynamic policies).
export { useCriteriaText } from "./components/CriteriaSummary";
export { CriteriaDrawer } from "./grid/CriteriaDrawer";
// The frame of a /deviceDashboard/:id/… page (other features add device tabs: backup).
export { DevicePage } from "./dashboard/DevicePage";
