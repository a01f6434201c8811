import type { Permission } from "@steward/contracts";
import type { MessageKey } from "../../i18n";

/** What each permission lets a technician do, as the role editor shows it. */
export const permissionLabels: Record<Permission, MessageKey> = {
  "organizations.read": "roles.permissions.organizationsRead",
  "organizations.write": "roles.permissions.organizationsWrite",
  "technicians.read": "roles.permissions.techniciansRead",
  "technicians.manage": "roles.permissions.techniciansManage",
  "settings.read": "roles.permissions.settingsRead",
  "settings.manage": "roles.permissions.settingsManage",
  "dashboard.read": "roles.permissions.dashboardRead",
  "devices.read": "roles.permissions.devicesRead",
  "devices.manage": "roles.permissions.devicesManage",
  "enrollment.manage": "roles.permissions.enrollmentManage",
  "customFields.manage": "roles.permissions.customFieldsManage",
  "jobs.run": "roles.permissions.jobsRun",
  "devices.command": "roles.permissions.devicesCommand",
  "scripts.manage": "roles.permissions.scriptsManage",
  "credentials.manage": "roles.permissions.credentialsManage",
  "backup.viewAndRestore": "roles.permissions.backupViewAndRestore",
  "backup.viewAndManage": "roles.permissions.backupViewAndManage",
  "ticketing.read": "roles.permissions.ticketingRead",
  "ticketing.manage": "roles.permissions.ticketingManage",
  "billing.read": "roles.permissions.billingRead",
  "billing.manage": "roles.permissions.billingManage",
  "psa.configure": "roles.permissions.psaConfigure",
  "audit.read": "roles.permissions.auditRead",
  "policies.read": "roles.permissions.policiesRead",
  "policies.manage": "roles.permissions.policiesManage",
};

/** The areas the role editor groups permissions under (the contracts name them in English). */
export const permissionAreaLabels: Record<string, MessageKey> = {
  Devices: "roles.areas.devices",
  "Scripting and jobs": "roles.areas.scripting",
  Credentials: "roles.areas.credentials",
  Organizations: "roles.areas.organizations",
  Technicians: "roles.areas.technicians",
  Settings: "roles.areas.settings",
  Backup: "roles.areas.backup",
  Ticketing: "roles.areas.ticketing",
  Billing: "roles.areas.billing",
  "PSA configuration": "roles.areas.psa",
  Policies: "roles.areas.policies",
};
