/**
 * Every console permission. Routes declare one of these (or an access level below);
 * the web uses the same names to hide what the signed-in user cannot do.
 *
 * A technician role grants a set of permissions over an organization scope (every
 * organization, or a list). Organization permissions apply only inside that scope; global
 * permissions (technicians, settings, the script library, custom-field definitions, PSA
 * configuration, agent policies) concern no organization and are held wherever a role grants them.
 */
export const permissions = [
  "organizations.read",
  "organizations.write",
  "technicians.read",
  "technicians.manage",
  "settings.read",
  "settings.manage",
  "dashboard.read",
  "devices.read",
  "devices.manage",
  "enrollment.manage",
  /** Custom field definitions (global and per role); values are devices.manage. */
  "customFields.manage",
  /** Submit and cancel jobs (scripts and actions) on devices. */
  "jobs.run",
  /** Run an ad-hoc command or short script on one device at once, its output streamed. */
  "devices.command",
  /** Create, change and delete library scripts (reading them is devices.read). */
  "scripts.manage",
  /** Store, change and delete an organization's credentials (choosing one as Run As is jobs.run). */
  "credentials.manage",
  /** canViewAndRestoreBackupData: see backups, check for a restore key, restore, cancel restores. */
  "backup.viewAndRestore",
  /** canViewAndManageBackupData: backup, integrity check and upsync jobs, plans. */
  "backup.viewAndManage",
  "ticketing.read",
  "ticketing.manage",
  "billing.read",
  "billing.manage",
  /** The PSA access flag under configuration permissions. */
  "psa.configure",
  /** Read the security audit log. */
  "audit.read",
  /** See agent policies (definitions shared by every organization). */
  "policies.read",
  /** Create, change, copy and delete agent policies (assigning one is organizations.write or devices.manage). */
  "policies.manage",
] as const;

export type Permission = (typeof permissions)[number];

/**
 * Permissions that concern no single organization: a role's organization scope does not narrow
 * them (technicians, settings, the script library, custom-field definitions, PSA configuration,
 * agent policies: assigning one to an organization's devices is an organization permission).
 */
export const globalPermissions: readonly Permission[] = [
  "technicians.read",
  "technicians.manage",
  "settings.read",
  "settings.manage",
  "customFields.manage",
  "scripts.manage",
  "psa.configure",
  "policies.read",
  "policies.manage",
];

const globalSet = new Set<Permission>(globalPermissions);

/** True for permissions that apply inside a role's organization scope. */
export function isOrganizationPermission(permission: Permission): boolean {
  return !globalSet.has(permission);
}

/** The console's areas, as the role editor groups the permissions. */
export const permissionGroups: readonly { area: string; permissions: readonly Permission[] }[] = [
  { area: "Devices", permissions: ["dashboard.read", "devices.read", "devices.manage", "enrollment.manage"] },
  { area: "Scripting and jobs", permissions: ["jobs.run", "devices.command", "scripts.manage"] },
  { area: "Credentials", permissions: ["credentials.manage"] },
  { area: "Organizations", permissions: ["organizations.read", "organizations.write"] },
  { area: "Technicians", permissions: ["technicians.read", "technicians.manage"] },
  {
    area: "Settings",
    permissions: ["settings.read", "settings.manage", "customFields.manage", "audit.read"],
  },
  { area: "Backup", permissions: ["backup.viewAndRestore", "backup.viewAndManage"] },
  { area: "Ticketing", permissions: ["ticketing.read", "ticketing.manage"] },
  { area: "Billing", permissions: ["billing.read", "billing.manage"] },
  { area: "PSA configuration", permissions: ["psa.configure"] },
  { area: "Policies", permissions: ["policies.read", "policies.manage"] },
];

/**
 * Access levels that are not permissions:
 * - public: no session at all (the explicit short list)
 * - mfa-pending: a signed-in session that may not have passed MFA yet (MFA endpoints, sign-out)
 * - authenticated: any fully signed-in user (passed MFA)
 * - system-admin: system administrators only
 */
export type AccessLevel = "public" | "mfa-pending" | "authenticated" | "system-admin";

export type RouteAccess = Permission | AccessLevel;

/** The built-in "Helpdesk" template's permissions (what technicians without roles had before roles were scoped). */
export const defaultTechnicianPermissions: readonly Permission[] = [
  "organizations.read",
  "organizations.write",
  "technicians.read",
  "settings.read",
  "dashboard.read",
  "devices.read",
  "devices.manage",
  "jobs.run",
];
