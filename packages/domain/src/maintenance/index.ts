export * from "./maintenance.js";
