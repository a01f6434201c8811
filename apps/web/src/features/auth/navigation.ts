import type { LoginNoticeKind } from "./components/LoginNotice";

/** Navigation state the sign-in pages pass along. */
export interface AuthLocationState {
  notice?: LoginNoticeKind;
  /** Where to return once fully signed in. */
  from?: string;
}

export function readAuthState(state: unknown): AuthLocationState {
  if (!state || typeof state !== "object") return {};
  const s = state as Record<string, unknown>;
  const result: AuthLocationState = {};
  if (typeof s.notice === "string") result.notice = s.notice as LoginNoticeKind;
  // Only same-app paths: never bounce to another origin.
  if (typeof s.from === "string" && s.from.startsWith("/") && !s.from.startsWith("//")) result.from = s.from;
  return result;
}

export { HOME_PATH } from "../../routing";
