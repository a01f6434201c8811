import { useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { Anchor, Badge, Button, Group, Stack, Table, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { Link } from "react-router";
import type { PendingJob } from "@steward/contracts";
import { describeError } from "../../../api";
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
function deliveryBadge(job: PendingJob) {
  if (job.jobStatus === "CANCEL_REQUESTED")
    return (
      <Badge color="orange" variant="light" miw="max-content">
        Cancelling
      </Badge>
    );
  if (job.delivery === "STARTED")
    return (
      <Badge color="blue" variant="light" miw="max-content">
        Running
      </Badge>
    );
  if (job.delivery === "SENT")
    return (
      <Badge color="blue" variant="light" miw="max-content">
        Sent
      </Badge>
    );
  return (
    <Badge color="yellow" variant="light" miw="max-content">
      Queued
    </Badge>
  );
}

/** Scripts and jobs not finished yet (queued for offline devices, sent, running), with Cancel. */
export function PendingJobsView({ organizationId }: { organizationId: number | null }) {
  const can = useCan();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const pending = usePendingJobs(organizationId, page);
  const cancel = useCancelJob({
    onSuccess: () => queryClient.invalidateQueries({ queryKey: activityKeys.all }),
    onError: (error) =>
      notifications.show({ color: "red", title: "Could not cancel the job", message: describeError(error) }),
  });

  if (pending.isPending) return <LoadingState label="Loading pending scripts…" />;
  if (pending.isError)
    return (
      <ErrorState
        title="Could not load pending scripts"
        error={pending.error}
        onRetry={() => void pending.refetch()}
      />
    );
  const data = pending.data;
  if (data.items.length === 0)
    return (
      <EmptyState
        title="No pending scripts"
        description="Scripts waiting for an offline device, or still running, show here until they finish."
      />
    );
  const totalPages = Math.max(1, Math.ceil(data.total / data.pageSize));
  return (
    <Stack gap="sm">
      <TableCard minWidth={720} highlightOnHover={false}>
        {/* At most the 752 px a 1024-px window leaves beside the sidebar: no scroll bar there. */}

        <Table.Thead>
          <Table.Tr>
            <Table.Th>Script</Table.Th>
            <Table.Th>Device</Table.Th>
            {organizationId === null ? <Table.Th>Organization</Table.Th> : null}
            <Table.Th>State</Table.Th>
            <Table.Th>Requested</Table.Th>
            {can("jobs.run") ? <Table.Th aria-label="Actions" /> : null}
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
              <Table.Td>{deliveryBadge(job)}</Table.Td>
              <Table.Td>
                <Text size="sm">{formatDateTime(job.createdAt)}</Text>
                {job.userName ? (
                  <Text size="xs" c="dimmed">
                    by {job.userName}
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
                            title: "Cancel job",
                            message: `Cancel "${job.scriptName ?? job.jobName}" on ${job.deviceName}?`,
                            confirmLabel: "Cancel job",
                            onConfirm: () => cancel.mutate(job.jobUid),
                          })
                        }
                      >
                        Cancel
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
        total={data.total}
        noun="pending"
        plural="pending"
        page={Math.min(page, totalPages)}
        totalPages={totalPages}
        onPage={setPage}
      />
    </Stack>
  );
}
