import { useState } from "react";
import { Badge, Button, Group, SegmentedControl, Stack, Table, Text } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { useParams } from "react-router";
import type { MaintenanceWindow, MaintenanceWindowStatus } from "@steward/contracts";
import { useT, type Translate } from "../../../i18n";
import { parseId } from "../../../lib/params";
import {
  DeleteIconButton,
  EditIconButton,
  EmptyState,
  ErrorState,
  ListFooter,
  LoadingState,
  PageHeader,
  RowActions,
  TableCard,
  confirmDelete,
  formatDateTime,
} from "../../../ui";
import { useCan } from "../../auth";
import { useDeleteMaintenanceWindow, useMaintenanceWindows } from "../api";
import { MaintenanceWindowDialog } from "../components/MaintenanceWindowDialog";
import { repeatsLabel } from "../labels";
import type { RecurringRepeats } from "../components/window-draft";

const pad = (n: number) => String(n).padStart(2, "0");

/** When a window opens, in one line: its dates, or its schedule with duration and zone. */
function whenText(t: Translate, w: MaintenanceWindow): string {
  if (w.timing.kind === "ONE_OFF")
    return t("maintenance.list.oneOff", {
      start: formatDateTime(w.timing.startsAt),
      end: formatDateTime(w.timing.endsAt),
    });
  const s = w.timing.schedule;
  return t("maintenance.list.recurring", {
    schedule: `${t(repeatsLabel[s.repeats as RecurringRepeats] ?? "maintenance.form.daily")} ${pad(s.runAtHour)}:${pad(s.runAtMinute)}`,
    minutes: w.timing.durationMinutes,
    zone: w.timing.timeZone,
  });
}

function statusText(t: Translate, w: MaintenanceWindow): string {
  if (w.status === "ACTIVE" && w.activeUntil)
    return t("maintenance.list.until", { time: formatDateTime(w.activeUntil) });
  if (w.nextStart) return t("maintenance.list.next", { time: formatDateTime(w.nextStart) });
  if (w.timing.kind === "ONE_OFF")
    return t("maintenance.list.ended", { time: formatDateTime(w.timing.endsAt) });
  return "";
}

function targetText(t: Translate, w: MaintenanceWindow): string {
  const x = w.targets;
  return (
    [
      x.organizationIds.length
        ? t("maintenance.list.organizations", { count: x.organizationIds.length })
        : "",
      x.locationIds.length ? t("maintenance.list.locations", { count: x.locationIds.length }) : "",
      x.deviceIds.length ? t("maintenance.list.devices", { count: x.deviceIds.length }) : "",
      x.groupIds.length ? t("maintenance.list.groups", { count: x.groupIds.length }) : "",
    ]
      .filter(Boolean)
      .join(", ") || "—"
  );
}

const EMPTY: Record<
  MaintenanceWindowStatus,
  "maintenance.list.emptyActive" | "maintenance.list.emptyUpcoming" | "maintenance.list.emptyPast"
> = {
  ACTIVE: "maintenance.list.emptyActive",
  UPCOMING: "maintenance.list.emptyUpcoming",
  PAST: "maintenance.list.emptyPast",
};

/** /systemDashboard/maintenance: every window the technician sees. */
export function SystemMaintenancePage() {
  return <MaintenanceWindows organizationId={null} />;
}

/** /customerDashboard/:id/maintenance: one organization's windows. */
export function OrganizationMaintenancePage() {
  const { id } = useParams();
  return <MaintenanceWindows organizationId={parseId(id)} />;
}

