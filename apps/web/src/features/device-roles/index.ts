export { useDeviceRoles, useInvalidateDeviceRoles } from "./api";
export { osFamilyText } from "./os-text";
