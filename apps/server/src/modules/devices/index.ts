export { createDevicesService, type DevicesService } from "./devices.service.js";
export type { DeviceRow, NewDevice, ActivityType } from "./devices.repository.js";
