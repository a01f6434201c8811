export { scheduledTaskRoutes } from "./routes";
