export { integrationRoutes } from "./routes";
export { integrationKinds, appsPath } from "./kinds";
