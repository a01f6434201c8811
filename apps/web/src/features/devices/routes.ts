import { IconDeviceDesktopSearch, IconDevices } from "@tabler/icons-react";
import type { MessageKey } from "../../i18n";
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
  agentUpdates: lazyPage(() => import("./agent-updates/RolloutsPage"), "RolloutsPage"),
};

const SEARCH = "/deviceSearch";
const OVERVIEW = "/deviceDashboard/:id/overview";
const GROUPS = "/administration/devices/groups";

const tab = (label: MessageKey, order: number, to?: string): TabEntry => ({
  group: "deviceDashboard",
  label,
  order,
  ...(to ? { to } : {}),
});

const adminTab = (label: MessageKey, order: number): TabEntry => ({
  group: "administrationDevices",
  label,
  order,
});

/** A device-dashboard page. */
const devicePage = (
  path: string,
  title: MessageKey,
  pageComponent: RouteEntry["page"],
  tabEntry: TabEntry,
): RouteEntry => ({
  path,
  page: pageComponent,
  title,
  access: "devices.read",
  section: "devices.routes.devices",
  parent: path === OVERVIEW ? SEARCH : OVERVIEW,
  tab: tabEntry,
});

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
  access: "authenticated",
  section: "devices.routes.devices",
  ...extra,
});

/** Devices: search, groups, the device dashboard and device administration. */
export const deviceRoutes: RouteEntry[] = [
  devicePage(OVERVIEW, "devices.routes.device", page.overview, tab("devices.routes.overview", 10)),
  devicePage(
    "/deviceDashboard/:id/details",
    "devices.routes.details",
    page.details,
    tab("devices.routes.details", 20),
  ),
  devicePage(
    "/deviceDashboard/:id/settings",
    "devices.routes.settings",
    page.settings,
    tab("devices.routes.settings", 30),
  ),
  devicePage(
    "/deviceDashboard/:id/software/:page",
    "devices.routes.software",
    page.software,
    tab("devices.routes.software", 40, "/deviceDashboard/:id/software/1"),
  ),
  later("/deviceDashboard/:id/osPatches/:page", "devices.routes.osPatches", "devices.routes.osPatchesArea", {
    tab: tab("devices.routes.osPatches", 50, "/deviceDashboard/:id/osPatches/1"),
    parent: OVERVIEW,
  }),
  devicePage(
    "/deviceDashboard/:id/tools/:page",
    "devices.routes.tools",
    page.tools,
    tab("devices.routes.tools", 60, "/deviceDashboard/:id/tools/1"),
  ),
  devicePage(
    "/deviceDashboard/:id/activities/:page",
    "devices.routes.activities",
    page.activities,
    tab("devices.routes.activities", 80, "/deviceDashboard/:id/activities/1"),
  ),
  devicePage(
    "/deviceDashboard/:id/customFields",
    "devices.routes.customFields",
    page.customFields,
    tab("devices.routes.customFields", 90),
  ),
  {
    path: SEARCH,
    page: page.search,
    title: "devices.routes.search",
    access: "devices.read",
    section: "devices.routes.devices",
    nav: { section: "main", order: 30, icon: IconDeviceDesktopSearch },
  },
  {
    path: "/group/:id",
    page: page.group,
    title: "devices.routes.group",
    access: "devices.read",
    section: "devices.routes.devices",
    parent: GROUPS,
  },
  later("/cloudMonitorDashboard/*", "devices.routes.cloudMonitor", "devices.routes.cloudMonitorArea"),
  later("/mobileDashboard/*", "devices.routes.mobile", "devices.routes.mobileArea"),
  later("/vmDashboard/*", "devices.routes.vmHost", "devices.routes.vmHostArea"),
  later("/vmGuestDashboard/*", "devices.routes.vmGuest", "devices.routes.vmGuestArea"),
  later("/nmsDashboard/*", "devices.routes.network", "devices.routes.networkArea"),
  later("/editor/cloudMonitor/:id?", "devices.routes.cloudMonitor", "devices.routes.cloudMonitorEditorArea"),
  {
    path: GROUPS,
    page: page.groups,
    title: "devices.routes.groups",
    access: "devices.read",
    section: "shell.sections.administration",
    nav: { section: "administration", label: "devices.routes.devices", order: 60, icon: IconDevices },
    tab: adminTab("devices.routes.groups", 10),
  },
  {
    path: "/administration/devices/healthStatus",
    page: page.health,
    title: "devices.routes.health",
    access: "devices.read",
    section: "shell.sections.administration",
    tab: adminTab("devices.routes.health", 50),
  },
  {
    // Rolling agent versions out changes every organization's agents: system administrators only.
    path: "/administration/devices/agentUpdates",
    page: page.agentUpdates,
    title: "devices.routes.agentUpdates",
    access: "system-admin",
    section: "shell.sections.administration",
    tab: adminTab("devices.routes.agentUpdates", 55),
  },
  {
    path: "/administration/devices/cache",
    page: page.cache,
    title: "devices.routes.cache",
    access: "devices.read",
    section: "shell.sections.administration",
    tab: adminTab("devices.routes.cache", 60),
  },
];
