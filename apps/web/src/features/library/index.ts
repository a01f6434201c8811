export { libraryRoutes } from "./routes";
