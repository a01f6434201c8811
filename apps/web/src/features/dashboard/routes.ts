import { IconLayoutDashboard, IconRocket } from "@tabler/icons-react";
import type { MessageKey } from "../../i18n";
import { lazyPage, type RouteEntry, type TabEntry } from "../../routing";
import { NotAvailablePage } from "../../ui";

const page = {
  getStarted: lazyPage(() => import("./pages/GetStartedPage"), "GetStartedPage"),
  overview: lazyPage(() => import("./pages/SystemOverviewPage"), "SystemOverviewPage"),
};

const tab = (label: MessageKey, order: number, to?: string): TabEntry => ({
  group: "systemDashboard",
  label,
  order,
  ...(to ? { to } : {}),
});

/** A system-dashboard page not built yet. */
const later = (
  path: string,
  title: MessageKey,
  area: MessageKey,
  extra: Partial<RouteEntry> = {},
): RouteEntry => ({
  path,
  page: NotAvailablePage,
  title,
  area,
  access: "dashboard.read",
  section: "dashboard.routes.section",
  ...extra,
});

export const dashboardRoutes: RouteEntry[] = [
  {
    path: "/getStarted",
    page: page.getStarted,
    title: "dashboard.routes.getStarted",
    access: "dashboard.read",
    nav: { section: "main", order: 10, icon: IconRocket },
  },
  {
    path: "/systemDashboard/overview",
    page: page.overview,
    title: "dashboard.routes.overview",
    access: "dashboard.read",
    section: "dashboard.routes.section",
    tab: tab("dashboard.routes.overviewTab", 10),
    nav: { section: "main", label: "dashboard.routes.dashboard", order: 20, icon: IconLayoutDashboard },
  },
  later("/systemDashboard/threats/:page", "dashboard.routes.threats", "dashboard.routes.threatsArea", {
    tab: tab("dashboard.routes.threats", 50, "/systemDashboard/threats/1"),
  }),
  later("/systemDashboard/approvals/:page", "dashboard.routes.approvals", "dashboard.routes.approvalsArea", {
    tab: tab("dashboard.routes.approvals", 60, "/systemDashboard/approvals/1"),
  }),
  later("/systemDashboard/software/:page", "dashboard.routes.software", "dashboard.routes.softwareArea", {
    tab: tab("dashboard.routes.software", 70, "/systemDashboard/software/1"),
  }),
  later("/systemDashboard/osPatches/:page", "dashboard.routes.osPatches", "dashboard.routes.osPatchesArea", {
    tab: tab("dashboard.routes.osPatches", 80, "/systemDashboard/osPatches/1"),
  }),
  later(
    "/systemDashboard/activities/remoteControl",
    "dashboard.routes.remoteControl",
    "dashboard.routes.remoteControl",
    {
      parent: "/systemDashboard/activities/:page",
    },
  ),
  later(
    "/systemDashboard/activities/remoteTools",
    "dashboard.routes.remoteTools",
    "dashboard.routes.remoteTools",
    {
      parent: "/systemDashboard/activities/:page",
    },
  ),
  later(
    "/systemDashboard/knowledgeBase",
    "dashboard.routes.knowledgeBase",
    "dashboard.routes.knowledgeBase",
    {
      tab: tab("dashboard.routes.knowledgeBase", 110),
    },
  ),
];
