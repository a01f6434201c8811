import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  CopyPolicyRequest,
  CreatePolicyRequest,
  DeviceClassCode,
  EffectivePolicy,
  LocationPolicyOverrides,
  OrganizationPolicyAssignments,
  PolicyDetail,
  PolicyListItem,
  DevicePolicyOverridesResult,
  PutDevicePolicyOverridesRequest,
  PutLocationPolicyOverridesRequest,
  PutOrganizationPolicyAssignmentsRequest,
  UpdatePolicyRequest,
} from "@steward/contracts";
import { api } from "../../api";

export const policyKeys = {
  all: ["policies"] as const,
  lists: () => [...policyKeys.all, "list"] as const,
  list: (deviceClass: DeviceClassCode | null) => [...policyKeys.lists(), deviceClass ?? "all"] as const,
  detail: (id: number) => [...policyKeys.all, "detail", id] as const,
  organization: (id: number) => [...policyKeys.all, "organization", id] as const,
  location: (id: number, locationId: number) => [...policyKeys.all, "location", id, locationId] as const,
  effective: (deviceId: number) => [...policyKeys.all, "effective", deviceId] as const,
};

/** Every policy, or those of one device class, with how many devices use each. */
export function usePolicies(deviceClass: DeviceClassCode | null = null) {
  return useQuery({
    queryKey: policyKeys.list(deviceClass),
    queryFn: ({ signal }) =>
      api.get<{ items: PolicyListItem[] }>("/policies", {
        signal,
        query: { deviceClass: deviceClass ?? undefined },
      }),
    select: (data) => data.items,
  });
}

/** One policy with its items and their effective values; nothing is loaded for an id below 1. */
export function usePolicy(id: number) {
  return useQuery({
    queryKey: policyKeys.detail(id),
    queryFn: ({ signal }) => api.get<PolicyDetail>(`/policies/${id}`, { signal }),
    enabled: id > 0,
  });
}

/** A policy change can move what its children, assignments and devices get: everything reloads. */
function useInvalidatePolicies() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: policyKeys.all });
}

export function useCreatePolicy() {
  const invalidate = useInvalidatePolicies();
  return useMutation({
    mutationFn: (body: CreatePolicyRequest) => api.post<PolicyDetail>("/policies", body),
    onSuccess: invalidate,
  });
}

export function useCopyPolicy() {
  const invalidate = useInvalidatePolicies();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: CopyPolicyRequest }) =>
      api.post<PolicyDetail>(`/policies/${id}/copy`, body),
    onSuccess: invalidate,
  });
}

export function useUpdatePolicy(id: number) {
  const queryClient = useQueryClient();
  const invalidate = useInvalidatePolicies();
  return useMutation({
    mutationFn: (body: UpdatePolicyRequest) => api.patch<PolicyDetail>(`/policies/${id}`, body),
    onSuccess: (detail) => {
      queryClient.setQueryData(policyKeys.detail(id), detail);
      return invalidate();
    },
  });
}

export function useDeletePolicy() {
  const invalidate = useInvalidatePolicies();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/policies/${id}`),
    onSuccess: invalidate,
  });
}

export function useOrganizationPolicyAssignments(organizationId: number) {
  return useQuery({
    queryKey: policyKeys.organization(organizationId),
    queryFn: ({ signal }) =>
      api.get<OrganizationPolicyAssignments>(`/organizations/${organizationId}/policy-assignments`, {
        signal,
      }),
  });
}

export function usePutOrganizationPolicyAssignments(organizationId: number) {
  const queryClient = useQueryClient();
  const invalidate = useInvalidatePolicies();
  return useMutation({
    mutationFn: (body: PutOrganizationPolicyAssignmentsRequest) =>
      api.put<OrganizationPolicyAssignments>(`/organizations/${organizationId}/policy-assignments`, body),
    onSuccess: (data) => {
      queryClient.setQueryData(policyKeys.organization(organizationId), data);
      return invalidate();
    },
  });
}

export function useLocationPolicyOverrides(organizationId: number, locationId: number | null) {
  return useQuery({
    queryKey: policyKeys.location(organizationId, locationId ?? 0),
    queryFn: ({ signal }) =>
      api.get<LocationPolicyOverrides>(
        `/organizations/${organizationId}/locations/${locationId}/policy-overrides`,
        { signal },
      ),
    enabled: locationId !== null,
  });
}

export function usePutLocationPolicyOverrides(organizationId: number, locationId: number) {
  const queryClient = useQueryClient();
  const invalidate = useInvalidatePolicies();
  return useMutation({
    mutationFn: (body: PutLocationPolicyOverridesRequest) =>
      api.put<LocationPolicyOverrides>(
        `/organizations/${organizationId}/locations/${locationId}/policy-overrides`,
        body,
      ),
    onSuccess: (data) => {
      queryClient.setQueryData(policyKeys.location(organizationId, locationId), data);
      return invalidate();
    },
  });
}

export function useEffectivePolicy(deviceId: number) {
  return useQuery({
    queryKey: policyKeys.effective(deviceId),
    queryFn: ({ signal }) => api.get<EffectivePolicy>(`/devices/${deviceId}/effective-policy`, { signal }),
  });
}

export function usePutDevicePolicyOverride(deviceId: number) {
  const queryClient = useQueryClient();
  const invalidate = useInvalidatePolicies();
  return useMutation({
    mutationFn: (policyId: number | null) =>
      api.put<EffectivePolicy>(`/devices/${deviceId}/policy-override`, { policyId }),
    onSuccess: (data) => {
      queryClient.setQueryData(policyKeys.effective(deviceId), data);
      return invalidate();
    },
  });
}

/** One device override for many devices (null clears it); those of other classes may be skipped. */
export function usePutDevicePolicyOverrides() {
  const invalidate = useInvalidatePolicies();
  return useMutation({
    mutationFn: (body: PutDevicePolicyOverridesRequest) =>
      api.put<DevicePolicyOverridesResult>("/device-policy-overrides", body),
    onSuccess: invalidate,
  });
}
