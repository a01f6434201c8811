import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { SecuritySettings } from "@steward/contracts";
import { api } from "../../api";

export const securitySettingsKey = ["settings", "security"] as const;

export function useSecuritySettings() {
  return useQuery({
    queryKey: securitySettingsKey,
    queryFn: ({ signal }) => api.get<SecuritySettings>("/settings/security", { signal }),
  });
}

export function useSaveSecuritySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SecuritySettings) => api.put<SecuritySettings>("/settings/security", body),
    onSuccess: (saved) => queryClient.setQueryData(securitySettingsKey, saved),
  });
}
