import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { SsoSettingsRequest, SsoSettingsResponse, SsoSignInOption } from "@steward/contracts";
import { api } from "../../api";

export const ssoKeys = {
  settings: ["settings", "sso"] as const,
  signInOption: ["auth", "sso"] as const,
};

export function useSsoSettings() {
  return useQuery({
    queryKey: ssoKeys.settings,
    queryFn: ({ signal }) => api.get<SsoSettingsResponse>("/settings/sso", { signal }),
  });
}

export function useSaveSsoSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SsoSettingsRequest) => api.put<SsoSettingsResponse>("/settings/sso", body),
    onSuccess: (saved) => {
      queryClient.setQueryData(ssoKeys.settings, saved);
      void queryClient.invalidateQueries({ queryKey: ssoKeys.signInOption });
    },
  });
}

/** Whether the sign-in page offers single sign-on (asked before anyone is signed in). */
export function useSsoSignInOption() {
  return useQuery({
    queryKey: ssoKeys.signInOption,
    queryFn: ({ signal }) => api.get<SsoSignInOption>("/auth/sso", { signal, redirectOnAuthFailure: false }),
    staleTime: 60_000,
    retry: false,
  });
}

/** Where the browser goes to start a round at the provider (a navigation, not a fetch). */
export const SSO_START_URL = "/api/auth/sso/start";
