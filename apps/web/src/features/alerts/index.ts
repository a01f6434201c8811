// What other features may use from alerts: the device overview's alerts card.
export { DeviceAlertsCard } from "./components/DeviceAlertsCard";
