import { lazyPage } from "../../routing";

const page = {
  system: lazyPage(() => import("./pages/MaintenancePage"), "SystemMaintenancePage"),
  organization: lazyPage(() => import("./pages/MaintenancePage"), "OrganizationMaintenancePage"),
};

/** The two maintenance pages; the dashboard and organization features place them in their tabs. */
export const maintenancePages = page;
