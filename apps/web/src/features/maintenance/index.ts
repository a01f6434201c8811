// The maintenance pages, placed by the system dashboard's and the organization dashboard's routes.
export { maintenancePages } from "./routes";
