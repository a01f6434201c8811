import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  DeviceList,
  MaintenanceWindow,
  MaintenanceWindowList,
  MaintenanceWindowStatus,
  OrganizationDetail,
  OrganizationList,
  SaveMaintenanceWindowRequest,
  SavedSearch,
} from "@steward/contracts";
import { api } from "../../api";

export const maintenanceKeys = {
  all: ["maintenance-windows"] as const,
  list: (organizationId: number | null, status: MaintenanceWindowStatus) =>
    [...maintenanceKeys.all, "list", organizationId, status] as const,
};

/** Where a page's windows live: every window the caller sees, or one organization's. */
const base = (organizationId: number | null) =>
  organizationId === null ? "/maintenance-windows" : `/organizations/${organizationId}/maintenance-windows`;

export function useMaintenanceWindows(organizationId: number | null, status: MaintenanceWindowStatus) {
  return useQuery({
    queryKey: maintenanceKeys.list(organizationId, status),
    queryFn: ({ signal }) =>
      api.get<MaintenanceWindowList>(base(organizationId), { signal, query: { status, pageSize: 500 } }),
    // Windows open and close by the clock: ask again now and then.
    refetchInterval: 60_000,
  });
}

export function useSaveMaintenanceWindow(organizationId: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: SaveMaintenanceWindowRequest }) =>
      id === null
        ? api.post<MaintenanceWindow>(base(organizationId), body)
        : api.put<MaintenanceWindow>(`/maintenance-windows/${id}`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: maintenanceKeys.all }),
  });
}

export function useDeleteMaintenanceWindow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/maintenance-windows/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: maintenanceKeys.all }),
  });
}

/** The choices of the targets picker: an organization's locations and devices, or every organization; groups. */
export function useTargetChoices(organizationId: number | null, enabled: boolean) {
  return useQuery({
    queryKey: [...maintenanceKeys.all, "choices", organizationId] as const,
    enabled,
    queryFn: async ({ signal }) => {
      const groups = api
        .get<{ items: SavedSearch[] }>("/saved-searches", { signal })
        .then((r) =>
          r.items.filter((g) => g.name !== null).map((g) => ({ value: String(g.id), label: g.name! })),
        );
      if (organizationId === null) {
        const orgs = await api.get<OrganizationList>("/organizations", { signal, query: { pageSize: 500 } });
        return {
          organizations: orgs.items.map((o) => ({ value: String(o.id), label: o.name })),
          locations: [],
          devices: [],
          groups: await groups,
        };
      }
      const [org, devices] = await Promise.all([
        api.get<OrganizationDetail>(`/organizations/${organizationId}`, { signal }),
        api.get<DeviceList>("/devices", { signal, query: { organizationId, pageSize: 500 } }),
      ]);
      return {
        organizations: [],
        locations: org.locations.map((l) => ({ value: String(l.id), label: l.name })),
        devices: devices.items.map((d) => ({ value: String(d.id), label: d.displayName ?? d.hostname })),
        groups: await groups,
      };
    },
  });
}
