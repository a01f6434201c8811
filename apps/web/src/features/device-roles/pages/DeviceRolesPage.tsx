import { useState } from "react";
import { Anchor, Badge, Button, Group, Stack, Table, Text } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { Link } from "react-router";
import type { DeviceRole } from "@steward/contracts";
import {
  EmptyState,
  PageHeader,
  QueryView,
  RowActions,
  EditIconButton,
  DeleteIconButton,
  TableCard,
  confirmDelete,
} from "../../../ui";
import { useCan } from "../../auth";
import { useDeleteDeviceRole, useDeviceRoles } from "../api";
import { RoleFormModal } from "../components/RoleFormModal";
import { osFamilyLabels } from "../../../lib/os-labels";

export function DeviceRolesPage() {
  const can = useCan();
  const canManage = can("devices.manage");
  const roles = useDeviceRoles();
  const remove = useDeleteDeviceRole();
  const [editing, setEditing] = useState<DeviceRole | null>(null);
  const [creating, setCreating] = useState(false);

  const handleDelete = (role: DeviceRole) =>
    confirmDelete({
      title: "Delete device role",
      message: `Delete "${role.name}"? Its ${role.deviceCount} device(s) lose the role and its ${role.customFieldCount} custom field(s) are deleted.`,
      remove: (done) => remove.mutate(role.id, done),
      deletedMessage: `Device role "${role.name}" deleted`,
      errorTitle: "Could not delete the role",
    });

  return (
    <Stack gap="md">
      <PageHeader
        title="Device roles"
        description="What a device is for (workstation, server …). Roles carry their own custom fields and filter the device grid."
        actions={
          canManage ? (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
              New role
            </Button>
          ) : null
        }
      />
      <QueryView query={roles} errorTitle="Could not load device roles" loadingLabel="Loading device roles…">
        {(items) =>
          items.length === 0 ? (
            <EmptyState
              title="No device roles"
              description="Create a role to group devices by what they are for."
            />
          ) : (
            <TableCard minWidth={700}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Operating system</Table.Th>
                  <Table.Th>Devices</Table.Th>
                  <Table.Th>Custom fields</Table.Th>
                  {canManage ? <Table.Th aria-label="Actions" /> : null}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((role) => (
                  <Table.Tr key={role.id}>
                    <Table.Td>
                      <Group gap="xs">
                        <Text size="sm" fw={500}>
                          {role.name}
                        </Text>
                        {role.builtIn ? (
                          <Badge size="xs" variant="light" color="gray">
                            Built-in
                          </Badge>
                        ) : null}
                      </Group>
                      {role.description ? (
                        <Text size="xs" c="dimmed" lineClamp={1}>
                          {role.description}
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td>{osFamilyLabels[role.osFamily]}</Table.Td>
                    <Table.Td>
                      <Anchor component={Link} to={`/deviceSearch?roleId=${role.id}`} size="sm">
                        {role.deviceCount}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>
                      <Anchor
                        component={Link}
                        to={`/administration/devices/roleCustomFields?roleId=${role.id}`}
                        size="sm"
                      >
                        {role.customFieldCount}
                      </Anchor>
                    </Table.Td>
                    {canManage ? (
                      <Table.Td>
                        <RowActions>
                          <EditIconButton name={role.name} onClick={() => setEditing(role)} />
                          {!role.builtIn ? (
                            <DeleteIconButton name={role.name} onClick={() => handleDelete(role)} />
                          ) : null}
                        </RowActions>
                      </Table.Td>
                    ) : null}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </TableCard>
          )
        }
      </QueryView>
      <RoleFormModal
        role={editing}
        opened={creating || editing !== null}
        onClose={() => {
          setCreating(false);
          setEditing(null);
        }}
      />
    </Stack>
  );
}
