export { timeZoneOptions, browserTimeZone } from "./components/time-zones";
export { useGeneralSettings } from "./api";
