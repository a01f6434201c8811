import { lazyPage, type RouteEntry } from "../../routing";

const page = {
  system: lazyPage(() => import("./pages/AlertsPage"), "SystemAlertsPage"),
  organization: lazyPage(() => import("./pages/AlertsPage"), "OrganizationAlertsPage"),
};

/** The alerts pages: a tab of the system dashboard and one of each organization's dashboard. */
export const alertRoutes: RouteEntry[] = [
  {
    path: "/systemDashboard/alerts",
    page: page.system,
    title: "dashboard.routes.alerts",
    access: "devices.read",
    section: "dashboard.routes.section",
    tab: { group: "systemDashboard", label: "dashboard.routes.alerts", order: 40 },
  },
  {
    path: "/customerDashboard/:id/alerts",
    page: page.organization,
    title: "organizations.routes.alerts",
    access: "devices.read",
    section: "shell.sections.organizations",
    parent: "/customerDashboard/:id/overview",
    tab: { group: "customerDashboard", label: "organizations.routes.alerts", order: 40 },
  },
];
