import { IconDeviceDesktopSearch, IconDevices } from "@tabler/icons-react";
import { lazyPage, type RouteEntry, type TabEntry } from "../../routing";
import { NotAvailablePage } from "../../ui";

const page = {
  search: lazyPage(() => import("./pages/DeviceSearchPage"), "DeviceSearchPage"),
  group: lazyPage(() => import("./pages/GroupPage"), "GroupPage"),
  groups: lazyPage(() => import("./pages/GroupsPage"), "GroupsPage"),
  overview: lazyPage(() => import("./pages/DeviceOverviewPage"), "DeviceOverviewPage"),
  details: lazyPage(() => import("./pages/DeviceDetailsPage"), "DeviceDetailsPage"),
  settings: lazyPage(() => import("./pages/DeviceSettingsPage"), "DeviceSettingsPage"),
  software: lazyPage(() => import("./pages/DeviceSoftwarePage"), "DeviceSoftwarePage"),
  tools: lazyPage(() => import("./pages/DeviceToolsPage"), "DeviceToolsPage"),
  activities: lazyPage(() => import("./pages/DeviceActivitiesPage"), "DeviceActivitiesPage"),
  customFields: lazyPage(() => import("./pages/DeviceCustomFieldsPage"), "DeviceCustomFieldsPage"),
  health: lazyPage(() => import("./pages/DeviceHealthPage"), "DeviceHealthPage"),
  cache: lazyPage(() => import("./pages/DeviceCachePage"), "DeviceCachePage"),
};

const SEARCH = "/deviceSearch";
const OVERVIEW = "/deviceDashboard/:id/overview";
const GROUPS = "/administration/devices/groups";

const tab = (label: string, order: number, to?: string): TabEntry => ({
  group: "deviceDashboard",
  label,
  order,
  ...(to ? { to } : {}),
});

const adminTab = (label: string, order: number): TabEntry => ({
  group: "administrationDevices",
  label,
  order,
});

/** A device-dashboard page. */
const devicePage = (
  path: string,
  title: string,
  pageComponent: RouteEntry["page"],
  tabEntry: TabEntry,
): RouteEntry => ({
  path,
  page: pageComponent,
  title,
  access: "devices.read",
  section: "Devices",
  parent: path === OVERVIEW ? SEARCH : OVERVIEW,
  tab: tabEntry,
});

const later = (path: string, title: string, area: string, extra: Partial<RouteEntry> = {}): RouteEntry => ({
  path,
  page: NotAvailablePage,
  title,
  area,
  access: "authenticated",
  section: "Devices",
  ...extra,
});

/** Devices: search, groups, the device dashboard and device administration. */
export const deviceRoutes: RouteEntry[] = [
  devicePage(OVERVIEW, "Device", page.overview, tab("Overview", 10)),
  devicePage("/deviceDashboard/:id/details", "Details", page.details, tab("Details", 20)),
  devicePage("/deviceDashboard/:id/settings", "Settings", page.settings, tab("Settings", 30)),
  devicePage(
    "/deviceDashboard/:id/software/:page",
    "Software",
    page.software,
    tab("Software", 40, "/deviceDashboard/:id/software/1"),
  ),
  later("/deviceDashboard/:id/osPatches/:page", "OS patches", "Device operating system patches", {
    tab: tab("OS patches", 50, "/deviceDashboard/:id/osPatches/1"),
    parent: OVERVIEW,
  }),
  devicePage(
    "/deviceDashboard/:id/tools/:page",
    "Tools",
    page.tools,
    tab("Tools", 60, "/deviceDashboard/:id/tools/1"),
  ),
  devicePage(
    "/deviceDashboard/:id/activities/:page",
    "Activities",
    page.activities,
    tab("Activities", 80, "/deviceDashboard/:id/activities/1"),
  ),
  devicePage(
    "/deviceDashboard/:id/customFields",
    "Custom fields",
    page.customFields,
    tab("Custom fields", 90),
  ),
  later("/deviceDashboard/:id/ticketing", "Ticketing", "Device ticketing", {
    tab: tab("Ticketing", 100),
    parent: OVERVIEW,
  }),
  {
    path: SEARCH,
    page: page.search,
    title: "Device search",
    access: "devices.read",
    section: "Devices",
    nav: { section: "main", order: 30, icon: IconDeviceDesktopSearch },
  },
  {
    path: "/group/:id",
    page: page.group,
    title: "Group",
    access: "devices.read",
    section: "Devices",
    parent: GROUPS,
  },
  later("/cloudMonitorDashboard/*", "Cloud monitor", "Cloud monitoring dashboard"),
  later("/mobileDashboard/*", "Mobile device", "Mobile device dashboard"),
  later("/vmDashboard/*", "Virtual machine host", "Virtualization host dashboard"),
  later("/vmGuestDashboard/*", "Virtual machine", "Virtual machine guest dashboard"),
  later("/nmsDashboard/*", "Network device", "Network monitoring dashboard"),
  later("/editor/cloudMonitor/:id?", "Cloud monitor", "Cloud monitor editor"),
  {
    path: GROUPS,
    page: page.groups,
    title: "Groups",
    access: "devices.read",
    section: "Administration",
    nav: { section: "administration", label: "Devices", order: 60, icon: IconDevices },
    tab: adminTab("Groups", 10),
  },
  {
    path: "/administration/devices/healthStatus",
    page: page.health,
    title: "Health status",
    access: "devices.read",
    section: "Administration",
    tab: adminTab("Health status", 50),
  },
  {
    path: "/administration/devices/cache",
    page: page.cache,
    title: "Cache",
    access: "devices.read",
    section: "Administration",
    tab: adminTab("Cache", 60),
  },
];
