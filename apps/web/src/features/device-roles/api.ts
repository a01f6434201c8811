import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CreateDeviceRoleRequest, DeviceRole, UpdateDeviceRoleRequest } from "@steward/contracts";
import { api } from "../../api";

export const deviceRoleKeys = {
  all: ["device-roles"] as const,
  list: () => [...deviceRoleKeys.all, "list"] as const,
};

/** After a change device roles show (their custom fields): the list is stale. */
export function useInvalidateDeviceRoles() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: deviceRoleKeys.all });
}

export function useDeviceRoles() {
  return useQuery({
    queryKey: deviceRoleKeys.list(),
    queryFn: ({ signal }) => api.get<{ items: DeviceRole[] }>("/device-roles", { signal }),
    select: (data) => data.items,
    staleTime: 30_000,
  });
}

export function useCreateDeviceRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateDeviceRoleRequest) => api.post<DeviceRole>("/device-roles", body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deviceRoleKeys.all }),
  });
}

export function useUpdateDeviceRole(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateDeviceRoleRequest) => api.patch<DeviceRole>(`/device-roles/${id}`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deviceRoleKeys.all }),
  });
}

export function useDeleteDeviceRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/device-roles/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deviceRoleKeys.all }),
  });
}
