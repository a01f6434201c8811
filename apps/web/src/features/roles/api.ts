import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  CopyTechnicianRoleRequest,
  CreateTechnicianRoleRequest,
  TechnicianRole,
  TechnicianRoleList,
  UpdateTechnicianRoleRequest,
} from "@steward/contracts";
import { api } from "../../api";

export const roleKeys = {
  all: ["technician-roles"] as const,
  list: () => [...roleKeys.all, "list"] as const,
  detail: (id: number) => [...roleKeys.all, "detail", id] as const,
};

export function useTechnicianRoles() {
  return useQuery({
    queryKey: roleKeys.list(),
    queryFn: ({ signal }) => api.get<TechnicianRoleList>("/technician-roles", { signal }),
    select: (data) => data.items,
    staleTime: 30_000,
  });
}

export function useTechnicianRole(id: number) {
  return useQuery({
    queryKey: roleKeys.detail(id),
    queryFn: ({ signal }) => api.get<TechnicianRole>(`/technician-roles/${id}`, { signal }),
  });
}

function useInvalidate() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: roleKeys.all });
}

export function useCreateTechnicianRole() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: CreateTechnicianRoleRequest) => api.post<TechnicianRole>("/technician-roles", body),
    onSuccess: invalidate,
  });
}

export function useUpdateTechnicianRole(id: number) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: UpdateTechnicianRoleRequest) =>
      api.patch<TechnicianRole>(`/technician-roles/${id}`, body),
    onSuccess: invalidate,
  });
}

export function useCopyTechnicianRole() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, ...body }: CopyTechnicianRoleRequest & { id: number }) =>
      api.post<TechnicianRole>(`/technician-roles/${id}/copy`, body),
    onSuccess: invalidate,
  });
}

export function useDeleteTechnicianRole() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/technician-roles/${id}`),
    onSuccess: invalidate,
  });
}
