import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  CreateCredentialRequest,
  CredentialListResponse,
  CredentialView,
  UpdateCredentialRequest,
} from "@steward/contracts";
import { api } from "../../api";
import { ERROR_LOADING_CREDENTIALS } from "@steward/domain";

export const credentialKeys = {
  all: ["credentials"] as const,
  list: (organizationId: number) => [...credentialKeys.all, "list", organizationId] as const,
};

/** The text shown when an organization's credentials cannot be loaded (an empty list is used). */
export const CREDENTIALS_ERROR = ERROR_LOADING_CREDENTIALS;

/** GET /api/credential/organization/{id}/list: `{ resultCode: "SUCCESS", credentials }`; anything else is a failure. */
export async function fetchCredentials(
  organizationId: number,
  signal?: AbortSignal,
): Promise<CredentialView[]> {
  const answer = await api.get<CredentialListResponse>(
    `/credential/organization/${organizationId}/list`,
    signal ? { signal } : {},
  );
  if (answer?.resultCode !== "SUCCESS" || !Array.isArray(answer.credentials)) {
    throw new Error(CREDENTIALS_ERROR);
  }
  return answer.credentials;
}

export function useCredentials(organizationId: number | null) {
  return useQuery({
    queryKey: credentialKeys.list(organizationId ?? 0),
    queryFn: ({ signal }) => fetchCredentials(organizationId ?? 0, signal),
    enabled: organizationId !== null,
  });
}

export function useSaveCredential(organizationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number | null; body: CreateCredentialRequest | UpdateCredentialRequest }) =>
      input.id === null
        ? api.post<CredentialView>(`/organizations/${organizationId}/credentials`, input.body)
        : api.put<CredentialView>(`/organizations/${organizationId}/credentials/${input.id}`, input.body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: credentialKeys.all }),
  });
}

export function useDeleteCredential(organizationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/organizations/${organizationId}/credentials/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: credentialKeys.all }),
  });
}
