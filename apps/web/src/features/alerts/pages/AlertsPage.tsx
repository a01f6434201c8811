import { useMemo, useState } from "react";
import { Badge, CloseButton, Group, SegmentedControl, Stack } from "@mantine/core";
import { useParams, useSearchParams } from "react-router";
import type { AlertView } from "@steward/contracts";
import type { ConditionSeverity } from "@steward/domain";
import { useT } from "../../../i18n";
import { parseId } from "../../../lib/params";
import { EmptyState, ErrorState, ListFooter, LoadingState, PageHeader } from "../../../ui";
import { useCan } from "../../auth";
import { useAlerts, type AlertAction } from "../api";
import { alertsRequestOf, hasAlertFilters } from "../alert-params";
import { AlertFilters } from "../components/AlertFilters";
import { AlertNoteDialog } from "../components/AlertNoteDialog";
import { AlertsTable } from "../components/AlertsTable";
import { LiveIndicator } from "../components/LiveIndicator";
import { BulkBar } from "../components/BulkBar";
import { SeverityCounters } from "../components/SeverityCounters";
import type { AlertSort } from "../components/SortableTh";

/** /systemDashboard/alerts: the alerts of every organization the technician sees. */
export function SystemAlertsPage() {
  return <AlertsList organizationId={null} />;
}

/** /customerDashboard/:id/alerts: one organization's alerts. */
export function OrganizationAlertsPage() {
  const { id } = useParams();
  return <AlertsList organizationId={parseId(id)} />;
}

export function AlertsList({ organizationId }: { organizationId: number | null }) {
  const t = useT();
  const can = useCan();
  const canManage = can("devices.manage");
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  const request = useMemo(
    () => alertsRequestOf(new URLSearchParams(key), organizationId),
    [key, organizationId],
  );
  const alerts = useAlerts(request);
  const [selected, setSelected] = useState<Set<number>>(() => new Set());
  const [dialog, setDialog] = useState<{ action: AlertAction; alerts: AlertView[] } | null>(null);
  const history = request.status === "RESET";
  const filtered = hasAlertFilters(request);

  const setParam = (name: string, value: string | null) => {
    // Another list is another set of rows: what was selected there is not carried over.
    setSelected(new Set());
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        if (name !== "page") next.delete("page");
        return next;
      },
      { replace: name !== "page" && name !== "view" },
    );
  };
  const setSort = ({ sort, order }: AlertSort) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set("sort", sort);
        next.set("order", order);
        next.delete("page");
        return next;
      },
      { replace: true },
    );
  const clearFilters = () =>
    setParams(
      (current) => {
        const next = new URLSearchParams();
        for (const keep of ["view", "device", "sort", "order"]) {
          const value = current.get(keep);
          if (value) next.set(keep, value);
        }
        return next;
      },
      { replace: true },
    );

  const data = alerts.data;
  // A polled answer may no longer hold a selected alert: only the ones still listed are acted on.
  const selectedAlerts = (data?.items ?? []).filter((a) => selected.has(a.id));
  const totalPages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  return (
    <Stack gap="md">
      <PageHeader
        title={t(organizationId === null ? "dashboard.routes.alerts" : "organizations.routes.alerts")}
        description={t("alerts.page.description")}
        actions={<LiveIndicator />}
      />
      <Group justify="space-between" align="center" gap="sm">
        <SegmentedControl
          aria-label={t("alerts.page.statusLabel")}
          value={history ? "history" : "open"}
          onChange={(v) => setParam("view", v === "history" ? "history" : null)}
          data={[
            { value: "open", label: t("alerts.page.open") },
            { value: "history", label: t("alerts.page.history") },
          ]}
        />
        {data ? (
          <SeverityCounters
            counts={data.openBySeverity}
            active={request.severity}
            onSelect={(s: ConditionSeverity | undefined) => setParam("severity", s ?? null)}
          />
        ) : null}
      </Group>
      <Group gap="sm" align="flex-end" justify="space-between">
        <AlertFilters
          params={params}
          onChange={setParam}
          onClear={clearFilters}
          filtered={filtered}
          showAcknowledged={!history}
        />
        {request.deviceId !== undefined ? (
          <Badge
            size="lg"
            variant="light"
            rightSection={
              <CloseButton
                size="xs"
                aria-label={t("common.actions.remove")}
                onClick={() => setParam("device", null)}
              />
            }
          >
            {t("alerts.page.deviceFilter")}
          </Badge>
        ) : null}
      </Group>
      {canManage && !history && selectedAlerts.length > 0 ? (
        <BulkBar
          count={selectedAlerts.length}
          onAction={(action) => setDialog({ action, alerts: selectedAlerts })}
          onClear={() => setSelected(new Set())}
        />
      ) : null}
      {alerts.isPending ? (
        <LoadingState label={t("alerts.page.loading")} />
      ) : alerts.isError && !data ? (
        <ErrorState
          title={t("alerts.page.loadError")}
          error={alerts.error}
          onRetry={() => void alerts.refetch()}
        />
      ) : data && data.items.length === 0 ? (
        <EmptyState
          title={t(
            filtered ? "alerts.page.noMatch" : history ? "alerts.page.emptyHistory" : "alerts.page.emptyOpen",
          )}
          description={t(
            filtered
              ? "alerts.page.noMatchHint"
              : history
                ? "alerts.page.emptyHistoryHint"
                : "alerts.page.emptyOpenHint",
          )}
        />
      ) : data ? (
        <>
          <AlertsTable
            items={data.items}
            history={history}
            showOrganization={organizationId === null}
            sort={{ sort: request.sort ?? "severity", order: request.order ?? "asc" }}
            onSort={setSort}
            selection={
              canManage
                ? {
                    selected,
                    onChange: setSelected,
                    onAction: (action, list) => setDialog({ action, alerts: list }),
                  }
                : undefined
            }
          />
          <ListFooter
            label={t("alerts.page.count", { count: data.total })}
            page={request.page ?? 1}
            totalPages={totalPages}
            onPage={(p) => setParam("page", String(p))}
          />
        </>
      ) : null}
      <AlertNoteDialog
        action={dialog?.action ?? null}
        alerts={dialog?.alerts ?? []}
        onClose={() => setDialog(null)}
        onDone={() => setSelected(new Set())}
      />
    </Stack>
  );
}
