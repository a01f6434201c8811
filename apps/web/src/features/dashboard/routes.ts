import { IconLayoutDashboard, IconRocket } from "@tabler/icons-react";
import { lazyPage, type RouteEntry } from "../../routing";
import { NotAvailablePage } from "../../ui";

const page = {
  getStarted: lazyPage(() => import("./pages/GetStartedPage"), "GetStartedPage"),
  overview: lazyPage(() => import("./pages/SystemOverviewPage"), "SystemOverviewPage"),
};

const tab = (label: string, order: number, to?: string) => ({
  group: "systemDashboard",
  label,
  order,
  ...(to ? { to } : {}),
});

/** A system-dashboard page not built yet. */
const later = (path: string, title: string, area: string, extra: Partial<RouteEntry> = {}): RouteEntry => ({
  path,
  page: NotAvailablePage,
  title,
  area,
  access: "dashboard.read",
  section: "Dashboard",
  ...extra,
});

export const dashboardRoutes: RouteEntry[] = [
  {
    path: "/getStarted",
    page: page.getStarted,
    title: "Get started",
    access: "dashboard.read",
    nav: { section: "main", order: 10, icon: IconRocket },
  },
  {
    path: "/systemDashboard/overview",
    page: page.overview,
    title: "System overview",
    access: "dashboard.read",
    section: "Dashboard",
    tab: tab("Overview", 10),
    nav: { section: "main", label: "Dashboard", order: 20, icon: IconLayoutDashboard },
  },
  later("/systemDashboard/maintenance", "Maintenance", "Maintenance windows", {
    tab: tab("Maintenance", 20),
  }),
  later("/systemDashboard/alerts", "Alerts", "Alerts", { tab: tab("Alerts", 40) }),
  later("/systemDashboard/threats/:page", "Threats", "Threats (endpoint security)", {
    tab: tab("Threats", 50, "/systemDashboard/threats/1"),
  }),
  later("/systemDashboard/approvals/:page", "Approvals", "Device approvals", {
    tab: tab("Approvals", 60, "/systemDashboard/approvals/1"),
  }),
  later("/systemDashboard/software/:page", "Software", "Software inventory and patching", {
    tab: tab("Software", 70, "/systemDashboard/software/1"),
  }),
  later("/systemDashboard/osPatches/:page", "OS patches", "Operating system patches", {
    tab: tab("OS patches", 80, "/systemDashboard/osPatches/1"),
  }),
  later(
    "/systemDashboard/activities/remoteControl",
    "Remote control activities",
    "Remote control activities",
    {
      parent: "/systemDashboard/activities/:page",
    },
  ),
  later("/systemDashboard/activities/remoteTools", "Remote tools activities", "Remote tools activities", {
    parent: "/systemDashboard/activities/:page",
  }),
  later("/systemDashboard/knowledgeBase", "Knowledge base", "Knowledge base", {
    tab: tab("Knowledge base", 110),
  }),
];
