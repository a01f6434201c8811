export { reportingRoutes } from "./routes";
