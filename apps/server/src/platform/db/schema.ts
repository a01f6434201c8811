// Every table, for Drizzle's typed queries. Each module owns (and alone writes) its own tables.
export * from "../identity/identity.tables.js";
export * from "../../modules/organizations/organizations.tables.js";
export * from "../../modules/settings/settings.tables.js";
export * from "../../modules/promotion/promotion.tables.js";
export * from "../../modules/devices/devices.tables.js";
export * from "../../modules/agents/agents.tables.js";
