import { Anchor, Badge, Button, Group, Stack, Table, Text } from "@mantine/core";
import { IconCopy, IconPlus } from "@tabler/icons-react";
import { Link, useNavigate } from "react-router";
import type { TechnicianRole } from "@steward/contracts";
import {
  DeleteIconButton,
  EditIconButton,
  EmptyState,
  PageHeader,
  QueryView,
  RowAction,
  RowActions,
  TableCard,
  confirmDelete,
} from "../../../ui";
import { useCan } from "../../auth";
import { useDeleteTechnicianRole, useTechnicianRoles } from "../api";
import { useCopyRoleAndOpen } from "../components/use-copy-role";
import { roleEditorPath } from "../paths";

/** "All organizations", or the organization names (and how many more the reader cannot see). */
export function roleScopeText(role: TechnicianRole): string {
  if (role.allOrganizations) return "All organizations";
  const names = role.organizations.map((o) => o.name);
  if (role.hiddenOrganizationCount > 0) names.push(`${role.hiddenOrganizationCount} more`);
  return names.join(", ");
}

/** /administration/users/technicianRoles — the technician roles and their built-in templates. */
export function TechnicianRolesPage() {
  const can = useCan();
  const canManage = can("technicians.manage");
  const roles = useTechnicianRoles();
  const remove = useDeleteTechnicianRole();
  const { copyRole, pendingId } = useCopyRoleAndOpen();
  const navigate = useNavigate();

  const handleDelete = (role: TechnicianRole) =>
    confirmDelete({
      title: "Delete role",
      message: `Delete the role "${role.name}"? A role still held by technicians cannot be deleted: take it away from them first.`,
      remove: (done) => remove.mutate(role.id, done),
      deletedMessage: `Role "${role.name}" deleted`,
      errorTitle: "Could not delete the role",
    });

  return (
    <Stack gap="md">
      <PageHeader
        title="Technician roles"
        description="What technicians may do, and in which organizations. A technician may hold several roles; their access is the sum of them. Built-in roles are templates: copy one to change it."
        actions={
          canManage ? (
            <Button leftSection={<IconPlus size={16} />} component={Link} to={roleEditorPath("new")}>
              New role
            </Button>
          ) : null
        }
      />
      <QueryView
        query={roles}
        errorTitle="Could not load technician roles"
        loadingLabel="Loading technician roles…"
      >
        {(items) =>
          items.length === 0 ? (
            <EmptyState title="No technician roles" description="Create a role to give technicians access." />
          ) : (
            <TableCard minWidth={760} testId="technician-roles">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Permissions</Table.Th>
                  <Table.Th miw={170}>Organizations</Table.Th>
                  <Table.Th>Technicians</Table.Th>
                  {canManage ? <Table.Th aria-label="Actions" /> : null}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((role) => (
                  <Table.Tr key={role.id}>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <Anchor component={Link} to={roleEditorPath(role.id)} size="sm" fw={500}>
                          {role.name}
                        </Anchor>
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
                    <Table.Td>{role.permissions.length}</Table.Td>
                    <Table.Td>
                      <Text size="sm" lineClamp={2}>
                        {roleScopeText(role)}
                      </Text>
                    </Table.Td>
                    <Table.Td>{role.holderCount}</Table.Td>
                    {canManage ? (
                      <Table.Td>
                        {/* Copy first, so it lines up on every row (built-in rows have only Copy). */}
                        <RowActions justify="flex-start">
                          <RowAction
                            tooltip="Copy"
                            label={`Copy ${role.name}`}
                            loading={pendingId === role.id}
                            icon={<IconCopy size={16} />}
                            onClick={() => copyRole(role.id)}
                          />
                          {role.builtIn ? null : (
                            <EditIconButton
                              name={role.name}
                              onClick={() => void navigate(roleEditorPath(role.id))}
                            />
                          )}
                          {role.builtIn ? null : (
                            <DeleteIconButton name={role.name} onClick={() => handleDelete(role)} />
                          )}
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
    </Stack>
  );
}
