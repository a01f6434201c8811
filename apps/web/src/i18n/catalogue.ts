import {
  flattenCatalogue,
  sharedDe,
  sharedEn,
  type Locale,
  type MessagePaths,
  type Translation,
} from "@steward/contracts";
import { en as commonEn } from "./common/en";
import { de as commonDe } from "./common/de";
import { en as shellEn } from "../app/i18n/en";
import { de as shellDe } from "../app/i18n/de";
import { en as uiEn } from "../ui/i18n/en";
import { de as uiDe } from "../ui/i18n/de";
import { en as activitiesEn } from "../features/activities/i18n/en";
import { de as activitiesDe } from "../features/activities/i18n/de";
import { en as alertsEn } from "../features/alerts/i18n/en";
import { de as alertsDe } from "../features/alerts/i18n/de";
import { en as auditEn } from "../features/audit/i18n/en";
import { de as auditDe } from "../features/audit/i18n/de";
import { en as authEn } from "../features/auth/i18n/en";
import { de as authDe } from "../features/auth/i18n/de";
import { en as backupEn } from "../features/backup/i18n/en";
import { de as backupDe } from "../features/backup/i18n/de";
import { en as credentialsEn } from "../features/credentials/i18n/en";
import { de as credentialsDe } from "../features/credentials/i18n/de";
import { en as customFieldsEn } from "../features/custom-fields/i18n/en";
import { de as customFieldsDe } from "../features/custom-fields/i18n/de";
import { en as dashboardEn } from "../features/dashboard/i18n/en";
import { de as dashboardDe } from "../features/dashboard/i18n/de";
import { en as deviceRolesEn } from "../features/device-roles/i18n/en";
import { de as deviceRolesDe } from "../features/device-roles/i18n/de";
import { en as devicesEn } from "../features/devices/i18n/en";
import { de as devicesDe } from "../features/devices/i18n/de";
import { en as devicesGridEn } from "../features/devices/grid/i18n/en";
import { de as devicesGridDe } from "../features/devices/grid/i18n/de";
import { en as integrationsEn } from "../features/integrations/i18n/en";
import { de as integrationsDe } from "../features/integrations/i18n/de";
import { en as jobsEn } from "../features/jobs/i18n/en";
import { de as jobsDe } from "../features/jobs/i18n/de";
import { en as libraryEn } from "../features/library/i18n/en";
import { de as libraryDe } from "../features/library/i18n/de";
import { en as maintenanceEn } from "../features/maintenance/i18n/en";
import { en as dynamicPoliciesEn } from "../features/dynamic-policies/i18n/en";
import { de as dynamicPoliciesDe } from "../features/dynamic-policies/i18n/de";
import { de as maintenanceDe } from "../features/maintenance/i18n/de";
import { en as organizationsEn } from "../features/organizations/i18n/en";
import { de as organizationsDe } from "../features/organizations/i18n/de";
import { en as policiesEn } from "../features/policies/i18n/en";
import { de as policiesDe } from "../features/policies/i18n/de";
import { en as promotionEn } from "../features/promotion/i18n/en";
import { de as promotionDe } from "../features/promotion/i18n/de";
import { en as remoteSupportEn } from "../features/remote-support/i18n/en";
import { de as remoteSupportDe } from "../features/remote-support/i18n/de";
import { en as reportingEn } from "../features/reporting/i18n/en";
import { de as reportingDe } from "../features/reporting/i18n/de";
import { en as rolesEn } from "../features/roles/i18n/en";
import { de as rolesDe } from "../features/roles/i18n/de";
import { en as scheduledTasksEn } from "../features/scheduled-tasks/i18n/en";
import { de as scheduledTasksDe } from "../features/scheduled-tasks/i18n/de";
import { en as scriptsEn } from "../features/scripts/i18n/en";
import { de as scriptsDe } from "../features/scripts/i18n/de";
import { en as settingsEn } from "../features/settings/i18n/en";
import { en as securitySettingsEn } from "../features/security-settings/i18n/en";
import { de as securitySettingsDe } from "../features/security-settings/i18n/de";
import { en as ssoEn } from "../features/sso/i18n/en";
import { de as ssoDe } from "../features/sso/i18n/de";
import { de as settingsDe } from "../features/settings/i18n/de";
import { en as techniciansEn } from "../features/technicians/i18n/en";
import { de as techniciansDe } from "../features/technicians/i18n/de";
import { en as ticketingEn } from "../features/ticketing/i18n/en";
import { de as ticketingDe } from "../features/ticketing/i18n/de";

/**
 * Every text of the console, one namespace per area. English is the source; German is typed
 * against it, so a key missing in German fails to compile.
 */
export const en = {
  common: commonEn,
  shell: shellEn,
  ui: uiEn,
  activities: activitiesEn,
  alerts: alertsEn,
  audit: auditEn,
  auth: authEn,
  backup: backupEn,
  credentials: credentialsEn,
  customFields: customFieldsEn,
  dashboard: dashboardEn,
  deviceRoles: deviceRolesEn,
  devices: devicesEn,
  devicesGrid: devicesGridEn,
  integrations: integrationsEn,
  jobs: jobsEn,
  library: libraryEn,
  organizations: organizationsEn,
  maintenance: maintenanceEn,
  dynamicPolicies: dynamicPoliciesEn,
  policies: policiesEn,
  promotion: promotionEn,
  remoteSupport: remoteSupportEn,
  reporting: reportingEn,
  roles: rolesEn,
  scheduledTasks: scheduledTasksEn,
  scripts: scriptsEn,
  settings: settingsEn,
  securitySettings: securitySettingsEn,
  sso: ssoEn,
  technicians: techniciansEn,
  ticketing: ticketingEn,
  ...sharedEn,
} as const;

export const de: Translation<typeof en> = {
  common: commonDe,
  shell: shellDe,
  ui: uiDe,
  activities: activitiesDe,
  alerts: alertsDe,
  audit: auditDe,
  auth: authDe,
  backup: backupDe,
  credentials: credentialsDe,
  customFields: customFieldsDe,
  dashboard: dashboardDe,
  deviceRoles: deviceRolesDe,
  devices: devicesDe,
  devicesGrid: devicesGridDe,
  integrations: integrationsDe,
  jobs: jobsDe,
  library: libraryDe,
  organizations: organizationsDe,
  maintenance: maintenanceDe,
  dynamicPolicies: dynamicPoliciesDe,
  policies: policiesDe,
  promotion: promotionDe,
  remoteSupport: remoteSupportDe,
  reporting: reportingDe,
  roles: rolesDe,
  scheduledTasks: scheduledTasksDe,
  scripts: scriptsDe,
  settings: settingsDe,
  securitySettings: securitySettingsDe,
  sso: ssoDe,
  technicians: techniciansDe,
  ticketing: ticketingDe,
  ...sharedDe,
};

/** The id of a console text: "namespace.path.to.text". */
export type MessageKey = MessagePaths<typeof en>;

/** Flat id → ICU text maps per language. */
export const messagesByLocale: Record<Locale, Record<string, string>> = {
  en: flattenCatalogue(en),
  de: flattenCatalogue(de),
};
