export { CREDENTIALS_ERROR, useCredentials } from "./api";
