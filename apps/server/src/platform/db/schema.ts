// Every table, for Drizzle's typed queries. Each module owns (and alone writes) its own tables.
export * from "../identity/identity.tables.js";
export * from "../../modules/organizations/organizations.tables.js";
export * from "../../modules/settings/settings.tables.js";
export * from "../../modules/promotion/promotion.tables.js";
export * from "../../modules/devices/devices.tables.js";
export * from "../../modules/agents/agents.tables.js";
export * from "../../modules/device-roles/device-roles.tables.js";
export * from "../../modules/saved-searches/saved-searches.tables.js";
export * from "../../modules/custom-fields/custom-fields.tables.js";
export * from "../../modules/jobs/jobs.tables.js";
export * from "../../modules/scripts/scripts.tables.js";
export * from "../../modules/credentials/credentials.tables.js";
export * from "../../modules/scheduled-tasks/scheduled-tasks.tables.js";
export * from "../../modules/preferences/preferences.tables.js";
export * from "../../modules/metrics/metrics.tables.js";
export * from "../../modules/policies/policies.tables.js";
export * from "../../modules/maintenance/maintenance.tables.js";
