export { organizationRoutes } from "./routes";
export { organizationKeys, useLocationOptions, useOrganization, useOrganizationOptions } from "./api";
