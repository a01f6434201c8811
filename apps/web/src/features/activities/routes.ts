import type { MessageKey } from "../../i18n";
import { lazyPage, type RouteEntry, type TabEntry } from "../../routing";

const page = {
  systemActivities: lazyPage(() => import("./pages/ActivityPages"), "SystemActivitiesPage"),
  customerActivities: lazyPage(() => import("./pages/ActivityPages"), "CustomerActivitiesPage"),
  systemPending: lazyPage(() => import("./pages/ActivityPages"), "SystemPendingScriptsPage"),
  customerPending: lazyPage(() => import("./pages/ActivityPages"), "CustomerPendingScriptsPage"),
};

const tab = (group: string, label: MessageKey, order: number, to?: string): TabEntry => ({
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
    title: "activities.routes.pendingScripts",
    access: "devices.read",
    section: "activities.routes.dashboardSection",
    tab: tab("systemDashboard", "activities.routes.pendingScripts", 30),
  },
  {
    path: "/systemDashboard/activities/:page",
    page: page.systemActivities,
    title: "activities.routes.activities",
    access: "devices.read",
    section: "activities.routes.dashboardSection",
    tab: tab("systemDashboard", "activities.routes.activities", 100, "/systemDashboard/activities/1"),
  },
  {
    path: "/customerDashboard/:id/pendingScripts",
    page: page.customerPending,
    title: "activities.routes.pendingScripts",
    access: "devices.read",
    section: "shell.sections.organizations",
    parent: "/customerDashboard/:id/overview",
    tab: tab("customerDashboard", "activities.routes.pendingScripts", 30),
  },
  {
    path: "/customerDashboard/:id/activities/:page",
    page: page.customerActivities,
    title: "activities.routes.activities",
    access: "devices.read",
    section: "shell.sections.organizations",
    parent: "/customerDashboard/:id/overview",
    tab: tab("customerDashboard", "activities.routes.activities", 100, "/customerDashboard/:id/activities/1"),
  },
];
