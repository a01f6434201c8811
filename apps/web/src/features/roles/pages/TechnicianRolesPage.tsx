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
  formatNumber,
  confirmDelete,
} from "../../../ui";
import { useT, type Translate } from "../../../i18n";
import { useCan } from "../../auth";
import { useDeleteTechnicianRole, useTechnicianRoles } from "../api";
import { useCopyRoleAndOpen } from "../components/use-copy-role";
import { roleEditorPath } from "../paths";

/** "All organizations", or the organization names (and how many more the reader cannot see). */
export function roleScopeText(t: Translate, role: TechnicianRole): string {
  if (role.allOrganizations) return t("roles.form.allOrganizations");
  const names = role.organizations.map((o) => o.name);
  if (role.hiddenOrganizationCount > 0)
    names.push(t("roles.list.more", { count: role.hiddenOrganizationCount }));
  return names.join(", ");
}

/** /administration/users/technicianRoles — the technician roles and their built-in templates. */
export function TechnicianRolesPage() {
  const t = useT();
  const can = useCan();
  const canManage = can("technicians.manage");
  const roles = useTechnicianRoles();
  const remove = useDeleteTechnicianRole();
  const { copyRole, pendingId } = useCopyRoleAndOpen();
  const navigate = useNavigate();

  const handleDelete = (role: TechnicianRole) =>
    confirmDelete({
      title: t("roles.list.deleteTitle"),
      message: t("roles.list.deleteMessage", { name: role.name }),
      remove: (done) => remove.mutate(role.id, done),
      deletedMessage: t("roles.list.deleted", { name: role.name }),
      errorTitle: t("roles.list.deleteFailed"),
    });

  return (
    <Stack gap="md">
      <PageHeader
        title={t("roles.routes.list")}
        description={t("roles.list.description")}
        actions={
          canManage ? (
            <Button leftSection={<IconPlus size={16} />} component={Link} to={roleEditorPath("new")}>
              {t("roles.list.newRole")}
            </Button>
          ) : null
        }
      />
      <QueryView query={roles} errorTitle={t("roles.list.loadError")} loadingLabel={t("roles.list.loading")}>
        {(items) =>
          items.length === 0 ? (
            <EmptyState title={t("roles.list.emptyTitle")} description={t("roles.list.emptyDescription")} />
          ) : (
            <TableCard caption={t("roles.routes.list")} minWidth={760} testId="technician-roles">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t("common.fields.name")}</Table.Th>
                  <Table.Th>{t("roles.form.permissions")}</Table.Th>
                  <Table.Th miw={170}>{t("roles.form.organizations")}</Table.Th>
                  <Table.Th>{t("roles.list.technicians")}</Table.Th>
                  {canManage ? <Table.Th aria-label={t("common.fields.actions")} /> : null}
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
                            {t("roles.editor.builtIn")}
                          </Badge>
                        ) : null}
                      </Group>
                      {role.description ? (
                        <Text size="xs" c="dimmed" lineClamp={1}>
                          {role.description}
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td>{formatNumber(role.permissions.length)}</Table.Td>
                    <Table.Td>
                      <Text size="sm" lineClamp={2}>
                        {roleScopeText(t, role)}
                      </Text>
                    </Table.Td>
                    <Table.Td>{formatNumber(role.holderCount)}</Table.Td>
                    {canManage ? (
                      <Table.Td>
                        {/* Copy first, so it lines up on every row (built-in rows have only Copy). */}
                        <RowActions justify="flex-start">
                          <RowAction
                            tooltip={t("common.actions.copy")}
                            label={t("roles.copy.label", { name: role.name })}
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
