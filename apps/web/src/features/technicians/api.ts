import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  CreateTechnicianRequest,
  Technician,
  TechnicianInviteResponse,
  UpdateTechnicianRequest,
} from "@steward/contracts";
import { api } from "../../api";
import { useInvalidateDashboard } from "../dashboard";

export const technicianKeys = {
  all: ["technicians"] as const,
  list: () => [...technicianKeys.all, "list"] as const,
  detail: (id: number) => [...technicianKeys.all, "detail", id] as const,
};

export function useTechnicians() {
  return useQuery({
    queryKey: technicianKeys.list(),
    queryFn: ({ signal }) => api.get<{ items: Technician[] }>("/technicians", { signal }),
  });
}

export function useTechnician(id: number) {
  return useQuery({
    queryKey: technicianKeys.detail(id),
    queryFn: ({ signal }) => api.get<Technician>(`/technicians/${id}`, { signal }),
  });
}

function useInvalidate() {
  const queryClient = useQueryClient();
  const invalidateDashboard = useInvalidateDashboard();
  return () =>
    Promise.all([queryClient.invalidateQueries({ queryKey: technicianKeys.all }), invalidateDashboard()]);
}

export function useInviteTechnician() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: CreateTechnicianRequest) => api.post<TechnicianInviteResponse>("/technicians", body),
    onSuccess: invalidate,
  });
}

export function useUpdateTechnician(id: number) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: UpdateTechnicianRequest) => api.patch<Technician>(`/technicians/${id}`, body),
    onSuccess: invalidate,
  });
}

export type TechnicianAction = "disable" | "enable" | "reinvite" | "reset-mfa" | "delete";

export function useTechnicianAction() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: TechnicianAction }) =>
      action === "delete"
        ? api.delete<undefined>(`/technicians/${id}`)
        : api.post<TechnicianInviteResponse | Technician | undefined>(`/technicians/${id}/${action}`),
    onSuccess: invalidate,
  });
}
