export { organizationKeys, useLocationOptions, useOrganization, useOrganizationOptions } from "./api";
