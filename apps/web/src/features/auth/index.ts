export { useSessionQuery, useLogout, authKeys, type AuthenticatedSession } from "./api";
export { canAccess, useCan, useCurrentUser } from "./permissions";
export { SessionExpiryWatcher } from "./components/SessionExpiryWatcher";
export { SessionRedirect } from "./components/SessionRedirect";
export { useAuthFailureRedirect } from "./auth-failure";
export { HOME_PATH } from "./navigation";
export { MfaCodeInput, isCodeWellFormed } from "./components/MfaCodeInput";
