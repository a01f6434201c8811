export { integrationKinds, appsPath } from "./kinds";
