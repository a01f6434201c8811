export { auditKeys } from "./api";
