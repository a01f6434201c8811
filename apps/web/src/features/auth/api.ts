import { useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import type {
  LoginRequest,
  MfaVerifyRequest,
  RecoveryCodesResponse,
  SessionResponse,
  SetupRequest,
  TotpEnrollmentResponse,
} from "@steward/contracts";
import type { z } from "zod";
import type { inviteInfoResponse } from "@steward/contracts";
import { api, setCsrfToken } from "../../api";
import type { LoginNoticeKind } from "./components/LoginNotice";
import { SESSION_QUERY_KEY } from "../../lib/session-query";

export type InviteInfo = z.infer<typeof inviteInfoResponse>;
export type AuthenticatedSession = Extract<SessionResponse, { state: "authenticated" }>;

export const authKeys = {
  all: ["auth"] as const,
  session: () => SESSION_QUERY_KEY,
  invite: (token: string) => [...authKeys.all, "invite", token] as const,
};

/** Stores the CSRF token of whatever session answer the server just gave. */
export function rememberSession(session: SessionResponse): SessionResponse {
  setCsrfToken(session.state === "anonymous" ? null : session.csrfToken);
  return session;
}

async function fetchSession(): Promise<SessionResponse> {
  const session = await api.get<SessionResponse>("/auth/session", { redirectOnAuthFailure: false });
  return rememberSession(session);
}

export function useSessionQuery() {
  return useQuery({
    queryKey: authKeys.session(),
    queryFn: fetchSession,
    staleTime: 30_000,
    retry: 1,
  });
}

/** Re-reads the session from the server (after sign-in steps) and returns it. */
export function refreshSession(queryClient: QueryClient): Promise<SessionResponse> {
  return queryClient.fetchQuery({ queryKey: authKeys.session(), queryFn: fetchSession, staleTime: 0 });
}

let signOutNotice: LoginNoticeKind | undefined;

/** Why the last session ended here ("signedOut", "expired"), for the sign-in page's notice. */
export function currentSignOutNotice(): LoginNoticeKind | undefined {
  return signOutNotice;
}

/**
 * Marks the session as gone locally (sign-out, expiry) without another request. The route
 * guards then send the visitor to sign-in, carrying `notice`.
 */
export function forgetSession(queryClient: QueryClient, notice?: LoginNoticeKind): void {
  signOutNotice = notice;
  setCsrfToken(null);
  const anonymous: SessionResponse = { state: "anonymous", setupRequired: false };
  queryClient.setQueryData(authKeys.session(), anonymous);
  // Everything cached belonged to the user who just left.
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== "auth" });
}

/** Where the state of a session says the visitor must go; null when fully signed in. */
export function sessionDestination(session: SessionResponse): string | null {
  switch (session.state) {
    case "anonymous":
      return session.setupRequired ? "/setup" : "/login";
    case "mfa-enrollment":
      return "/mfa/enroll";
    case "mfa-verification":
      return "/mfa/verify";
    case "authenticated":
      return null;
  }
}

export function useSetup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: SetupRequest) => {
      await api.post<unknown>("/setup", body);
      return refreshSession(queryClient);
    },
  });
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: LoginRequest) => {
      await api.post<unknown>("/auth/login", body, { redirectOnAuthFailure: false });
      signOutNotice = undefined;
      return refreshSession(queryClient);
    },
  });
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<void>("/auth/logout", undefined, { redirectOnAuthFailure: false }),
    // Signed out locally even when the server already forgot the session.
    onSettled: () => forgetSession(queryClient, "signedOut"),
  });
}

export function useKeepalive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<SessionResponse>("/auth/keepalive"),
    onSuccess: (session) => {
      if (session && typeof session === "object" && "state" in session) {
        queryClient.setQueryData(authKeys.session(), rememberSession(session));
      } else {
        void refreshSession(queryClient);
      }
    },
  });
}

export function useTotpEnroll() {
  return useMutation({
    mutationFn: () => api.post<TotpEnrollmentResponse>("/auth/mfa/totp/enroll"),
  });
}

export function useTotpConfirm() {
  return useMutation({
    mutationFn: async (code: string) => {
      const result = await api.post<RecoveryCodesResponse & { session?: SessionResponse }>(
        "/auth/mfa/totp/confirm",
        { code },
      );
      // The server rotates the session on enrollment; its answer may carry the new CSRF token.
      if (result.session) rememberSession(result.session);
      return result;
    },
  });
}

export function useMfaVerify() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: MfaVerifyRequest) => {
      await api.post<unknown>("/auth/mfa/verify", body);
      return refreshSession(queryClient);
    },
  });
}

export function useInviteInfo(token: string) {
  return useQuery({
    queryKey: authKeys.invite(token),
    queryFn: () =>
      api.get<InviteInfo>(`/invites/${encodeURIComponent(token)}`, { redirectOnAuthFailure: false }),
    retry: false,
  });
}

export function useAcceptInvite(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (password: string) => {
      await api.post<unknown>(
        `/invites/${encodeURIComponent(token)}/accept`,
        { password },
        { redirectOnAuthFailure: false },
      );
      return refreshSession(queryClient);
    },
  });
}
