export { remoteSupportRoutes } from "./routes";
