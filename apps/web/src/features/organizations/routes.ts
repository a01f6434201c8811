import { IconBuilding } from "@tabler/icons-react";
import { lazyPage, type RouteEntry, type TabEntry } from "../../routing";
import { NotAvailablePage } from "../../ui";

const page = {
  list: lazyPage(() => import("./pages/OrganizationsPage"), "OrganizationsPage"),
  editor: lazyPage(() => import("./pages/CustomerEditorPage"), "CustomerEditorPage"),
  overview: lazyPage(() => import("./pages/CustomerOverviewPage"), "CustomerOverviewPage"),
  location: lazyPage(() => import("./pages/CustomerLocationPage"), "CustomerLocationPage"),
};

const LIST = "/administration/customers/organizations";
const OVERVIEW = "/customerDashboard/:id/overview";

const tab = (label: string, order: number, to?: string): TabEntry => ({
  group: "customerDashboard",
  label,
  order,
  ...(to ? { to } : {}),
});

/** An organization page not built yet. */
const later = (path: string, title: string, area: string, extra: Partial<RouteEntry> = {}): RouteEntry => ({
  path,
  page: NotAvailablePage,
  title,
  area,
  access: "organizations.read",
  section: "Organizations",
  parent: OVERVIEW,
  ...extra,
});

export const organizationRoutes: RouteEntry[] = [
  {
    path: LIST,
    page: page.list,
    title: "Organizations",
    access: "organizations.read",
    section: "Administration",
    nav: { section: "administration", order: 10, icon: IconBuilding },
  },
  {
    path: "/editor/customer/*",
    page: page.editor,
    title: "Edit organization",
    access: "organizations.read",
    section: "Administration",
    parent: LIST,
  },
  {
    path: OVERVIEW,
    page: page.overview,
    title: "Organization",
    access: "organizations.read",
    section: "Organizations",
    parent: LIST,
    tab: tab("Overview", 10),
  },
  {
    path: "/customerDashboard/:id/location/:location",
    page: page.location,
    title: "Location",
    access: "organizations.read",
    section: "Organizations",
    parent: OVERVIEW,
  },
  later("/customerDashboard/:id/maintenance", "Maintenance", "Maintenance windows", {
    tab: tab("Maintenance", 20),
  }),
  later("/customerDashboard/:id/alerts", "Alerts", "Alerts", { tab: tab("Alerts", 40) }),
  later("/customerDashboard/:id/threats/:page", "Threats", "Threats (endpoint security)", {
    tab: tab("Threats", 50, "/customerDashboard/:id/threats/1"),
  }),
  later("/customerDashboard/:id/approvals/:page", "Approvals", "Device approvals", {
    tab: tab("Approvals", 60, "/customerDashboard/:id/approvals/1"),
  }),
  later("/customerDashboard/:id/software/:page", "Software", "Software inventory and patching", {
    tab: tab("Software", 70, "/customerDashboard/:id/software/1"),
  }),
  later("/customerDashboard/:id/osPatches/:page", "OS patches", "Operating system patches", {
    tab: tab("OS patches", 80, "/customerDashboard/:id/osPatches/1"),
  }),
  later("/customerDashboard/:id/documentation/*", "Documentation", "Organization documentation", {
    tab: tab("Documentation", 110, "/customerDashboard/:id/documentation"),
  }),
  later("/customerDashboard/:id/ticketing", "Ticketing", "Ticketing", { tab: tab("Ticketing", 130) }),
  later("/editor/customer/:id/patching", "Patching", "Organization patching settings", {
    section: "Administration",
  }),
  later(
    "/editor/customer/:id/security-node-approvals",
    "Security node approvals",
    "Security node approvals",
    {
      section: "Administration",
    },
  ),
  later("/editor/customer/:id/virtualization", "Virtualization", "Organization virtualization settings", {
    section: "Administration",
  }),
];
