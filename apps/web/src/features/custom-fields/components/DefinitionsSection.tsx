import { useState } from "react";
import { Button, Paper, Stack } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import type { CustomFieldDefinition } from "@steward/contracts";
import { useT } from "../../../i18n";
import { EmptyState, confirmDelete } from "../../../ui";
import { useCan } from "../../auth";
import { useDeleteCustomField } from "../api";
import { DefinitionFormModal } from "./DefinitionFormModal";
import { DefinitionsTable } from "./DefinitionsTable";

interface DefinitionsSectionProps {
  fields: CustomFieldDefinition[];
  scope: "GLOBAL" | "ROLE";
  roleId: number | null;
  emptyTitle: string;
  emptyDescription: string;
}

/** A list of custom field definitions with new, edit and delete. */
export function DefinitionsSection({
  fields,
  scope,
  roleId,
  emptyTitle,
  emptyDescription,
}: DefinitionsSectionProps) {
  const t = useT();
  const can = useCan();
  const canManage = can("customFields.manage");
  const remove = useDeleteCustomField();
  const [editing, setEditing] = useState<CustomFieldDefinition | null>(null);
  const [creating, setCreating] = useState(false);

  const handleDelete = (field: CustomFieldDefinition) =>
    confirmDelete({
      title: t("customFields.definitions.deleteTitle"),
      message: t("customFields.definitions.deleteMessage", { label: field.label }),
      remove: (done) => remove.mutate(field.id, done),
      deletedMessage: t("customFields.definitions.deleted", { label: field.label }),
      errorTitle: t("customFields.definitions.deleteError"),
    });

  const newButton = canManage ? (
    <Button
      leftSection={<IconPlus size={16} />}
      onClick={() => setCreating(true)}
      style={{ alignSelf: "flex-start" }}
    >
      {t("customFields.definitions.newField")}
    </Button>
  ) : null;

  return (
    <Stack gap="sm">
      {fields.length === 0 ? (
        <EmptyState title={emptyTitle} description={emptyDescription} action={newButton} />
      ) : (
        <>
          {newButton}
          <Paper withBorder radius="md">
            <DefinitionsTable
              fields={fields}
              canManage={canManage}
              onEdit={setEditing}
              onDelete={handleDelete}
            />
          </Paper>
        </>
      )}
      <DefinitionFormModal
        opened={creating || editing !== null}
        field={editing}
        scope={scope}
        roleId={roleId}
        onClose={() => {
          setCreating(false);
          setEditing(null);
        }}
      />
    </Stack>
  );
}
