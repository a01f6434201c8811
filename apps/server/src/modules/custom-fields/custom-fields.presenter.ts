import type { CustomFieldDefinition, CustomFieldValues } from "@steward/contracts";
import type { CustomFieldOptions } from "@steward/domain";
import type { DefinitionRow } from "./custom-fields.repository.js";

export function presentDefinition(row: DefinitionRow): CustomFieldDefinition {
  return {
    ...row,
    scope: row.scope as CustomFieldDefinition["scope"],
    type: row.type as CustomFieldDefinition["type"],
    behaviour: row.behaviour as CustomFieldDefinition["behaviour"],
    options: (row.options ?? {}) as CustomFieldOptions,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A level's values with each field's definition as the API answers it. */
export function presentValues(values: {
  items: (Omit<CustomFieldValues["items"][number], "field"> & { field: DefinitionRow })[];
}): CustomFieldValues {
  return { items: values.items.map((item) => ({ ...item, field: presentDefinition(item.field) })) };
}
