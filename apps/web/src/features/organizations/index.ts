export { useLocationOptions, useOrganization, useOrganizationOptions } from "./api";
