export { technicianKeys, useTechnicians } from "./api";
