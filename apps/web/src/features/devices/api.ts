import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  AlertListResponse,
  CreateSavedSearchRequest,
  DeviceActivity,
  DeviceDetail,
  DeviceList,
  DeviceMetrics,
  DeviceSummary,
  ExecuteActionRequest,
  ExecuteActionResponse,
  MetricRange,
  Group,
  SavedSearch,
  SoftwareList,
  UpdateDeviceRequest,
  UpdateSavedSearchRequest,
} from "@steward/contracts";
import { liveTopics } from "@steward/contracts";
import { api, LIVE_FALLBACK_POLL_MS, useLiveInvalidate } from "../../api";
import { useInvalidateDashboard } from "../dashboard";
import { deviceListQueryString, type GridState } from "./grid/grid-state";

export type { Group };

export interface ActivityPage {
  items: DeviceActivity[];
  total: number;
  page: number;
  pageSize: number;
}

export const deviceKeys = {
  all: ["devices"] as const,
  lists: () => [...deviceKeys.all, "list"] as const,
  list: (qs: string) => [...deviceKeys.lists(), qs] as const,
  detail: (id: number) => [...deviceKeys.all, "detail", id] as const,
  software: (id: number, page: number, pageSize: number, search: string) =>
    [...deviceKeys.all, "software", id, page, pageSize, search] as const,
  activities: (scope: string, id: number, page: number, pageSize: number) =>
    [...deviceKeys.all, "activities", scope, id, page, pageSize] as const,
  health: () => [...deviceKeys.all, "health"] as const,
  cache: () => [...deviceKeys.all, "cache"] as const,
  metrics: (id: number, range: MetricRange) => [...deviceKeys.all, "metrics", id, range] as const,
};

export const savedSearchKeys = {
  all: ["saved-searches"] as const,
  groups: () => [...savedSearchKeys.all, "groups"] as const,
  detail: (id: number) => [...savedSearchKeys.all, "detail", id] as const,
};

