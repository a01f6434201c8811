import { useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { Anchor, Badge, Button, Group, Stack, Table, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { Link } from "react-router";
import type { PendingJob } from "@steward/contracts";
import { describeError } from "../../../api";
import { useT, type MessageKey } from "../../../i18n";
import {
  EmptyState,
  ErrorState,
  LoadingState,
  confirmAction,
  formatDateTime,
  ListFooter,
  TableCard,
} from "../../../ui";
import { useCan } from "../../auth";
import { useCancelJob } from "../../jobs";
import { activityKeys, usePendingJobs } from "../api";

/** The job's state; the badge keeps its whole word in a narrow column. */
function DeliveryBadge({ job }: { job: PendingJob }) {
  const t = useT();
  const [color, text]: [string, MessageKey] =
    job.jobStatus === "CANCEL_REQUESTED"
      ? ["orange", "activities.pending.cancelling"]
      : job.delivery === "STARTED"
        ? ["blue", "activities.pending.running"]
        : job.delivery === "SENT"
          ? ["blue", "activities.pending.sent"]
          : ["yellow", "activities.pending.queued"];
  return (
    <Badge color={color} variant="light" miw="max-content">
      {t(text)}
    </Badge>
  );
}

/** Scripts and jobs not finished yet (queued for offline devices, sent, running), with Cancel. */
export function PendingJobsView({ organizationId }: { organizationId: number | null }) {
  const t = useT();
  const can = useCan();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const pending = usePendingJobs(organizationId, page);
  const cancel = useCancelJob({
    onSuccess: () => queryClient.invalidateQueries({ queryKey: activityKeys.all }),
    onError: (error) =>
      notifications.show({
        color: "red",
        title: t("activities.pending.cancelFailed"),
        message: describeError(error),
      }),
  });

  if (pending.isPending) return <LoadingState label={t("activities.pending.loading")} />;
  if (pending.isError)
    return (
      <ErrorState
        title={t("activities.pending.loadError")}
        error={pending.error}
        onRetry={() => void pending.refetch()}
      />
    );
  const data = pending.data;
  if (data.items.length === 0)
    return (
      <EmptyState title={t("activities.pending.empty")} description={t("activities.pending.emptyHint")} />
    );
  const totalPages = Math.max(1, Math.ceil(data.total / data.pageSize));
  return (
    <Stack gap="sm">
      <TableCard caption={t("activities.routes.pendingScripts")} minWidth={720} highlightOnHover={false}>
        {/* At most the 752 px a 1024-px window leaves beside the sidebar: no scroll bar there. */}

        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("activities.pending.script")}</Table.Th>
            <Table.Th>{t("activities.pending.device")}</Table.Th>
            {organizationId === null ? <Table.Th>{t("activities.pending.organization")}</Table.Th> : null}
            <Table.Th>{t("activities.pending.state")}</Table.Th>
            <Table.Th>{t("activities.pending.requested")}</Table.Th>
            {can("jobs.run") ? <Table.Th aria-label={t("activities.pending.actions")} /> : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.items.map((job) => (
            <Table.Tr key={job.jobUid}>
              <Table.Td>
                <Anchor
                  component={Link}
                  to={`/deviceDashboard/${job.deviceId}/tools/1?job=${encodeURIComponent(job.jobUid)}`}
                  size="sm"
                >
                  {job.scriptName ?? job.jobName}
                </Anchor>
              </Table.Td>
              <Table.Td>
                <Anchor component={Link} to={`/deviceDashboard/${job.deviceId}/overview`} size="sm">
                  {job.deviceName}
                </Anchor>
              </Table.Td>
              {organizationId === null ? <Table.Td>{job.organizationName}</Table.Td> : null}
              <Table.Td>
                <DeliveryBadge job={job} />
              </Table.Td>
              <Table.Td>
                <Text size="sm">{formatDateTime(job.createdAt)}</Text>
                {job.userName ? (
                  <Text size="xs" c="dimmed">
                    {t("activities.pending.by", { name: job.userName })}
                  </Text>
                ) : null}
              </Table.Td>
              {can("jobs.run") ? (
                <Table.Td>
                  {job.jobStatus === "START_REQUESTED" ? (
                    <Group justify="flex-end">
                      <Button
                        size="compact-sm"
                        variant="subtle"
                        color="red"
                        loading={cancel.isPending && cancel.variables === job.jobUid}
                        onClick={() =>
                          confirmAction({
                            title: t("activities.pending.cancelTitle"),
                            message: t("activities.pending.cancelMessage", {
                              name: job.scriptName ?? job.jobName,
                              device: job.deviceName,
                            }),
                            confirmLabel: t("activities.pending.cancelTitle"),
                            onConfirm: () => cancel.mutate(job.jobUid),
                          })
                        }
                      >
                        {t("activities.pending.cancel")}
                      </Button>
                    </Group>
                  ) : null}
                </Table.Td>
              ) : null}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </TableCard>
      <ListFooter
        label={t("activities.pending.count", { count: data.total })}
        page={Math.min(page, totalPages)}
        totalPages={totalPages}
        onPage={setPage}
      />
    </Stack>
  );
}