export function MaintenanceWindows({ organizationId }: { organizationId: number | null }) {
  const t = useT();
  const can = useCan();
  const canManage = can("devices.manage");
  const [status, setStatus] = useState<MaintenanceWindowStatus>("ACTIVE");
  const [editing, setEditing] = useState<MaintenanceWindow | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const windows = useMaintenanceWindows(organizationId, status);
  const remove = useDeleteMaintenanceWindow();

  const openDialog = (w: MaintenanceWindow | null) => {
    setEditing(w);
    setDialogOpen(true);
  };
  const handleDelete = (w: MaintenanceWindow) =>
    confirmDelete({
      title: t("maintenance.list.deleteTitle"),
      message: t("maintenance.list.deleteMessage", { name: w.name }),
      remove: (done) => remove.mutate(w.id, done),
      deletedMessage: t("maintenance.list.deleted", { name: w.name }),
      errorTitle: t("maintenance.list.deleteError"),
    });
  const newButton = canManage ? (
    <Button leftSection={<IconPlus size={16} />} onClick={() => openDialog(null)}>
      {t("maintenance.list.newWindow")}
    </Button>
  ) : null;
  const data = windows.data;

  return (
    <Stack gap="md">
      <PageHeader
        title={t(
          organizationId === null
            ? "dashboard.routes.maintenanceArea"
            : "organizations.routes.maintenanceArea",
        )}
        description={t("maintenance.list.description")}
        actions={newButton}
      />
      <SegmentedControl
        aria-label={t("maintenance.list.tabsLabel")}
        w="fit-content"
        value={status}
        onChange={(s) => setStatus(s as MaintenanceWindowStatus)}
        data={[
          { value: "ACTIVE", label: t("maintenance.list.active") },
          { value: "UPCOMING", label: t("maintenance.list.upcoming") },
          { value: "PAST", label: t("maintenance.list.past") },
        ]}
      />
      {windows.isPending ? (
        <LoadingState label={t("maintenance.list.loading")} />
      ) : windows.isError ? (
        <ErrorState
          title={t("maintenance.list.loadError")}
          error={windows.error}
          onRetry={() => void windows.refetch()}
        />
      ) : data && data.items.length === 0 ? (
        <EmptyState
          title={t(EMPTY[status])}
          description={t("maintenance.list.emptyDescription")}
          action={newButton ?? undefined}
        />
      ) : data ? (
        <>
          <TableCard caption={t("maintenance.list.tableLabel")} minWidth={720}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("common.fields.name")}</Table.Th>
                {organizationId === null ? <Table.Th>{t("maintenance.list.organization")}</Table.Th> : null}
                <Table.Th>{t("maintenance.list.when")}</Table.Th>
                <Table.Th>{t("maintenance.list.targets")}</Table.Th>
                <Table.Th>{t("maintenance.list.suppresses")}</Table.Th>
                {canManage ? <Table.Th aria-label={t("common.fields.actions")} /> : null}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.items.map((w) => (
                <Table.Tr key={w.id}>
                  <Table.Td>
                    <Group gap={6}>
                      <Text size="sm" fw={500}>
                        {w.name}
                      </Text>
                      {!w.enabled ? (
                        <Badge size="xs" color="gray" variant="light">
                          {t("common.fields.disabled")}
                        </Badge>
                      ) : null}
                    </Group>
                    <Text size="xs" c="dimmed">
                      {statusText(t, w)}
                    </Text>
                  </Table.Td>
                  {organizationId === null ? (
                    <Table.Td>{w.organizationName ?? t("maintenance.list.systemWide")}</Table.Td>
                  ) : null}
                  <Table.Td>
                    <Text size="sm">{whenText(t, w)}</Text>
                  </Table.Td>
                  <Table.Td>{targetText(t, w)}</Table.Td>
                  <Table.Td>
                    {(["alerts", "notifications", "automations"] as const)
                      .filter((s) => w.suppress[s])
                      .map((s) => t(`maintenance.suppress.${s}`))
                      .join(", ")}
                  </Table.Td>
                  {canManage ? (
                    <Table.Td>
                      <RowActions>
                        <EditIconButton name={w.name} onClick={() => openDialog(w)} />
                        <DeleteIconButton name={w.name} onClick={() => handleDelete(w)} />
                      </RowActions>
                    </Table.Td>
                  ) : null}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </TableCard>
          <ListFooter
            label={t("maintenance.list.count", { count: data.total })}
            page={1}
            totalPages={1}
            onPage={() => {}}
          />
        </>
      ) : null}
      <MaintenanceWindowDialog
        organizationId={organizationId}
        window={editing}
        opened={dialogOpen}
        onClose={() => setDialogOpen(false)}
      />
    </Stack>
  );
}
