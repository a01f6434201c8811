export * from "./tokens.js";
export * from "./secret-box.js";
export * from "./totp.js";
export * from "./passwords.js";
export * from "./command-key.js";
