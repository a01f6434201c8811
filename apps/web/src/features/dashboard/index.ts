export { dashboardRoutes } from "./routes";
export { dashboardKeys } from "./api";
