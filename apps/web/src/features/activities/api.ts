import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { ActivityList, PendingJobList } from "@steward/contracts";
import { api } from "../../api";

export type ActivityScope =
  { scope: "system" } | { scope: "organization"; id: number } | { scope: "device"; id: number };

export interface ActivityFilters {
  types: string[];
  statuses: string[];
  userId: number | null;
  from: string | null;
  to: string | null;
}

export const activityKeys = {
  all: ["activities"] as const,
  list: (scope: ActivityScope, filters: ActivityFilters, page: number, pageSize: number) =>
    [...activityKeys.all, "list", scope, filters, page, pageSize] as const,
  pending: (organizationId: number | null, page: number, pageSize: number) =>
    [...activityKeys.all, "pending", organizationId, page, pageSize] as const,
};

export function useActivities(scope: ActivityScope, filters: ActivityFilters, page: number, pageSize = 50) {
  return useQuery({
    queryKey: activityKeys.list(scope, filters, page, pageSize),
    queryFn: ({ signal }) =>
      api.get<ActivityList>("/activities", {
        signal,
        query: {
          scope: scope.scope,
          id: scope.scope === "system" ? undefined : scope.id,
          type: filters.types.join(",") || undefined,
          status: filters.statuses.join(",") || undefined,
          userId: filters.userId ?? undefined,
          from: filters.from ?? undefined,
          to: filters.to ?? undefined,
          page,
          pageSize,
        },
      }),
    placeholderData: keepPreviousData,
    // New activities (scheduled runs, other technicians' scripts, devices coming and going)
    // show up while the page is open; the filters' time window stays as the URL set it.
    refetchInterval: 10_000,
  });
}

export function usePendingJobs(organizationId: number | null, page: number, pageSize = 50) {
  return useQuery({
    queryKey: activityKeys.pending(organizationId, page, pageSize),
    queryFn: ({ signal }) =>
      api.get<PendingJobList>("/jobs/pending", {
        signal,
        query: { organizationId: organizationId ?? undefined, page, pageSize },
      }),
    placeholderData: keepPreviousData,
    // Pending work changes by itself: keep it fresh while the page is open.
    refetchInterval: 5000,
  });
}
