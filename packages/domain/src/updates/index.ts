export * from "./metadata.js";
export * from "./repository.js";
