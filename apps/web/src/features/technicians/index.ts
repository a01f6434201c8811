export { technicianRoutes } from "./routes";
export { technicianKeys, useTechnicians } from "./api";
