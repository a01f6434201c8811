import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { SessionResponse, UpdateUserPreferencesRequest, UserPreferences } from "@steward/contracts";
import { api } from "../../api";
import { SESSION_QUERY_KEY } from "../../lib/session-query";

export const preferencesKey = ["me", "preferences"] as const;

/** The signed-in technician's own settings, as saved on the server. */
export function usePreferences() {
  return useQuery({
    queryKey: preferencesKey,
    queryFn: ({ signal }) => api.get<UserPreferences>("/me/preferences", { signal }),
  });
}

/**
 * Saves some of the technician's settings; the server answers the whole saved set, which then
 * stands in the session too (the console applies what the session holds).
 */
export function useSavePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: UpdateUserPreferencesRequest) => api.put<UserPreferences>("/me/preferences", change),
    onSuccess: (saved) => {
      queryClient.setQueryData(preferencesKey, saved);
      queryClient.setQueryData<SessionResponse>(SESSION_QUERY_KEY, (session) =>
        session && session.state !== "anonymous"
          ? { ...session, user: { ...session.user, preferences: saved } }
          : session,
      );
    },
  });
}
