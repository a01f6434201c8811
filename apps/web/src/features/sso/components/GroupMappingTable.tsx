import { Button, Group, Select, Stack, Table, Text, TextInput, Title } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import type { SsoGroupMapping } from "@steward/contracts";
import { useT } from "../../../i18n";
import { DeleteIconButton, TableCard } from "../../../ui";
import { useTechnicianRoles } from "../../roles";

/** A mapping row being edited: the role may not be chosen yet. */
export type MappingDraft = { group: string; roleId: number | null };

interface Props {
  value: MappingDraft[];
  onChange: (next: MappingDraft[]) => void;
}

/** The identity provider's groups and the console role each one grants. */
export function GroupMappingTable({ value, onChange }: Props) {
  const t = useT();
  const roles = useTechnicianRoles();
  const options = (roles.data ?? []).map((r) => ({ value: String(r.id), label: r.name }));
  const change = (index: number, row: MappingDraft) => onChange(value.map((m, i) => (i === index ? row : m)));

  return (
    <Stack gap="xs">
      <Title order={4}>{t("sso.mappings.title")}</Title>
      <Text size="sm" c="dimmed">
        {t("sso.mappings.help")}
      </Text>
      {value.length === 0 ? (
        <Text size="sm" data-testid="sso-mappings-empty">
          {t("sso.mappings.empty")}
        </Text>
      ) : (
        <TableCard caption={t("sso.mappings.caption")} minWidth={520} highlightOnHover={false}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("sso.mappings.group")}</Table.Th>
              <Table.Th>{t("sso.mappings.role")}</Table.Th>
              <Table.Th w={80}>{t("sso.mappings.actions")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {value.map((row, index) => (
              <Table.Tr key={index}>
                <Table.Td>
                  <TextInput
                    aria-label={t("sso.mappings.group")}
                    value={row.group}
                    onChange={(e) => change(index, { ...row, group: e.currentTarget.value })}
                  />
                </Table.Td>
                <Table.Td>
                  <Select
                    aria-label={t("sso.mappings.role")}
                    placeholder={t("sso.mappings.rolePlaceholder")}
                    data={options}
                    value={row.roleId === null ? null : String(row.roleId)}
                    onChange={(v) => change(index, { ...row, roleId: v === null ? null : Number(v) })}
                    searchable
                  />
                </Table.Td>
                <Table.Td>
                  <DeleteIconButton
                    name={row.group || t("sso.mappings.group")}
                    onClick={() => onChange(value.filter((_, i) => i !== index))}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </TableCard>
      )}
      <Group>
        <Button
          variant="light"
          leftSection={<IconPlus size={16} />}
          onClick={() => onChange([...value, { group: "", roleId: null }])}
        >
          {t("sso.mappings.add")}
        </Button>
      </Group>
    </Stack>
  );
}

/** The rows that are complete, as the settings store them. */
export function completeMappings(rows: MappingDraft[]): SsoGroupMapping[] {
  return rows
    .filter((r): r is { group: string; roleId: number } => r.group.trim() !== "" && r.roleId !== null)
    .map((r) => ({ group: r.group.trim(), roleId: r.roleId }));
}
