import { Anchor, Button, Stack, Table } from "@mantine/core";
import { IconDeviceDesktopSearch } from "@tabler/icons-react";
import { Link } from "react-router";
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
} from "../../../ui";
import { useCan } from "../../auth";
import { useDeleteSavedSearch, useGroups, type Group as DeviceGroup } from "../api";
import { CriteriaSummary } from "../components/CriteriaSummary";

/** The spec's exact text when the group list cannot be loaded. */
export const GROUPS_ERROR = "Error fetching groups";

export function GroupsPage() {
  const can = useCan();
  const groups = useGroups();
  const remove = useDeleteSavedSearch();

  const handleDelete = (group: DeviceGroup) =>
    confirmDelete({
      title: "Delete group",
      message: `Delete the group "${group.name}"? Its devices stay; only the saved search is removed.`,
      remove: (done) => remove.mutate(group.id, done),
      deletedMessage: `Group "${group.name}" deleted`,
      errorTitle: "Could not delete the group",
    });

  return (
    <Stack gap="md">
      <PageHeader
        title="Groups"
        description="Groups are saved device searches: they always hold the devices that match their filters."
        actions={
          <Button component={Link} to="/deviceSearch" leftSection={<IconDeviceDesktopSearch size={16} />}>
            New group from a search
          </Button>
        }
      />
      {groups.isPending ? (
        <LoadingState label="Loading groups…" />
      ) : groups.isError ? (
        <ErrorState title={GROUPS_ERROR} error={groups.error} onRetry={() => void groups.refetch()} />
      ) : groups.data.length === 0 ? (
        <EmptyState
          title="No groups yet"
          description='Filter devices in device search, then choose "Save as group".'
          action={
            <Button component={Link} to="/deviceSearch" variant="light">
              Go to device search
            </Button>
          }
        />
      ) : (
        <TableCard minWidth={640}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Filters</Table.Th>
              <Table.Th ta="right">Devices</Table.Th>
              <Table.Th>Updated</Table.Th>
              {can("devices.manage") ? <Table.Th aria-label="Actions" /> : null}
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
                    aria-label={`${group.deviceCount} device${group.deviceCount === 1 ? "" : "s"} in ${group.name}`}
                  >
                    {group.deviceCount}
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
