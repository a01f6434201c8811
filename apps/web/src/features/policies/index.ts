export { policyRoutes } from "./routes";
