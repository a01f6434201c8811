import { useMemo } from "react";
import { Anchor, Badge, Button, Group, MultiSelect, Select, Stack, Table, Text } from "@mantine/core";
import { Link, useSearchParams } from "react-router";
import { JOB_TYPES } from "@steward/domain";
import { localizeText, useT } from "../../../i18n";
import { EmptyState, ErrorState, LoadingState, formatDateTime, ListFooter, TableCard } from "../../../ui";
import { useCan } from "../../auth";
import { useTechnicians } from "../../technicians";
import { useActivities, type ActivityScope } from "../api";
import {
  DEVICE_ACTIVITY_TYPES,
  STATUSES,
  TIME_OPTIONS,
  parseActivityFilters,
  statusText,
  typeLabel,
} from "./activity-filters";

interface ActivitiesViewProps {
  scope: ActivityScope;
  page: number;
  /** Goes to another page of the list (the page's URL keeps the filters). */
  onPage: (page: number) => void;
}

/** Job and device activities, newest first, filtered by type, status, user and time. */
export function ActivitiesView({ scope, page, onPage }: ActivitiesViewProps) {
  const t = useT();
  const can = useCan();
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  // The time window is computed once per URL, so polling does not shift it.
  const filters = useMemo(() => parseActivityFilters(new URLSearchParams(key)), [key]);
  const { since, ...query } = filters;
  const activities = useActivities(scope, query, page);
  const technicians = useTechnicians();
  const showTechnicians = can("technicians.read");

  const setFilter = (name: string, value: string | null) => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: true },
    );
    if (page !== 1) onPage(1);
  };
  const typeOptions = [
    {
      group: t("activities.filters.deviceGroup"),
      items: DEVICE_ACTIVITY_TYPES.map((type) => ({ value: type, label: typeLabel(type, t) })),
    },
    {
      group: t("activities.filters.jobsGroup"),
      items: JOB_TYPES.map((type) => ({ value: type, label: typeLabel(type, t) })),
    },
  ];
  const filtered = query.types.length + query.statuses.length > 0 || query.userId !== null || since !== "";
  const data = activities.data;
  const totalPages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  return (
    <Stack gap="sm">
      <Group gap="sm" align="flex-end">
        <MultiSelect
          label={t("activities.filters.type")}
          placeholder={query.types.length ? undefined : t("activities.filters.anyType")}
          w={260}
          searchable
          clearable
          data={typeOptions}
          value={query.types}
          onChange={(v) => setFilter("type", v.join(","))}
        />
        <MultiSelect
          label={t("activities.filters.status")}
          placeholder={query.statuses.length ? undefined : t("activities.filters.anyStatus")}
          w={220}
          clearable
          data={STATUSES.map((s) => ({ value: s, label: t(statusText[s]!) }))}
          value={query.statuses}
          onChange={(v) => setFilter("status", v.join(","))}
        />
        {showTechnicians ? (
          <Select
            label={t("activities.filters.user")}
            placeholder={t("activities.filters.anyone")}
            w={200}
            clearable
            searchable
            data={(technicians.data?.items ?? []).map((t) => ({
              value: String(t.id),
              label: `${t.firstName} ${t.lastName}`.trim() || t.email,
            }))}
            value={query.userId === null ? null : String(query.userId)}
            onChange={(v) => setFilter("userId", v)}
          />
        ) : null}
        <Select
          label={t("activities.filters.time")}
          w={160}
          allowDeselect={false}
          data={TIME_OPTIONS.map((o) => ({ value: o.value, label: t(o.label) }))}
          value={since}
          onChange={(v) => setFilter("since", v || null)}
        />
        {filtered ? (
          <Button variant="subtle" onClick={() => setParams({}, { replace: true })}>
            {t("activities.filters.clear")}
          </Button>
        ) : null}
      </Group>
      {activities.isPending ? (
        <LoadingState label={t("activities.list.loading")} />
      ) : activities.isError ? (
        <ErrorState
          title={t("activities.list.loadError")}
          error={activities.error}
          onRetry={() => void activities.refetch()}
        />
      ) : data && data.items.length === 0 ? (
        <EmptyState
          title={filtered ? t("activities.list.noMatch") : t("activities.list.empty")}
          description={filtered ? t("activities.list.noMatchHint") : t("activities.list.emptyHint")}
        />
      ) : data ? (
        <>
          <TableCard
            caption={t("activities.routes.activities")}
            minWidth={720}
            highlightOnHover={false}
            style={{ opacity: activities.isPlaceholderData ? 0.6 : 1 }}
          >
            {/* Fits the 1024-px minimum page width without a horizontal scroll bar: long times wrap. */}

            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("activities.list.time")}</Table.Th>
                <Table.Th>{t("activities.list.type")}</Table.Th>
                {scope.scope !== "device" ? <Table.Th>{t("activities.list.device")}</Table.Th> : null}
                <Table.Th style={{ minWidth: 180 }}>{t("activities.list.activity")}</Table.Th>
                <Table.Th>{t("activities.list.status")}</Table.Th>
                <Table.Th>{t("activities.list.user")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.items.map((a) => (
                <Table.Tr key={a.key}>
                  <Table.Td style={{ minWidth: 124 }}>{formatDateTime(a.at)}</Table.Td>
                  <Table.Td>
                    <Badge
                      variant="light"
                      tt="none"
                      miw="max-content"
                      color={a.source === "JOB" ? "violet" : a.type === "WENT_DOWN" ? "red" : "blue"}
                    >
                      {typeLabel(a.type, t)}
                    </Badge>
                  </Table.Td>
                  {scope.scope !== "device" ? (
                    <Table.Td style={{ maxWidth: 140 }}>
                      <Anchor
                        component={Link}
                        to={`/deviceDashboard/${a.deviceId}/overview`}
                        size="sm"
                        lineClamp={1}
                      >
                        {a.deviceName}
                      </Anchor>
                    </Table.Td>
                  ) : null}
                  <Table.Td style={{ overflowWrap: "anywhere", minWidth: 180 }}>
                    {a.jobUid ? (
                      <Anchor
                        component={Link}
                        to={`/deviceDashboard/${a.deviceId}/tools/1?job=${encodeURIComponent(a.jobUid)}`}
                        size="sm"
                      >
                        {a.jobName ?? localizeText(a.message ?? "")}
                      </Anchor>
                    ) : (
                      localizeText(a.message ?? "")
                    )}
                    {a.jobUid && a.message && a.message !== a.jobName ? (
                      <Text size="xs" c="dimmed" lineClamp={2}>
                        {localizeText(a.message)}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>
                    {a.result ? (
                      <Badge
                        variant="light"
                        color={a.result === "SUCCESS" ? "teal" : "red"}
                        miw="max-content"
                      >
                        {t(statusText[a.result]!)}
                      </Badge>
                    ) : a.status ? (
                      <Text size="sm">{statusText[a.status] ? t(statusText[a.status]!) : a.status}</Text>
                    ) : (
                      "—"
                    )}
                  </Table.Td>
                  <Table.Td>{a.userName ?? "—"}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </TableCard>
          <ListFooter
            label={t("activities.list.count", { count: data.total })}
            page={Math.min(page, totalPages)}
            totalPages={totalPages}
            onPage={onPage}
          />
        </>
      ) : null}
    </Stack>
  );
}
