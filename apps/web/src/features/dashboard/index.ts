export { dashboardKeys } from "./api";
