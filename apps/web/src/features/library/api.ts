import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  AgentDownloads,
  CreateEnrollmentTokenRequest,
  EnrollmentToken,
  EnrollmentTokenSecret,
} from "@steward/contracts";
import { api } from "../../api";
import { useInvalidateDashboard } from "../dashboard";

export const enrollmentKeys = {
  all: ["enrollment-tokens"] as const,
  list: (organizationId: number) => [...enrollmentKeys.all, "list", organizationId] as const,
};

/** Where the browser downloads the agent bundle (a session-authenticated file). */
export const AGENT_DOWNLOAD_URL = "/api/agent/download";

export function useEnrollmentTokens(organizationId: number | null) {
  return useQuery({
    queryKey: enrollmentKeys.list(organizationId ?? 0),
    queryFn: ({ signal }) =>
      api.get<{ items: EnrollmentToken[] }>(`/organizations/${organizationId}/enrollment-tokens`, { signal }),
    enabled: organizationId !== null,
    select: (data) => data.items,
  });
}

export function useCreateEnrollmentToken(organizationId: number) {
  const queryClient = useQueryClient();
  const invalidateDashboard = useInvalidateDashboard();
  return useMutation({
    mutationFn: (body: CreateEnrollmentTokenRequest) =>
      api.post<EnrollmentTokenSecret>(`/organizations/${organizationId}/enrollment-tokens`, body),
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: enrollmentKeys.all }), invalidateDashboard()]),
  });
}

/** Shows a token's install commands again (the server audits every reveal). */
export function useRevealEnrollmentToken() {
  return useMutation({
    mutationFn: (tokenId: number) => api.get<EnrollmentTokenSecret>(`/enrollment-tokens/${tokenId}/secret`),
  });
}

export function useRevokeEnrollmentToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tokenId: number) => api.post<EnrollmentToken>(`/enrollment-tokens/${tokenId}/revoke`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: enrollmentKeys.all }),
  });
}

/** The self-contained agents and packages the server offers, each with its SHA-256. */
export function useAgentDownloads() {
  return useQuery({
    queryKey: ["agent-downloads"],
    queryFn: ({ signal }) => api.get<AgentDownloads>("/agent/downloads", { signal }),
    staleTime: 60_000,
  });
}
