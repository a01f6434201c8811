export * from "./device-class.js";
export * from "./sections.js";
export * from "./core-sections.js";
export * from "./inheritance.js";
export * from "./assignment.js";
export * from "./policy-messages.js";
export * from "./dynamic.js";
export * from "./script-refs.js";
