export { scriptRoutes } from "./routes";
