export { useInvalidateDashboard } from "./api";
