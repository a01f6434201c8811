import { Navigate } from "react-router";
import type { SessionResponse } from "@steward/contracts";
import { currentSignOutNotice, sessionDestination } from "../api";
import { HOME_PATH, type AuthLocationState } from "../navigation";

interface SessionRedirectProps {
  session: SessionResponse;
  /** Where the visitor was going; they return there once fully signed in. */
  from?: string | undefined;
}

/** Goes where the session's state says, carrying why the last session ended and where to return. */
export function SessionRedirect({ session, from }: SessionRedirectProps) {
  const notice = session.state === "anonymous" ? currentSignOutNotice() : undefined;
  const state: AuthLocationState = {};
  if (notice) state.notice = notice;
  // After an explicit sign-out the next user starts fresh; after expiry they pick up where they were.
  if (from && notice !== "signedOut") state.from = from;
  return <Navigate to={sessionDestination(session) ?? from ?? HOME_PATH} replace state={state} />;
}