export function useDeviceList(state: GridState) {
  const qs = deviceListQueryString(state);
  return useQuery({
    queryKey: deviceKeys.list(qs),
    queryFn: ({ signal }) => api.get<DeviceList>(`/devices?${qs}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

/**
 * One device. Its presence and health change under the page: the live stream says when (it came
 * up or went down, an alert opened or reset), and the page reads the device, its activities and
 * its chart marks again. Inventory has no live notice: it is read again every minute.
 */
export function useDevice(id: number) {
  useLiveInvalidate(
    liveTopics.device(id),
    () => [
      deviceKeys.detail(id),
      [...deviceKeys.all, "activities"],
      [...deviceKeys.metrics(id, "1h"), "alerts"],
    ],
    (event) => event.change === "device-status" || event.change === "alert",
  );
  return useQuery({
    queryKey: deviceKeys.detail(id),
    queryFn: ({ signal }) => api.get<DeviceDetail>(`/devices/${id}`, { signal }),
    refetchInterval: LIVE_FALLBACK_POLL_MS,
  });
}

/** A device's CPU, memory, disk and network history over a chart range. */
export function useDeviceMetrics(id: number, range: MetricRange) {
  return useQuery({
    queryKey: deviceKeys.metrics(id, range),
    queryFn: ({ signal }) => api.get<DeviceMetrics>(`/devices/${id}/metrics`, { signal, query: { range } }),
    // Agents send a sample a minute: keep the chart current while the page is open.
    refetchInterval: 60_000,
  });
}

/** The device's open and reset alerts, for the marks on its charts (refreshed with the charts). */
export function useDeviceChartAlerts(id: number) {
  return useQuery({
    queryKey: [...deviceKeys.metrics(id, "1h"), "alerts"] as const,
    queryFn: async ({ signal }) => {
      const page = (status: "OPEN" | "RESET") =>
        api.get<AlertListResponse>("/alerts", { signal, query: { deviceId: id, status, pageSize: 200 } });
      const [open, reset] = await Promise.all([page("OPEN"), page("RESET")]);
      return [...open.items, ...reset.items];
    },
    refetchInterval: 60_000,
  });
}

export function useDeviceSoftware(id: number, page: number, pageSize: number, search: string) {
  return useQuery({
    queryKey: deviceKeys.software(id, page, pageSize, search),
    queryFn: ({ signal }) =>
      api.get<SoftwareList>(`/devices/${id}/software`, {
        signal,
        query: { page, pageSize, search: search || undefined },
      }),
    placeholderData: keepPreviousData,
  });
}

export type ActivityScope =
  | { kind: "device"; id: number }
  | { kind: "organization"; id: number }
  | { kind: "location"; id: number; locationId: number };

function activitiesPath(scope: ActivityScope): string {
  switch (scope.kind) {
    case "device":
      return `/devices/${scope.id}/activities`;
    case "organization":
      return `/organizations/${scope.id}/activities`;
    case "location":
      return `/organizations/${scope.id}/locations/${scope.locationId}/activities`;
  }
}

export function useDeviceActivities(scope: ActivityScope, page: number, pageSize: number) {
  const key = scope.kind === "location" ? scope.locationId : scope.id;
  return useQuery({
    queryKey: deviceKeys.activities(scope.kind, key, page, pageSize),
    queryFn: ({ signal }) =>
      api.get<ActivityPage>(activitiesPath(scope), { signal, query: { page, pageSize } }),
    placeholderData: keepPreviousData,
  });
}

/** After a change to devices: lists, details, dashboards and groups' counts are stale. */
function useInvalidateDevices() {
  const queryClient = useQueryClient();
  const invalidateDashboard = useInvalidateDashboard();
  return () =>
    Promise.all([queryClient.invalidateQueries({ queryKey: deviceKeys.all }), invalidateDashboard()]);
}

export function useUpdateDevice(id: number) {
  const invalidate = useInvalidateDevices();
  return useMutation({
    mutationFn: (body: UpdateDeviceRequest) => api.patch<DeviceSummary>(`/devices/${id}`, body),
    onSuccess: invalidate,
  });
}

export function useDeviceDecision(id: number) {
  const invalidate = useInvalidateDevices();
  return useMutation({
    mutationFn: (decision: "approve" | "reject") => api.post<DeviceSummary>(`/devices/${id}/${decision}`),
    onSuccess: invalidate,
  });
}

export function useDeleteDevice(id: number) {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateDevices();
  return useMutation({
    mutationFn: () => api.delete(`/devices/${id}`),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: deviceKeys.detail(id) });
      return invalidate();
    },
  });
}

export function useAddTag(id: number) {
  const invalidate = useInvalidateDevices();
  return useMutation({
    mutationFn: (tag: string) => api.post<{ tags: string[] }>(`/devices/${id}/tags`, { tag }),
    onSuccess: invalidate,
  });
}

export function useRemoveTag(id: number) {
  const invalidate = useInvalidateDevices();
  return useMutation({
    mutationFn: (tag: string) => api.delete<{ tags: string[] }>(`/devices/${id}/tags`, { query: { tag } }),
    onSuccess: invalidate,
  });
}

/** POST /api/search/runner/execute-action: one bulk action over ids or a search's devices. */
export function useExecuteAction() {
  const invalidate = useInvalidateDevices();
  return useMutation({
    mutationFn: (body: ExecuteActionRequest) =>
      api.post<ExecuteActionResponse>("/search/runner/execute-action", body),
    onSuccess: invalidate,
  });
}

export function useGroups() {
  return useQuery({
    queryKey: savedSearchKeys.groups(),
    queryFn: ({ signal }) => api.get<{ items: Group[] }>("/groups", { signal }),
    select: (data) => data.items,
  });
}

export function useSavedSearch(id: number) {
  return useQuery({
    queryKey: savedSearchKeys.detail(id),
    queryFn: ({ signal }) => api.get<SavedSearch>(`/saved-searches/${id}`, { signal }),
  });
}

export function useCreateSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateSavedSearchRequest) => api.post<SavedSearch>("/saved-searches", body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedSearchKeys.all }),
  });
}

export function useUpdateSavedSearch(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateSavedSearchRequest) => api.patch<SavedSearch>(`/saved-searches/${id}`, body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: savedSearchKeys.all }),
        queryClient.invalidateQueries({ queryKey: deviceKeys.lists() }),
      ]),
  });
}

export function useDeleteSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/saved-searches/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedSearchKeys.all }),
  });
}

/** Where the CSV export of the current filters downloads from. */
export function exportCsvUrl(filterParams: URLSearchParams, columns: readonly string[]): string {
  const params = new URLSearchParams(filterParams);
  if (columns.length) params.set("columns", columns.join(","));
  const qs = params.toString();
  return `/api/devices/export.csv${qs ? `?${qs}` : ""}`;
}
