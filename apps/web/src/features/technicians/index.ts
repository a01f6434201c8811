export { useTechnicians } from "./api";
