export { useSessionQuery, useLogout, type AuthenticatedSession } from "./api";
export { useCan, useCurrentUser } from "./permissions";
export { SessionExpiryWatcher } from "./components/SessionExpiryWatcher";
export { SessionRedirect } from "./components/SessionRedirect";
export { useAuthFailureRedirect } from "./auth-failure";
export { MfaCodeInput } from "./components/MfaCodeInput";
export { RoleFactorRequirements, ResetFactorsButton } from "./components/AdminFactorControls";
