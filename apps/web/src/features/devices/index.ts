export { deviceRoutes } from "./routes";
