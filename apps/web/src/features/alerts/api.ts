import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import {
  bulkAlertResponse,
  type AlertListQuery,
  type AlertListResponse,
  type AlertStatus,
  type AlertView,
} from "@steward/contracts";
import { liveTopics } from "@steward/contracts";
import type { ConditionPriority, ConditionSeverity } from "@steward/domain";
import { api, useLiveFallback, useLiveInvalidate } from "../../api";

/** What a page asks for (the contract's query with one severity and one priority at most). */
export interface AlertsRequest {
  status: AlertStatus;
  severity?: ConditionSeverity;
  priority?: ConditionPriority;
  organizationId?: number;
  deviceId?: number;
  acknowledged?: boolean;
  search?: string;
  sort?: AlertSortKey;
  order?: "asc" | "desc";
  page?: number;
  pageSize?: number;
}

export const alertKeys = {
  all: ["alerts"] as const,
  list: (request: AlertsRequest) => [...alertKeys.all, "list", request] as const,
};

/** The live topic whose notices change a list: its device's, its organization's, or every alert in scope. */
function alertsTopicOf(request: AlertsRequest): string {
  if (request.deviceId !== undefined) return liveTopics.device(request.deviceId);
  if (request.organizationId !== undefined) return liveTopics.organizationAlerts(request.organizationId);
  return liveTopics.alerts;
}

/**
 * Alerts in the caller's scope. New ones, resets and acknowledgements arrive over the live
 * stream, which reads every alert list again; only while it is down are the lists polled.
 */
export function useAlerts(request: AlertsRequest, options: { enabled?: boolean } = {}) {
  const enabled = options.enabled ?? true;
  useLiveInvalidate(
    enabled ? alertsTopicOf(request) : null,
    () => [alertKeys.all],
    (event) => event.change === "alert",
  );
  const fallback = useLiveFallback();
  return useQuery({
    queryKey: alertKeys.list(request),
    enabled,
    queryFn: ({ signal }) =>
      api.get<AlertListResponse>("/alerts", {
        signal,
        query: {
          status: request.status,
          severity: request.severity,
          priority: request.priority,
          organizationId: request.organizationId,
          deviceId: request.deviceId,
          acknowledged: request.acknowledged === undefined ? undefined : String(request.acknowledged),
          search: request.search,
          sort: request.sort,
          order: request.order,
          page: request.page,
          pageSize: request.pageSize,
        },
      }),
    // The table keeps its rows (and so its scroll and selection) while the next answer comes.
    placeholderData: keepPreviousData,
    refetchInterval: fallback,
  });
}

export type AlertSortKey = AlertListQuery["sort"];
export type AlertAction = "acknowledge" | "reset";
export type BulkAlertResult = z.infer<typeof bulkAlertResponse>;

/**
 * Acknowledges or resets alerts with a note: one alert through its own route, several through
 * the bulk route. Answers how many were done and which were already gone.
 */
export function useAlertAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      action,
      alerts,
      note,
    }: {
      action: AlertAction;
      alerts: Pick<AlertView, "id">[];
      note: string;
    }): Promise<BulkAlertResult> => {
      if (alerts.length === 1) {
        await api.post<AlertView>(`/alerts/${alerts[0]!.id}/${action}`, { note });
        return { done: 1, notFound: [] };
      }
      return api.post<BulkAlertResult>(`/alerts/${action}`, { ids: alerts.map((a) => a.id), note });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: alertKeys.all }),
  });
}
