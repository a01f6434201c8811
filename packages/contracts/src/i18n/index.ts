export * from "./locales.js";
export * from "./catalogue.js";
export * from "./localize.js";
export { sharedEn } from "./shared/en.js";
export { sharedDe } from "./shared/de.js";
