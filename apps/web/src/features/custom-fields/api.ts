import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  CreateCustomFieldRequest,
  CustomFieldDefinition,
  CustomFieldValues,
  PutCustomFieldValuesRequest,
  UpdateCustomFieldRequest,
} from "@steward/contracts";
import { api } from "../../api";
import { useInvalidateDeviceRoles } from "../device-roles";

/** Which level's values: an organization, one of its locations, or a device. */
export type ValueLevel =
  | { kind: "organization"; organizationId: number }
  | { kind: "location"; organizationId: number; locationId: number }
  | { kind: "device"; deviceId: number };

export const customFieldKeys = {
  all: ["custom-fields"] as const,
  definitions: () => [...customFieldKeys.all, "definitions"] as const,
  values: (level: ValueLevel) => [...customFieldKeys.all, "values", level] as const,
};

export function valuesPath(level: ValueLevel): string {
  switch (level.kind) {
    case "organization":
      return `/organizations/${level.organizationId}/custom-fields`;
    case "location":
      return `/organizations/${level.organizationId}/locations/${level.locationId}/custom-fields`;
    case "device":
      return `/devices/${level.deviceId}/custom-fields`;
  }
}

export function useCustomFieldDefinitions() {
  return useQuery({
    queryKey: customFieldKeys.definitions(),
    queryFn: ({ signal }) =>
      api.get<{ globalCustomFields: CustomFieldDefinition[]; roleCustomFields: CustomFieldDefinition[] }>(
        "/custom-fields",
        { signal },
      ),
    staleTime: 30_000,
  });
}

function useInvalidateDefinitions() {
  const queryClient = useQueryClient();
  const invalidateDeviceRoles = useInvalidateDeviceRoles();
  return () =>
    Promise.all([queryClient.invalidateQueries({ queryKey: customFieldKeys.all }), invalidateDeviceRoles()]);
}

export function useCreateCustomField() {
  const invalidate = useInvalidateDefinitions();
  return useMutation({
    mutationFn: (body: CreateCustomFieldRequest) => api.post<CustomFieldDefinition>("/custom-fields", body),
    onSuccess: invalidate,
  });
}

export function useUpdateCustomField(id: number) {
  const invalidate = useInvalidateDefinitions();
  return useMutation({
    mutationFn: (body: UpdateCustomFieldRequest) =>
      api.patch<CustomFieldDefinition>(`/custom-fields/${id}`, body),
    onSuccess: invalidate,
  });
}

export function useDeleteCustomField() {
  const invalidate = useInvalidateDefinitions();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/custom-fields/${id}`),
    onSuccess: invalidate,
  });
}

export function useCustomFieldValues(level: ValueLevel) {
  return useQuery({
    queryKey: customFieldKeys.values(level),
    queryFn: ({ signal }) => api.get<CustomFieldValues>(valuesPath(level), { signal }),
    select: (data) => data.items,
  });
}

export function usePutCustomFieldValues(level: ValueLevel) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PutCustomFieldValuesRequest) => api.put<CustomFieldValues>(valuesPath(level), body),
    onSuccess: (data) => {
      queryClient.setQueryData(customFieldKeys.values(level), data);
      // Values above a device change what devices below inherit.
      return queryClient.invalidateQueries({ queryKey: [...customFieldKeys.all, "values"] });
    },
  });
}
