/**
 * Every console permission. Routes declare one of these (or an access level below);
 * the web uses the same names to hide what the signed-in user cannot do.
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
  /** Create, change and delete library scripts (reading them is devices.read). */
  "scripts.manage",
] as const;

export type Permission = (typeof permissions)[number];

/**
 * Access levels that are not permissions:
 * - public: no session at all (the explicit short list)
 * - mfa-pending: a signed-in session that may not have passed MFA yet (MFA endpoints, sign-out)
 * - authenticated: any fully signed-in user (passed MFA)
 * - system-admin: system administrators only
 */
export type AccessLevel = "public" | "mfa-pending" | "authenticated" | "system-admin";

export type RouteAccess = Permission | AccessLevel;

/** What a technician gets when no role grants more (system administrators hold every permission). */
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
