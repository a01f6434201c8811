export * from "./model.js";
export * from "./templates.js";
