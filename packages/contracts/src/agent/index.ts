export * from "./inventory.js";
export * from "./metrics.js";
export * from "./conditions.js";
export * from "./protocol.js";
export * from "./canonical.js";
export * from "./sealed.js";
export * from "./commands/index.js";
export * from "./updates.js";
