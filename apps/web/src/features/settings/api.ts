import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { GeneralSettings } from "@steward/contracts";
import { api } from "../../api";

export const settingsKeys = {
  all: ["settings"] as const,
  general: () => [...settingsKeys.all, "general"] as const,
};

export function useGeneralSettings() {
  return useQuery({
    queryKey: settingsKeys.general(),
    queryFn: ({ signal }) => api.get<GeneralSettings>("/settings/general", { signal }),
  });
}

export function useSaveGeneralSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: GeneralSettings) => api.put<GeneralSettings>("/settings/general", body),
    onSuccess: (saved) => {
      if (saved && typeof saved === "object") queryClient.setQueryData(settingsKeys.general(), saved);
      return queryClient.invalidateQueries({ queryKey: settingsKeys.all });
    },
  });
}
