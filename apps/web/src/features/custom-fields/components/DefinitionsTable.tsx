import { Badge, Code, Table, Text } from "@mantine/core";
import {} from "@tabler/icons-react";
import type { CustomFieldDefinition } from "@steward/contracts";
import { customFieldTypeLabels } from "@steward/domain";
import { DeleteIconButton, EditIconButton, RowActions, ListTable } from "../../../ui";
import { behaviourLabels } from "./DefinitionFormModal";

interface DefinitionsTableProps {
  fields: CustomFieldDefinition[];
  canManage: boolean;
  onEdit: (field: CustomFieldDefinition) => void;
  onDelete: (field: CustomFieldDefinition) => void;
}

export function DefinitionsTable({ fields, canManage, onEdit, onDelete }: DefinitionsTableProps) {
  return (
    <ListTable minWidth={700}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Label</Table.Th>
          <Table.Th>Name</Table.Th>
          <Table.Th>Type</Table.Th>
          <Table.Th>Behaviour</Table.Th>
          {canManage ? <Table.Th aria-label="Actions" /> : null}
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
            <Table.Td>{customFieldTypeLabels[field.type]}</Table.Td>
            <Table.Td>
              <Badge variant="light" color={field.behaviour === "REQUIRED" ? "orange" : "gray"}>
                {behaviourLabels[field.behaviour]}
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
