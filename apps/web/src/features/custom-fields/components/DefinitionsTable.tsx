import { Badge, Code, Table, Text } from "@mantine/core";
import type { CustomFieldDefinition } from "@steward/contracts";
import { useT } from "../../../i18n";
import { DeleteIconButton, EditIconButton, RowActions, ListTable } from "../../../ui";
import { behaviourText, typeText } from "./field-text";

interface DefinitionsTableProps {
  fields: CustomFieldDefinition[];
  canManage: boolean;
  onEdit: (field: CustomFieldDefinition) => void;
  onDelete: (field: CustomFieldDefinition) => void;
}

export function DefinitionsTable({ fields, canManage, onEdit, onDelete }: DefinitionsTableProps) {
  const t = useT();
  return (
    <ListTable caption={t("customFields.routes.customer")} minWidth={700}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t("customFields.definitions.label")}</Table.Th>
          <Table.Th>{t("common.fields.name")}</Table.Th>
          <Table.Th>{t("common.fields.type")}</Table.Th>
          <Table.Th>{t("customFields.definitions.behaviour")}</Table.Th>
          {canManage ? <Table.Th aria-label={t("common.fields.actions")} /> : null}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {fields.map((field) => (
          <Table.Tr key={field.id}>
            <Table.Td>
              <Text size="sm" fw={500}>
                {field.label}
              </Text>
              {field.description ? (
                <Text size="xs" c="dimmed" lineClamp={1}>
                  {field.description}
                </Text>
              ) : null}
            </Table.Td>
            <Table.Td>
              <Code>{field.name}</Code>
            </Table.Td>
            <Table.Td>{t(typeText[field.type])}</Table.Td>
            <Table.Td>
              <Badge variant="light" color={field.behaviour === "REQUIRED" ? "orange" : "gray"}>
                {t(behaviourText[field.behaviour])}
              </Badge>
            </Table.Td>
            {canManage ? (
              <Table.Td>
                <RowActions>
                  <EditIconButton name={field.label} onClick={() => onEdit(field)} />
                  <DeleteIconButton name={field.label} onClick={() => onDelete(field)} />
                </RowActions>
              </Table.Td>
            ) : null}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </ListTable>
  );
}
