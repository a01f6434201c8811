import { Anchor, Button, Stack, Table } from "@mantine/core";
import { IconDeviceDesktopSearch } from "@tabler/icons-react";
import { Link } from "react-router";
import { useT } from "../../../i18n";
import {
  EmptyState,
  ErrorState,
  LoadingState,
  PageHeader,
  formatDateTime,
  RowActions,
  DeleteIconButton,
  TableCard,
  confirmDelete,
  formatNumber,
} from "../../../ui";
import { useCan } from "../../auth";
import { useDeleteSavedSearch, useGroups, type Group as DeviceGroup } from "../api";
import { CriteriaSummary } from "../components/CriteriaSummary";

export function GroupsPage() {
  const t = useT();
  const can = useCan();
  const groups = useGroups();
  const remove = useDeleteSavedSearch();

  const handleDelete = (group: DeviceGroup) =>
    confirmDelete({
      title: t("devices.group.deleteTitle"),
      message: t("devices.groups.deleteMessage", { name: group.name }),
      remove: (done) => remove.mutate(group.id, done),
      deletedMessage: t("devices.groups.deletedNotice", { name: group.name }),
      errorTitle: t("devices.group.deleteError"),
    });

  return (
    <Stack gap="md">
      <PageHeader
        title={t("devices.routes.groups")}
        description={t("devices.groups.description")}
        actions={
          <Button component={Link} to="/deviceSearch" leftSection={<IconDeviceDesktopSearch size={16} />}>
            {t("devices.groups.newFromSearch")}
          </Button>
        }
      />
      {groups.isPending ? (
        <LoadingState label={t("devices.groups.loading")} />
      ) : groups.isError ? (
        <ErrorState
          title={t("devices.groups.loadError")}
          error={groups.error}
          onRetry={() => void groups.refetch()}
        />
      ) : groups.data.length === 0 ? (
        <EmptyState
          title={t("devices.groups.emptyTitle")}
          description={t("devices.groups.emptyDescription")}
          action={
            <Button component={Link} to="/deviceSearch" variant="light">
              {t("devices.groups.goToSearch")}
            </Button>
          }
        />
      ) : (
        <TableCard caption={t("devices.routes.groups")} minWidth={640}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("common.fields.name")}</Table.Th>
              <Table.Th>{t("devices.groups.filters")}</Table.Th>
              <Table.Th ta="right">{t("common.fields.devices")}</Table.Th>
              <Table.Th>{t("common.fields.updated")}</Table.Th>
              {can("devices.manage") ? <Table.Th aria-label={t("common.fields.actions")} /> : null}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {groups.data.map((group) => (
              <Table.Tr key={group.id}>
                <Table.Td>
                  <Anchor component={Link} to={`/group/${group.id}`} size="sm" fw={500}>
                    {group.name}
                  </Anchor>
                </Table.Td>
                <Table.Td maw={360}>
                  <CriteriaSummary criteria={group.criteria} />
                </Table.Td>
                <Table.Td ta="right">
                  <Anchor
                    component={Link}
                    to={`/group/${group.id}`}
                    size="sm"
                    aria-label={t("devices.groups.deviceCount", {
                      count: group.deviceCount,
                      name: group.name,
                    })}
                  >
                    {formatNumber(group.deviceCount)}
                  </Anchor>
                </Table.Td>
                <Table.Td>{formatDateTime(group.updatedAt)}</Table.Td>
                {can("devices.manage") ? (
                  <Table.Td>
                    <RowActions>
                      <DeleteIconButton name={group.name} onClick={() => handleDelete(group)} />
                    </RowActions>
                  </Table.Td>
                ) : null}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </TableCard>
      )}
    </Stack>
  );
}
