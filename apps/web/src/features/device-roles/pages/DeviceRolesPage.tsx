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
import { formatNumber, useT } from "../../../i18n";
import { useCan } from "../../auth";
import { useDeleteDeviceRole, useDeviceRoles } from "../api";
import { RoleFormModal } from "../components/RoleFormModal";
import { osFamilyText } from "../../../lib/os-labels";

export function DeviceRolesPage() {
  const t = useT();
  const can = useCan();
  const canManage = can("devices.manage");
  const roles = useDeviceRoles();
  const remove = useDeleteDeviceRole();
  const [editing, setEditing] = useState<DeviceRole | null>(null);
  const [creating, setCreating] = useState(false);

  const handleDelete = (role: DeviceRole) =>
    confirmDelete({
      title: t("deviceRoles.list.deleteTitle"),
      message: t("deviceRoles.list.deleteMessage", {
        name: role.name,
        devices: role.deviceCount,
        fields: role.customFieldCount,
      }),
      remove: (done) => remove.mutate(role.id, done),
      deletedMessage: t("deviceRoles.list.deleted", { name: role.name }),
      errorTitle: t("deviceRoles.list.deleteError"),
    });

  return (
    <Stack gap="md">
      <PageHeader
        title={t("deviceRoles.routes.list")}
        description={t("deviceRoles.list.description")}
        actions={
          canManage ? (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
              {t("deviceRoles.list.newRole")}
            </Button>
          ) : null
        }
      />
      <QueryView
        query={roles}
        errorTitle={t("deviceRoles.list.loadError")}
        loadingLabel={t("deviceRoles.list.loading")}
      >
        {(items) =>
          items.length === 0 ? (
            <EmptyState
              title={t("deviceRoles.list.emptyTitle")}
              description={t("deviceRoles.list.emptyDescription")}
            />
          ) : (
            <TableCard caption={t("deviceRoles.routes.list")} minWidth={700}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t("common.fields.name")}</Table.Th>
                  <Table.Th>{t("deviceRoles.list.operatingSystem")}</Table.Th>
                  <Table.Th>{t("common.fields.devices")}</Table.Th>
                  <Table.Th>{t("deviceRoles.list.customFields")}</Table.Th>
                  {canManage ? <Table.Th aria-label={t("common.fields.actions")} /> : null}
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
                            {t("deviceRoles.list.builtIn")}
                          </Badge>
                        ) : null}
                      </Group>
                      {role.description ? (
                        <Text size="xs" c="dimmed" lineClamp={1}>
                          {role.description}
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td>{t(osFamilyText[role.osFamily])}</Table.Td>
                    <Table.Td>
                      <Anchor component={Link} to={`/deviceSearch?roleId=${role.id}`} size="sm">
                        {formatNumber(role.deviceCount)}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>
                      <Anchor
                        component={Link}
                        to={`/administration/devices/roleCustomFields?roleId=${role.id}`}
                        size="sm"
                      >
                        {formatNumber(role.customFieldCount)}
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
