export { organizationRoutes } from "./routes";
export { organizationKeys } from "./api";
