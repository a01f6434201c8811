import { useState } from "react";
import { Anchor, Badge, Button, Group, Stack, Table, Text, TextInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import { IconPlayerPlay, IconPlus, IconSearch } from "@tabler/icons-react";
import { Link } from "react-router";
import type { ScheduledTask } from "@steward/contracts";
import { describeError } from "../../../api";
import {
  EmptyState,
  ErrorState,
  LoadingState,
  PageHeader,
  formatDateTime,
  RowActions,
  RowAction,
  DeleteIconButton,
  ListFooter,
  TableCard,
  confirmDelete,
} from "../../../ui";
import { useCan } from "../../auth";
import { useDeleteScheduledTask, useRunTaskNow, useScheduledTasks } from "../api";

function targetText(t: ScheduledTask["targets"]): string {
  const parts = [
    t.deviceIds.length ? `${t.deviceIds.length} device${t.deviceIds.length === 1 ? "" : "s"}` : "",
    t.groupIds.length ? `${t.groupIds.length} group${t.groupIds.length === 1 ? "" : "s"}` : "",
    t.organizationIds.length
      ? `${t.organizationIds.length} organization${t.organizationIds.length === 1 ? "" : "s"}`
      : "",
  ].filter(Boolean);
  return parts.join(", ") || "—";
}

export function ScheduledTasksPage() {
  const can = useCan();
  const canRun = can("jobs.run");
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState("");
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const tasks = useScheduledTasks(page, debounced);
  const remove = useDeleteScheduledTask();
  const runNow = useRunTaskNow();

  const handleRun = (task: ScheduledTask) =>
    runNow.mutate(task.id, {
      onSuccess: (result) =>
        notifications.show({
          color: "teal",
          message: `"${task.name}" started on ${result.jobUids.length} device(s)`,
        }),
      onError: (error) =>
        notifications.show({ color: "red", title: "Could not run the task", message: describeError(error) }),
    });
  const handleDelete = (task: ScheduledTask) =>
    confirmDelete({
      title: "Delete scheduled task",
      message: `Delete "${task.name}"? It stops running; jobs it already started finish.`,
      remove: (done) => remove.mutate(task.id, done),
      deletedMessage: `Task "${task.name}" deleted`,
      errorTitle: "Could not delete the task",
    });

  const data = tasks.data;
  const totalPages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  return (
    <Stack gap="md">
      <PageHeader
        title="Scheduled tasks"
        description="Scripts that run by themselves: daily, weekly, monthly, once, every few hours, at startup or at login."
        actions={
          canRun ? (
            <Button component={Link} to="/editor/scheduledTask/new" leftSection={<IconPlus size={16} />}>
              New task
            </Button>
          ) : null
        }
      />
      <TextInput
        aria-label="Search tasks"
        placeholder="Search by name or description"
        leftSection={<IconSearch size={16} />}
        w={320}
        value={search}
        onChange={(e) => {
          setSearch(e.currentTarget.value);
          setPage(1);
        }}
      />
      {tasks.isPending ? (
        <LoadingState label="Loading scheduled tasks…" />
      ) : tasks.isError ? (
        <ErrorState
          title="Could not load scheduled tasks"
          error={tasks.error}
          onRetry={() => void tasks.refetch()}
        />
      ) : data && data.items.length === 0 ? (
        <EmptyState
          title={debounced ? "No matching tasks" : "No scheduled tasks yet"}
          description={
            debounced
              ? "No task name or description contains this text."
              : "Create a task to run a library script on a schedule."
          }
          action={
            canRun && !debounced ? (
              <Button component={Link} to="/editor/scheduledTask/new">
                New task
              </Button>
            ) : undefined
          }
        />
      ) : data ? (
        <>
          <TableCard minWidth={720}>
            {/* At most the 752 px a 1024-px window leaves beside the sidebar: no scroll bar there. */}

            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Schedule</Table.Th>
                <Table.Th>Targets</Table.Th>
                <Table.Th>Next run</Table.Th>
                <Table.Th>Last run</Table.Th>
                {canRun ? <Table.Th aria-label="Actions" /> : null}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.items.map((task) => (
                <Table.Tr key={task.id}>
                  <Table.Td>
                    <Group gap={6}>
                      <Anchor component={Link} to={`/editor/scheduledTask/${task.id}`} size="sm" fw={500}>
                        {task.name}
                      </Anchor>
                      {!task.enabled ? (
                        <Badge size="xs" color="gray" variant="light">
                          Disabled
                        </Badge>
                      ) : null}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{task.summary}</Text>
                    <Text size="xs" c="dimmed">
                      {task.timeZone}
                    </Text>
                  </Table.Td>
                  <Table.Td>{targetText(task.targets)}</Table.Td>
                  <Table.Td style={{ whiteSpace: "nowrap" }}>
                    {task.nextRunAt ? formatDateTime(task.nextRunAt) : "—"}
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" style={{ whiteSpace: "nowrap" }}>
                      {formatDateTime(task.lastRunAt)}
                    </Text>
                    {task.lastRun ? (
                      <Text size="xs" c={task.lastRun.error ? "red" : "dimmed"} lineClamp={2}>
                        {task.lastRun.error ?? `${task.lastRun.jobCount} job(s)`}
                      </Text>
                    ) : null}
                  </Table.Td>
                  {canRun ? (
                    <Table.Td>
                      <RowActions>
                        <RowAction
                          tooltip="Run now"
                          label={`Run ${task.name} now`}
                          icon={<IconPlayerPlay size={16} />}
                          loading={runNow.isPending && runNow.variables === task.id}
                          onClick={() => handleRun(task)}
                        />
                        <DeleteIconButton name={task.name} onClick={() => handleDelete(task)} />
                      </RowActions>
                    </Table.Td>
                  ) : null}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </TableCard>
          <ListFooter total={data.total} noun="task" page={page} totalPages={totalPages} onPage={setPage} />
        </>
      ) : null}
    </Stack>
  );
}
