import { alertSortKeys } from "@steward/contracts";
import { conditionPriorities, conditionSeverities } from "@steward/domain";
import type { AlertsRequest, AlertSortKey } from "./api";

export const ALERTS_PAGE_SIZE = 50;

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  values.includes(value as T) ? (value as T) : undefined;

const positive = (value: string | null): number | undefined => {
  const n = Number(value);
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
};

/**
 * The list an alerts page shows, read from its URL: `view=history`, `severity`, `priority`,
 * `ack`, `q`, `sort`, `order`, `page` and `device` (one device's alerts). Unknown values are
 * ignored rather than sent.
 */
export function alertsRequestOf(params: URLSearchParams, organizationId: number | null): AlertsRequest {
  const ack = params.get("ack");
  const history = params.get("view") === "history";
  return {
    status: history ? "RESET" : "OPEN",
    severity: oneOf(conditionSeverities, params.get("severity")),
    priority: oneOf(conditionPriorities, params.get("priority")),
    acknowledged: history ? undefined : ack === "true" ? true : ack === "false" ? false : undefined,
    search: params.get("q")?.trim() || undefined,
    // Open alerts come most severe first; the history most recent first.
    sort: oneOf<AlertSortKey>(alertSortKeys, params.get("sort")) ?? (history ? "lastSeen" : "severity"),
    order:
      oneOf(["asc", "desc"] as const, params.get("order")) ??
      (history && !params.get("sort") ? "desc" : "asc"),
    organizationId: organizationId ?? undefined,
    deviceId: positive(params.get("device")),
    page: positive(params.get("page")) ?? 1,
    pageSize: ALERTS_PAGE_SIZE,
  };
}

/** Whether the person narrowed the list (the view, sort, page and device are not filters). */
export function hasAlertFilters(request: AlertsRequest): boolean {
  return (
    request.severity !== undefined ||
    request.priority !== undefined ||
    request.acknowledged !== undefined ||
    request.search !== undefined
  );
}

/** The history of one device's alerts in its organization's alerts page. */
export function deviceAlertHistoryPath(organizationId: number, deviceId: number): string {
  return `/customerDashboard/${organizationId}/alerts?view=history&device=${deviceId}`;
}
