export * from "./inventory.js";
export * from "./protocol.js";
