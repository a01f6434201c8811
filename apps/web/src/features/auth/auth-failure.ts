import { useEffect } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { setAuthFailureHandler } from "../../api";
import { forgetSession, refreshSession } from "./api";

/**
 * When any API call says the session is gone (or needs MFA), updates the session so the route
 * guards send the user to sign-in ("Your session has expired") or to the MFA prompt, remembering
 * where they were.
 */
export function useAuthFailureRedirect(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    setAuthFailureHandler((code) => {
      if (code === "E_MFA_REQUIRED") {
        void refreshSession(queryClient).catch(() => forgetSession(queryClient));
        return;
      }
      forgetSession(queryClient, code === "E_SESSION_EXPIRED" ? "expired" : undefined);
    });
    return () => setAuthFailureHandler(null);
  }, [queryClient]);
}
