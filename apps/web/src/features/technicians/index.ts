export { technicianRoutes } from "./routes";
export { technicianKeys } from "./api";
