import type { RouteEntry } from "../routing";
import { authRoutes } from "../features/auth";
import { backupRoutes } from "../features/backup";
import { dashboardRoutes } from "../features/dashboard";
import { activityRoutes } from "../features/activities";
import { credentialRoutes } from "../features/credentials";
import { customFieldRoutes } from "../features/custom-fields";
import { deviceRoleRoutes } from "../features/device-roles";
import { deviceRoutes } from "../features/devices";
import { integrationRoutes } from "../features/integrations";
import { libraryRoutes } from "../features/library";
import { organizationRoutes } from "../features/organizations";
import { policyRoutes } from "../features/policies";
import { remoteSupportRoutes } from "../features/remote-support";
import { reportingRoutes } from "../features/reporting";
import { scheduledTaskRoutes } from "../features/scheduled-tasks";
import { scriptRoutes } from "../features/scripts";
import { settingsRoutes } from "../features/settings";
import { technicianRoutes } from "../features/technicians";
import { ticketingRoutes } from "../features/ticketing";

/** The one route registry: router, sidebar, breadcrumbs, tabs and document titles all read it. */
export const routeRegistry: readonly RouteEntry[] = [
  ...authRoutes,
  ...dashboardRoutes,
  ...organizationRoutes,
  ...deviceRoutes,
  ...deviceRoleRoutes,
  ...customFieldRoutes,
  ...backupRoutes,
  ...technicianRoutes,
  ...settingsRoutes,
  ...integrationRoutes,
  ...policyRoutes,
  ...scriptRoutes,
  ...scheduledTaskRoutes,
  ...activityRoutes,
  ...credentialRoutes,
  ...libraryRoutes,
  ...remoteSupportRoutes,
  ...ticketingRoutes,
  ...reportingRoutes,
];

/** Sign-in steps, drawn without the console shell. */
export function isBareEntry(entry: RouteEntry): boolean {
  return entry.access === "public" || entry.access === "mfa-pending";
}

export function findEntry(path: string): RouteEntry | undefined {
  return routeRegistry.find((entry) => entry.path === path);
}

/** The entry and its breadcrumb ancestors, root first. */
export function entryTrail(entry: RouteEntry): RouteEntry[] {
  const trail: RouteEntry[] = [entry];
  const seen = new Set([entry.path]);
  let current = entry;
  while (current.parent && !seen.has(current.parent)) {
    const parent = findEntry(current.parent);
    if (!parent) break;
    trail.unshift(parent);
    seen.add(parent.path);
    current = parent;
  }
  return trail;
}

/** Sibling tabs of an entry's group, in order. */
export function tabsOf(group: string): RouteEntry[] {
  return routeRegistry
    .filter((entry) => entry.tab?.group === group)
    .sort((a, b) => (a.tab?.order ?? 0) - (b.tab?.order ?? 0));
}
