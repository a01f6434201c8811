export { useDeviceSearchLink, type DeviceFilters } from "./grid/grid-state";
export { DeviceName, SimulatedBadge, StatusBadge } from "./components/DeviceName";
export { ActivityList } from "./components/ActivityList";
export { DeviceWidgets } from "./components/DeviceWidgets";
export { useGroups } from "./api";
