import { useQuery } from "@tanstack/react-query";
import type { GettingStarted, SystemOverview } from "@steward/contracts";
import { api } from "../../api";

export const dashboardKeys = {
  all: ["dashboard"] as const,
  system: () => [...dashboardKeys.all, "system"] as const,
  gettingStarted: () => [...dashboardKeys.all, "getting-started"] as const,
};

export function useSystemOverview() {
  return useQuery({
    queryKey: dashboardKeys.system(),
    queryFn: () => api.get<SystemOverview>("/dashboard/system"),
  });
}

export function useGettingStarted() {
  return useQuery({
    queryKey: dashboardKeys.gettingStarted(),
    queryFn: () => api.get<GettingStarted>("/dashboard/getting-started"),
  });
}
