export { settingsRoutes } from "./routes";
