export { useCredentials } from "./api";
