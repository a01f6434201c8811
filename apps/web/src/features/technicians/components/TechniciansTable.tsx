import { ActionIcon, Anchor, Badge, Group, Menu, Table, Text } from "@mantine/core";
import {
  IconDots,
  IconMailForward,
  IconPencil,
  IconPlayerPlay,
  IconBan,
  IconShieldX,
  IconTrash,
} from "@tabler/icons-react";
import { Link } from "react-router";
import type { Technician } from "@steward/contracts";
import { useT, type Translate } from "../../../i18n";
import { formatDate, formatDateTime } from "../../../ui";
import type { TechnicianAction } from "../api";
import { TechnicianStatusBadge } from "./TechnicianBadges";

interface TechniciansTableProps {
  items: Technician[];
  /** Role id → name, for the roles a technician holds. */
  roleNames: ReadonlyMap<number, string>;
  currentUserId: number | undefined;
  canManage: boolean;
  onAction: (technician: Technician, action: TechnicianAction) => void;
}

function fullName(t: Technician): string {
  return `${t.firstName} ${t.lastName}`.trim();
}

/** "System administrator", or the names of the roles held. */
function rolesText(tr: Translate, t: Technician, roleNames: ReadonlyMap<number, string>): string {
  if (t.isSystemAdmin) return tr("technicians.kind.systemAdmin");
  if (t.roleIds.length === 0) return tr("technicians.table.noRole");
  return t.roleIds.map((id) => roleNames.get(id) ?? tr("technicians.table.unknownRole", { id })).join(", ");
}

export function TechniciansTable({
  items,
  roleNames,
  currentUserId,
  canManage,
  onAction,
}: TechniciansTableProps) {
  const tr = useT();
  return (
    <Table
      striped
      highlightOnHover
      verticalSpacing="sm"
      layout="fixed"
      aria-label={tr("technicians.routes.list")}
    >
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{tr("common.fields.name")}</Table.Th>
          <Table.Th w={150}>{tr("technicians.fields.roles")}</Table.Th>
          <Table.Th w={150}>{tr("common.fields.status")}</Table.Th>
          <Table.Th w={100}>{tr("technicians.fields.twoFactor")}</Table.Th>
          <Table.Th w={112}>{tr("technicians.fields.lastSignIn")}</Table.Th>
          {canManage ? <Table.Th w={84}>{tr("common.fields.actions")}</Table.Th> : null}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {items.map((t) => {
          const self = t.id === currentUserId;
          return (
            <Table.Tr key={t.id}>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <Anchor component={Link} to={`/editor/user/${t.id}/general`} fw={600}>
                    {fullName(t)}
                  </Anchor>
                  {self ? (
                    <Badge size="xs" variant="light" style={{ flexShrink: 0 }}>
                      {tr("technicians.table.you")}
                    </Badge>
                  ) : null}
                </Group>
                <Text size="xs" c="dimmed" truncate="end" title={t.email}>
                  {t.email}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" lineClamp={2} title={rolesText(tr, t, roleNames)}>
                  {rolesText(tr, t, roleNames)}
                </Text>
              </Table.Td>
              <Table.Td>
                <TechnicianStatusBadge status={t.status} />
                {t.status === "INVITED" && t.inviteExpiresAt ? (
                  <Text size="xs" c="dimmed">
                    {tr("technicians.table.linkValidUntil", { time: formatDateTime(t.inviteExpiresAt) })}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td style={{ whiteSpace: "nowrap" }}>
                {t.mfaEnrolled ? tr("technicians.table.enrolled") : tr("technicians.table.notSetUp")}
              </Table.Td>
              <Table.Td style={{ whiteSpace: "nowrap" }}>{formatDate(t.lastLoginAt)}</Table.Td>
              {canManage ? (
                <Table.Td>
                  {self ? null : (
                    <Menu position="bottom-end" withinPortal>
                      <Menu.Target>
                        <ActionIcon
                          variant="subtle"
                          aria-label={tr("technicians.table.actionsFor", { name: fullName(t) })}
                        >
                          <IconDots size={16} />
                        </ActionIcon>
                      </Menu.Target>
                      <Menu.Dropdown>
                        <Menu.Item
                          component={Link}
                          to={`/editor/user/${t.id}/general`}
                          leftSection={<IconPencil size={14} />}
                        >
                          {tr("common.actions.edit")}
                        </Menu.Item>
                        {t.status === "INVITED" ? (
                          <Menu.Item
                            leftSection={<IconMailForward size={14} />}
                            onClick={() => onAction(t, "reinvite")}
                          >
                            {tr("technicians.table.reinvite")}
                          </Menu.Item>
                        ) : null}
                        {t.status === "DISABLED" ? (
                          <Menu.Item
                            leftSection={<IconPlayerPlay size={14} />}
                            onClick={() => onAction(t, "enable")}
                          >
                            {tr("common.actions.enable")}
                          </Menu.Item>
                        ) : (
                          <Menu.Item
                            leftSection={<IconBan size={14} />}
                            onClick={() => onAction(t, "disable")}
                          >
                            {tr("common.actions.disable")}
                          </Menu.Item>
                        )}
                        {t.mfaEnrolled ? (
                          <Menu.Item
                            leftSection={<IconShieldX size={14} />}
                            onClick={() => onAction(t, "reset-mfa")}
                          >
                            {tr("technicians.table.resetMfa")}
                          </Menu.Item>
                        ) : null}
                        <Menu.Divider />
                        <Menu.Item
                          color="red"
                          // The readable red of each scheme for the text (Mantine's red 6 is below 4.5:1 on white).
                          c="var(--mantine-color-red-text)"
                          leftSection={<IconTrash size={14} />}
                          onClick={() => onAction(t, "delete")}
                        >
                          {tr("common.actions.delete")}
                        </Menu.Item>
                      </Menu.Dropdown>
                    </Menu>
                  )}
                </Table.Td>
              ) : null}
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
