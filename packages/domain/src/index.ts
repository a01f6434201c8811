export * from "./messages.js";
export * from "./demo-request.js";
export * from "./tags.js";
export * from "./units.js";
export * from "./lockout.js";
export * from "./names.js";
export * from "./time-zones.js";
export * from "./device-search.js";
