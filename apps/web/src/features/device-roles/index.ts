export { useDeviceRoles, useInvalidateDeviceRoles } from "./api";
