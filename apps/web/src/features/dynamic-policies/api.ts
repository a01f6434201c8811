import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  CreateDynamicPolicyRequest,
  DeviceClassCode,
  DynamicPolicyList,
  DynamicPolicyView,
  ReorderDynamicPoliciesRequest,
  UpdateDynamicPolicyRequest,
} from "@steward/contracts";
import { api } from "../../api";

export const dynamicPolicyKeys = {
  all: ["dynamic-policies"] as const,
  list: (deviceClass: DeviceClassCode) => [...dynamicPolicyKeys.all, "list", deviceClass] as const,
};

/** The dynamic policies of one device class, highest priority first. */
export function useDynamicPolicies(deviceClass: DeviceClassCode) {
  return useQuery({
    queryKey: dynamicPolicyKeys.list(deviceClass),
    queryFn: ({ signal }) =>
      api.get<DynamicPolicyList>("/dynamic-policies", { signal, query: { deviceClass } }),
    select: (data) => [...data.items].sort((a, b) => a.priority - b.priority),
  });
}

/**
 * A change moves what devices apply: the dynamic policies reload, and so does every device's
 * policy the console holds (the policies feature keeps those under "policies").
 */
function useInvalidate() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: dynamicPolicyKeys.all }),
      queryClient.invalidateQueries({ queryKey: ["policies"] }),
    ]);
}

export function useSaveDynamicPolicy() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (
      input:
        { id: null; body: CreateDynamicPolicyRequest } | { id: number; body: UpdateDynamicPolicyRequest },
    ) =>
      input.id === null
        ? api.post<DynamicPolicyView>("/dynamic-policies", input.body)
        : api.patch<DynamicPolicyView>(`/dynamic-policies/${input.id}`, input.body),
    onSuccess: invalidate,
  });
}

export function useDeleteDynamicPolicy() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => api.delete<null>(`/dynamic-policies/${id}`),
    onSuccess: invalidate,
  });
}

/** A class's new order; the list shows it at once and goes back if the server refuses it. */
export function useReorderDynamicPolicies() {
  const queryClient = useQueryClient();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: ReorderDynamicPoliciesRequest) =>
      api.put<DynamicPolicyList>("/dynamic-policies/order", body),
    onMutate: async (body) => {
      const key = dynamicPolicyKeys.list(body.deviceClass);
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<DynamicPolicyList>(key);
      if (before) {
        const rank = new Map(body.ids.map((id, i) => [id, i + 1]));
        queryClient.setQueryData<DynamicPolicyList>(key, {
          items: before.items.map((p) => ({ ...p, priority: rank.get(p.id) ?? p.priority })),
        });
      }
      return { key, before };
    },
    onError: (_error, _body, context) => {
      if (context?.before) queryClient.setQueryData(context.key, context.before);
    },
    onSettled: invalidate,
  });
}
