import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { AuditEventList } from "@steward/contracts";
import { api } from "../../api";

/** The audit log's filters as the page URL holds them (empty string: not set). */
export interface AuditFilters {
  actor: string;
  action: string;
  organizationId: number | null;
  outcome: "SUCCESS" | "FAILURE" | null;
  /** ISO date-times (the start and end of the chosen days). */
  from: string | null;
  to: string | null;
  q: string;
}

export const auditKeys = {
  all: ["audit-events"] as const,
  list: (filters: AuditFilters, page: number, pageSize: number) =>
    [...auditKeys.all, "list", filters, page, pageSize] as const,
};

/** The filters as query parameters (unset ones left out). */
export function auditQuery(filters: AuditFilters): Record<string, string> {
  const query: Record<string, string> = {};
  if (filters.actor) query.actor = filters.actor;
  if (filters.action) query.action = filters.action;
  if (filters.organizationId !== null) query.organizationId = String(filters.organizationId);
  if (filters.outcome) query.outcome = filters.outcome;
  if (filters.from) query.from = filters.from;
  if (filters.to) query.to = filters.to;
  if (filters.q) query.q = filters.q;
  return query;
}

export function useAuditEvents(filters: AuditFilters, page: number, pageSize = 50) {
  return useQuery({
    queryKey: auditKeys.list(filters, page, pageSize),
    queryFn: ({ signal }) =>
      api.get<AuditEventList>("/audit-events", { signal, query: { ...auditQuery(filters), page, pageSize } }),
    placeholderData: keepPreviousData,
  });
}

/** Where the CSV export of the current filters downloads from. */
export function auditExportUrl(filters: AuditFilters): string {
  const qs = new URLSearchParams(auditQuery(filters)).toString();
  return `/api/audit-events/export.csv${qs ? `?${qs}` : ""}`;
}
