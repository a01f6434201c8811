import { useState } from "react";
import { Anchor, Badge, Button, Group, Stack, Table, Text, TextInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import { IconPlayerPlay, IconPlus, IconSearch } from "@tabler/icons-react";
import { Link } from "react-router";
import type { ScheduledTask } from "@steward/contracts";
import { describeError } from "../../../api";
import { localizeText, useT, type Translate } from "../../../i18n";
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
import { describeSchedule } from "../schedule-summary";

/** "2 devices, 1 group": each kind of target the task names, counted. */
function targetText(t: Translate, targets: ScheduledTask["targets"]): string {
  const parts = [
    targets.deviceIds.length ? t("scheduledTasks.list.devices", { count: targets.deviceIds.length }) : "",
    targets.groupIds.length ? t("scheduledTasks.list.groups", { count: targets.groupIds.length }) : "",
    targets.organizationIds.length
      ? t("scheduledTasks.list.organizations", { count: targets.organizationIds.length })
      : "",
  ].filter(Boolean);
  return parts.join(", ") || "—";
}

export function ScheduledTasksPage() {
  const t = useT();
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
          message: t("scheduledTasks.list.started", { name: task.name, count: result.jobUids.length }),
        }),
      onError: (error) =>
        notifications.show({
          color: "red",
          title: t("scheduledTasks.list.runError"),
          message: describeError(error),
        }),
    });
  const handleDelete = (task: ScheduledTask) =>
    confirmDelete({
      title: t("scheduledTasks.list.deleteTitle"),
      message: t("scheduledTasks.list.deleteMessage", { name: task.name }),
      remove: (done) => remove.mutate(task.id, done),
      deletedMessage: t("scheduledTasks.list.deleted", { name: task.name }),
      errorTitle: t("scheduledTasks.list.deleteError"),
    });

  const data = tasks.data;
  const totalPages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  return (
    <Stack gap="md">
      <PageHeader
        title={t("scheduledTasks.routes.list")}
        description={t("scheduledTasks.list.description")}
        actions={
          canRun ? (
            <Button component={Link} to="/editor/scheduledTask/new" leftSection={<IconPlus size={16} />}>
              {t("scheduledTasks.list.newTask")}
            </Button>
          ) : null
        }
      />
      <TextInput
        aria-label={t("scheduledTasks.list.searchLabel")}
        placeholder={t("scheduledTasks.list.searchPlaceholder")}
        leftSection={<IconSearch size={16} />}
        w={320}
        value={search}
        onChange={(e) => {
          setSearch(e.currentTarget.value);
          setPage(1);
        }}
      />
      {tasks.isPending ? (
        <LoadingState label={t("scheduledTasks.list.loading")} />
      ) : tasks.isError ? (
        <ErrorState
          title={t("scheduledTasks.list.loadError")}
          error={tasks.error}
          onRetry={() => void tasks.refetch()}
        />
      ) : data && data.items.length === 0 ? (
        <EmptyState
          title={t(debounced ? "scheduledTasks.list.noMatches" : "scheduledTasks.list.empty")}
          description={t(
            debounced ? "scheduledTasks.list.noMatchesDescription" : "scheduledTasks.list.emptyDescription",
          )}
          action={
            canRun && !debounced ? (
              <Button component={Link} to="/editor/scheduledTask/new">
                {t("scheduledTasks.list.newTask")}
              </Button>
            ) : undefined
          }
        />
      ) : data ? (
        <>
          <TableCard caption={t("scheduledTasks.routes.list")} minWidth={720}>
            {/* At most the 752 px a 1024-px window leaves beside the sidebar: no scroll bar there. */}

            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("common.fields.name")}</Table.Th>
                <Table.Th>{t("scheduledTasks.list.schedule")}</Table.Th>
                <Table.Th>{t("scheduledTasks.list.targets")}</Table.Th>
                <Table.Th>{t("scheduledTasks.list.nextRun")}</Table.Th>
                <Table.Th>{t("scheduledTasks.list.lastRun")}</Table.Th>
                {canRun ? <Table.Th aria-label={t("common.fields.actions")} /> : null}
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
                          {t("common.fields.disabled")}
                        </Badge>
                      ) : null}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{describeSchedule(t, task.schedule)}</Text>
                    <Text size="xs" c="dimmed">
                      {task.timeZone}
                    </Text>
                  </Table.Td>
                  <Table.Td>{targetText(t, task.targets)}</Table.Td>
                  <Table.Td style={{ whiteSpace: "nowrap" }}>
                    {task.nextRunAt ? formatDateTime(task.nextRunAt) : "—"}
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" style={{ whiteSpace: "nowrap" }}>
                      {formatDateTime(task.lastRunAt)}
                    </Text>
                    {task.lastRun ? (
                      <Text size="xs" c={task.lastRun.error ? "red" : "dimmed"} lineClamp={2}>
                        {(task.lastRun.error && localizeText(task.lastRun.error)) ??
                          t("scheduledTasks.list.lastRunJobs", { count: task.lastRun.jobCount })}
                      </Text>
                    ) : null}
                  </Table.Td>
                  {canRun ? (
                    <Table.Td>
                      <RowActions>
                        <RowAction
                          tooltip={t("scheduledTasks.list.runNow")}
                          label={t("scheduledTasks.list.runNowLabel", { name: task.name })}
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
          <ListFooter
            label={t("scheduledTasks.list.count", { count: data.total })}
            page={page}
            totalPages={totalPages}
            onPage={setPage}
          />
        </>
      ) : null}
    </Stack>
  );
}
