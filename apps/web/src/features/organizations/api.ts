import { keepPreviousData, useMutation, useQueries, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  CreateLocationRequest,
  CreateOrganizationRequest,
  Location,
  LocationOverview,
  Organization,
  OrganizationOverview,
  OrganizationDetail,
  OrganizationList,
  UpdateLocationRequest,
  UpdateOrganizationRequest,
} from "@steward/contracts";
import type { z } from "zod";
import type { listOrganizationsQuery } from "@steward/contracts";
import { api } from "../../api";

export type OrganizationListParams = z.output<typeof listOrganizationsQuery>;
import { DASHBOARD_QUERY_ROOT } from "../../lib/query-roots";
import { useInvalidateDashboard } from "../dashboard";

export const organizationKeys = {
  all: ["organizations"] as const,
  lists: () => [...organizationKeys.all, "list"] as const,
  list: (query: OrganizationListParams) => [...organizationKeys.lists(), query] as const,
  details: () => [...organizationKeys.all, "detail"] as const,
  detail: (id: number) => [...organizationKeys.details(), id] as const,
};

export function useOrganizations(query: OrganizationListParams) {
  return useQuery({
    queryKey: organizationKeys.list(query),
    queryFn: ({ signal }) =>
      api.get<OrganizationList>("/organizations", {
        signal,
        query: { page: query.page, pageSize: query.pageSize, search: query.search, sort: query.sort },
      }),
    placeholderData: keepPreviousData,
  });
}

/** Every organization (up to 500), by name: for pickers and filters. */
export function useOrganizationOptions() {
  return useQuery({
    queryKey: organizationKeys.list({ page: 1, pageSize: 500, sort: "name" }),
    queryFn: ({ signal }) =>
      api.get<OrganizationList>("/organizations", {
        signal,
        query: { page: 1, pageSize: 500, sort: "name" },
      }),
    select: (data) => data.items,
    staleTime: 30_000,
  });
}

export function useOrganization(id: number) {
  return useQuery({
    queryKey: organizationKeys.detail(id),
    queryFn: ({ signal }) => api.get<OrganizationDetail>(`/organizations/${id}`, { signal }),
    enabled: Number.isInteger(id) && id > 0,
  });
}

export function useOrganizationOverview(id: number) {
  return useQuery({
    queryKey: [...DASHBOARD_QUERY_ROOT, "organization", id] as const,
    queryFn: ({ signal }) => api.get<OrganizationOverview>(`/organizations/${id}/overview`, { signal }),
  });
}

export function useLocationOverview(id: number, locationId: number) {
  return useQuery({
    queryKey: [...DASHBOARD_QUERY_ROOT, "location", id, locationId] as const,
    queryFn: ({ signal }) =>
      api.get<LocationOverview>(`/organizations/${id}/locations/${locationId}/overview`, { signal }),
  });
}

/** The locations of some organizations (for filters): each with its organization's name. */
export function useLocationOptions(organizationIds: number[]) {
  return useQueries({
    queries: organizationIds.map((id) => ({
      queryKey: organizationKeys.detail(id),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        api.get<OrganizationDetail>(`/organizations/${id}`, { signal }),
      staleTime: 30_000,
    })),
    combine: (results) =>
      results.flatMap((r) =>
        r.data
          ? r.data.locations.map((l) => ({ id: l.id, name: l.name, organizationName: r.data.name }))
          : [],
      ),
  });
}

/** After any change: lists, the detail and the dashboards' counts are stale. */
function useInvalidate() {
  const queryClient = useQueryClient();
  const invalidateDashboard = useInvalidateDashboard();
  return () =>
    Promise.all([queryClient.invalidateQueries({ queryKey: organizationKeys.all }), invalidateDashboard()]);
}

export function useCreateOrganization() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: CreateOrganizationRequest) => api.post<OrganizationDetail>("/organizations", body),
    onSuccess: invalidate,
  });
}

export function useUpdateOrganization(id: number) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: UpdateOrganizationRequest) => api.patch<Organization>(`/organizations/${id}`, body),
    onSuccess: invalidate,
  });
}

export function useDeleteOrganization() {
  const queryClient = useQueryClient();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/organizations/${id}`),
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: organizationKeys.detail(id) });
      return invalidate();
    },
  });
}

export function useCreateLocation(organizationId: number) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: CreateLocationRequest) =>
      api.post<Location>(`/organizations/${organizationId}/locations`, body),
    onSuccess: invalidate,
  });
}

export function useUpdateLocation(organizationId: number) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ locationId, body }: { locationId: number; body: UpdateLocationRequest }) =>
      api.patch<Location>(`/organizations/${organizationId}/locations/${locationId}`, body),
    onSuccess: invalidate,
  });
}

export function useDeleteLocation(organizationId: number) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (locationId: number) =>
      api.delete(`/organizations/${organizationId}/locations/${locationId}`),
    onSuccess: invalidate,
  });
}
