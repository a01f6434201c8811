import { IconDeviceDesktopSearch, IconDevices } from "@tabler/icons-react";
import type { RouteEntry, TabEntry } from "../../routing";
import { NotAvailablePage } from "../../ui";

const tab = (label: string, order: number, to?: string): TabEntry => ({
  group: "deviceDashboard",
  label,
  order,
  ...(to ? { to } : {}),
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

/** Devices: dashboards, search, groups and device administration — not built yet. */
export const deviceRoutes: RouteEntry[] = [
  later("/deviceDashboard/:id/overview", "Device", "Device dashboard", { tab: tab("Overview", 10) }),
  later("/deviceDashboard/:id/details", "Details", "Device details", { tab: tab("Details", 20) }),
  later("/deviceDashboard/:id/settings", "Settings", "Device settings", { tab: tab("Settings", 30) }),
  later("/deviceDashboard/:id/software/:page", "Software", "Device software inventory", {
    tab: tab("Software", 40, "/deviceDashboard/:id/software/1"),
  }),
  later("/deviceDashboard/:id/osPatches/:page", "OS patches", "Device operating system patches", {
    tab: tab("OS patches", 50, "/deviceDashboard/:id/osPatches/1"),
  }),
  later("/deviceDashboard/:id/tools/:page", "Tools", "Remote tools", {
    tab: tab("Tools", 60, "/deviceDashboard/:id/tools/1"),
  }),
  later("/deviceDashboard/:id/activities/:page", "Activities", "Device activities", {
    tab: tab("Activities", 80, "/deviceDashboard/:id/activities/1"),
  }),
  later("/deviceDashboard/:id/customFields", "Custom fields", "Device custom fields", {
    tab: tab("Custom fields", 90),
  }),
  later("/deviceDashboard/:id/ticketing", "Ticketing", "Device ticketing", { tab: tab("Ticketing", 100) }),
  later("/deviceSearch", "Device search", "Device search", {
    nav: { section: "main", order: 30, icon: IconDeviceDesktopSearch },
  }),
  later("/group/:id", "Device group", "Device groups (saved searches)"),
  later("/cloudMonitorDashboard/*", "Cloud monitor", "Cloud monitoring dashboard"),
  later("/mobileDashboard/*", "Mobile device", "Mobile device dashboard"),
  later("/vmDashboard/*", "Virtual machine host", "Virtualization host dashboard"),
  later("/vmGuestDashboard/*", "Virtual machine", "Virtual machine guest dashboard"),
  later("/nmsDashboard/*", "Network device", "Network monitoring dashboard"),
  later("/editor/cloudMonitor/:id?", "Cloud monitor", "Cloud monitor editor"),
  later("/administration/devices/groups", "Groups", "Device groups", {
    section: "Administration",
    nav: { section: "administration", label: "Devices", order: 60, icon: IconDevices },
  }),
  later("/administration/devices/roles", "Device roles", "Device roles", { section: "Administration" }),
  later("/administration/devices/roleCustomFields", "Role custom fields", "Device role custom fields", {
    section: "Administration",
  }),
  later("/administration/devices/globalCustomFields", "Global custom fields", "Global custom fields", {
    section: "Administration",
  }),
  later("/administration/devices/healthStatus", "Health status", "Device health status", {
    section: "Administration",
  }),
  later("/administration/devices/cache", "Cache", "Device cache", { section: "Administration" }),
];
