import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  DeviceList,
  DeviceSummary,
  SaveScheduledTaskRequest,
  ScheduledTask,
  ScheduledTaskList,
  SchedulePreview,
} from "@steward/contracts";
import { api } from "../../api";

export const scheduledTaskKeys = {
  all: ["scheduled-tasks"] as const,
  list: (page: number, search: string) => [...scheduledTaskKeys.all, "list", page, search] as const,
  detail: (id: number) => [...scheduledTaskKeys.all, "detail", id] as const,
  preview: (schedule: string, timeZone: string) =>
    [...scheduledTaskKeys.all, "preview", schedule, timeZone] as const,
};

export function useScheduledTasks(page: number, search: string, pageSize = 25) {
  return useQuery({
    queryKey: scheduledTaskKeys.list(page, search),
    queryFn: ({ signal }) =>
      api.get<ScheduledTaskList>("/scheduled-tasks", {
        signal,
        query: { page, pageSize, search: search || undefined },
      }),
    placeholderData: keepPreviousData,
    refetchInterval: 30_000,
  });
}

export function useScheduledTask(id: number | null) {
  return useQuery({
    queryKey: scheduledTaskKeys.detail(id ?? 0),
    queryFn: ({ signal }) => api.get<ScheduledTask>(`/scheduled-tasks/${id}`, { signal }),
    enabled: id !== null,
  });
}

export function useSaveScheduledTask(id: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveScheduledTaskRequest) =>
      id === null
        ? api.post<ScheduledTask>("/scheduled-tasks", body)
        : api.put<ScheduledTask>(`/scheduled-tasks/${id}`, body),
    onSuccess: (task) => {
      queryClient.setQueryData(scheduledTaskKeys.detail(task.id), task);
      return queryClient.invalidateQueries({ queryKey: [...scheduledTaskKeys.all, "list"] });
    },
  });
}

export function useDeleteScheduledTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/scheduled-tasks/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: scheduledTaskKeys.all }),
  });
}

export function useRunTaskNow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      api.post<{ task: ScheduledTask; jobUids: string[] }>(`/scheduled-tasks/${id}/run-now`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: scheduledTaskKeys.all }),
  });
}

/** The next runs of a schedule as the server computes them (its time zone rules, DST included). */
export function useSchedulePreview(schedule: unknown, timeZone: string, enabled: boolean) {
  const text = JSON.stringify(schedule);
  return useQuery({
    queryKey: scheduledTaskKeys.preview(text, timeZone),
    queryFn: ({ signal }) =>
      api.get<SchedulePreview>("/scheduled-tasks/preview", {
        signal,
        query: { schedule: text, timeZone, count: 5 },
      }),
    enabled,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** Devices by name for the target picker. */
export function useDeviceOptions(search: string) {
  return useQuery({
    queryKey: ["devices", "picker", search] as const,
    queryFn: ({ signal }) =>
      api.get<DeviceList>("/devices", {
        signal,
        query: { search: search || undefined, pageSize: 20, page: 1, sort: "name" },
      }),
    select: (data) => data.items,
    placeholderData: keepPreviousData,
  });
}

/** Names of devices already chosen (the seed's device query). */
export function useDevicesById(nodeIds: number[]) {
  return useQuery({
    queryKey: ["devices", "query", nodeIds] as const,
    queryFn: () => api.post<{ nodes: DeviceSummary[] }>("/query/device", { nodeIds: nodeIds.slice(0, 1000) }),
    enabled: nodeIds.length > 0,
    select: (data) => data.nodes,
    staleTime: 60_000,
  });
}
