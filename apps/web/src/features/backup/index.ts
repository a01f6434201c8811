export { backupRoutes } from "./routes";
