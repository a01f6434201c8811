import type { Permission } from "@steward/contracts";

/** What each permission lets a technician do, as the role editor shows it. */
export const permissionLabels: Record<Permission, string> = {
  "organizations.read": "View organizations",
  "organizations.write": "Create and change organizations",
  "technicians.read": "View technicians and roles",
  "technicians.manage": "Invite and manage technicians and roles",
  "settings.read": "View settings",
  "settings.manage": "Change settings",
  "dashboard.read": "View dashboards",
  "devices.read": "View devices",
  "devices.manage": "Manage devices",
  "enrollment.manage": "Enroll devices (install tokens)",
  "customFields.manage": "Define custom fields",
  "jobs.run": "Run scripts and actions on devices",
  "scripts.manage": "Manage the script library",
  "credentials.manage": "Manage organization credentials",
  "backup.viewAndRestore": "View and restore backup data",
  "backup.viewAndManage": "View and manage backup data",
  "ticketing.read": "View tickets",
  "ticketing.manage": "Work and manage tickets",
  "billing.read": "View billing",
  "billing.manage": "Manage billing and products",
  "psa.configure": "Configure the PSA integration",
  "audit.read": "Read the audit log",
};
