export { useGeneralSettings } from "./api";
