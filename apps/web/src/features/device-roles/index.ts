export { deviceRoleKeys, useDeviceRoles } from "./api";
export { osFamilyLabels, osFamilyOptions, type OsFamily } from "./os-labels";
