import type { RouteEntry } from "../routing";
import { authRoutes } from "../features/auth/routes";
import { auditRoutes } from "../features/audit/routes";
import { backupRoutes } from "../features/backup/routes";
import { dashboardRoutes } from "../features/dashboard/routes";
import { dynamicPolicyRoutes } from "../features/dynamic-policies/routes";
import { activityRoutes } from "../features/activities/routes";
import { alertRoutes } from "../features/alerts/routes";
import { credentialRoutes } from "../features/credentials/routes";
import { customFieldRoutes } from "../features/custom-fields/routes";
import { deviceRoleRoutes } from "../features/device-roles/routes";
import { deviceRoutes } from "../features/devices/routes";
import { integrationRoutes } from "../features/integrations/routes";
import { libraryRoutes } from "../features/library/routes";
import { maintenanceRoutes } from "../features/maintenance/routes";
import { organizationRoutes } from "../features/organizations/routes";
import { policyRoutes } from "../features/policies/routes";
import { remoteSupportRoutes } from "../features/remote-support/routes";
import { reportingRoutes } from "../features/reporting/routes";
import { scheduledTaskRoutes } from "../features/scheduled-tasks/routes";
import { scriptRoutes } from "../features/scripts/routes";
import { settingsRoutes } from "../features/settings/routes";
import { securitySettingsRoutes } from "../features/security-settings/routes";
import { ssoRoutes } from "../features/sso/routes";
import { technicianRoutes } from "../features/technicians/routes";
import { roleRoutes } from "../features/roles/routes";
import { ticketingRoutes } from "../features/ticketing/routes";
import { accountRoutes } from "./preferences/routes";

// Each feature's entries come from its routes file, not its index: the index is what other
// features use, and going through it would tie every feature to every page of the others.

/** The one route registry: router, sidebar, breadcrumbs, tabs and document titles all read it. */
export const routeRegistry: readonly RouteEntry[] = [
  ...authRoutes,
  ...dashboardRoutes,
  ...organizationRoutes,
  ...maintenanceRoutes,
  ...alertRoutes,
  ...deviceRoutes,
  ...deviceRoleRoutes,
  ...customFieldRoutes,
  ...backupRoutes,
  ...technicianRoutes,
  ...roleRoutes,
  ...settingsRoutes,
  ...securitySettingsRoutes,
  ...ssoRoutes,
  ...auditRoutes,
  ...integrationRoutes,
  ...policyRoutes,
  ...dynamicPolicyRoutes,
  ...scriptRoutes,
  ...scheduledTaskRoutes,
  ...activityRoutes,
  ...credentialRoutes,
  ...libraryRoutes,
  ...remoteSupportRoutes,
  ...ticketingRoutes,
  ...reportingRoutes,
  ...accountRoutes,
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
