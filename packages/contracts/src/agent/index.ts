export * from "./inventory.js";
export * from "./protocol.js";
export * from "./canonical.js";
