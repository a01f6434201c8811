import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  CreateNotificationChannelRequest,
  NotificationChannel,
  NotificationDelivery,
  UpdateNotificationChannelRequest,
} from "@steward/contracts";
import { api } from "../../../api";

export const channelKeys = {
  all: ["notification-channels"] as const,
  list: () => [...channelKeys.all, "list"] as const,
  deliveries: (id: number) => [...channelKeys.all, "deliveries", id] as const,
};

export function useChannels() {
  return useQuery({
    queryKey: channelKeys.list(),
    queryFn: async ({ signal }) =>
      (await api.get<{ items: NotificationChannel[] }>("/notification-channels", signal ? { signal } : {}))
        .items,
  });
}

export function useDeliveries(id: number | null) {
  return useQuery({
    queryKey: channelKeys.deliveries(id ?? 0),
    queryFn: async ({ signal }) =>
      (
        await api.get<{ items: NotificationDelivery[] }>(
          `/notification-channels/${id}/deliveries`,
          signal ? { signal } : {},
        )
      ).items,
    enabled: id !== null,
  });
}

export function useSaveChannel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: {
      id: number | null;
      body: CreateNotificationChannelRequest | UpdateNotificationChannelRequest;
    }) =>
      input.id === null
        ? api.post<NotificationChannel>("/notification-channels", input.body)
        : api.patch<NotificationChannel>(`/notification-channels/${input.id}`, input.body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: channelKeys.all }),
  });
}

export function useDeleteChannel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/notification-channels/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: channelKeys.all }),
  });
}

export function useSendTest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<NotificationDelivery>(`/notification-channels/${id}/test`, {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: channelKeys.all }),
  });
}
