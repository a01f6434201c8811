export * from "./model.js";
export * from "./templates.js";
export * from "./alerting.js";
