export * from "./identity.tables.js";
export * from "./access.js";
export * from "./session-store.js";
export * from "./permissions.js";
export * from "./audit.js";
export * from "./users.js";
export * from "./scope.js";
