export { CREDENTIALS_ERROR, credentialKeys, fetchCredentials, useCredentials } from "./api";
