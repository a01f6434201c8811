import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { GettingStarted, SystemOverview } from "@steward/contracts";
import { api } from "../../api";
import { DASHBOARD_QUERY_ROOT } from "../../lib/query-roots";

export const dashboardKeys = {
  all: DASHBOARD_QUERY_ROOT,
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

/** After a change elsewhere: every count shown on a dashboard or an overview is stale. */
export function useInvalidateDashboard() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: DASHBOARD_QUERY_ROOT });
}
