import { lazyPage, type RouteEntry } from "../../routing";

const page = {
  system: lazyPage(() => import("./pages/MaintenancePage"), "SystemMaintenancePage"),
  organization: lazyPage(() => import("./pages/MaintenancePage"), "OrganizationMaintenancePage"),
};

/** The maintenance pages: a tab of the system dashboard and one of each organization's dashboard. */
export const maintenanceRoutes: RouteEntry[] = [
  {
    path: "/systemDashboard/maintenance",
    page: page.system,
    title: "dashboard.routes.maintenanceArea",
    access: "devices.read",
    section: "dashboard.routes.section",
    tab: { group: "systemDashboard", label: "dashboard.routes.maintenance", order: 20 },
  },
  {
    path: "/customerDashboard/:id/maintenance",
    page: page.organization,
    title: "organizations.routes.maintenanceArea",
    access: "devices.read",
    section: "shell.sections.organizations",
    parent: "/customerDashboard/:id/overview",
    tab: { group: "customerDashboard", label: "organizations.routes.maintenance", order: 20 },
  },
];
