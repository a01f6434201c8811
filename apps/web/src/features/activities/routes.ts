import { lazyPage, type RouteEntry, type TabEntry } from "../../routing";

const page = {
  systemActivities: lazyPage(() => import("./pages/ActivityPages"), "SystemActivitiesPage"),
  customerActivities: lazyPage(() => import("./pages/ActivityPages"), "CustomerActivitiesPage"),
  systemPending: lazyPage(() => import("./pages/ActivityPages"), "SystemPendingScriptsPage"),
  customerPending: lazyPage(() => import("./pages/ActivityPages"), "CustomerPendingScriptsPage"),
};

const tab = (group: string, label: string, order: number, to?: string): TabEntry => ({
  group,
  label,
  order,
  ...(to ? { to } : {}),
});

/** Activities and pending scripts at system and organization level (the device level is the device dashboard's). */
export const activityRoutes: RouteEntry[] = [
  {
    path: "/systemDashboard/pendingScripts",
    page: page.systemPending,
    title: "Pending scripts",
    access: "devices.read",
    section: "Dashboard",
    tab: tab("systemDashboard", "Pending scripts", 30),
  },
  {
    path: "/systemDashboard/activities/:page",
    page: page.systemActivities,
    title: "Activities",
    access: "devices.read",
    section: "Dashboard",
    tab: tab("systemDashboard", "Activities", 100, "/systemDashboard/activities/1"),
  },
  {
    path: "/customerDashboard/:id/pendingScripts",
    page: page.customerPending,
    title: "Pending scripts",
    access: "devices.read",
    section: "Organizations",
    parent: "/customerDashboard/:id/overview",
    tab: tab("customerDashboard", "Pending scripts", 30),
  },
  {
    path: "/customerDashboard/:id/activities/:page",
    page: page.customerActivities,
    title: "Activities",
    access: "devices.read",
    section: "Organizations",
    parent: "/customerDashboard/:id/overview",
    tab: tab("customerDashboard", "Activities", 100, "/customerDashboard/:id/activities/1"),
  },
];
