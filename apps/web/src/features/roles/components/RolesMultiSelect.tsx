import { MultiSelect } from "@mantine/core";
import { useTechnicianRoles } from "../api";

interface RolesMultiSelectProps {
  value: number[];
  onChange: (roleIds: number[]) => void;
  error?: string | undefined;
  readOnly?: boolean;
  /** Shown with the asterisk: technicians need at least one role, administrators none. */
  required?: boolean;
  description?: string;
}

/** Picks the technician roles someone holds (their access is the sum of the roles). */
export function RolesMultiSelect({
  value,
  onChange,
  error,
  readOnly,
  required,
  description,
}: RolesMultiSelectProps) {
  const roles = useTechnicianRoles();
  const data = (roles.data ?? []).map((role) => ({ value: String(role.id), label: role.name }));
  // A role the list does not have (yet) still shows as its id rather than vanishing from the value.
  for (const id of value)
    if (!data.some((d) => d.value === String(id))) data.push({ value: String(id), label: `Role ${id}` });
  return (
    <MultiSelect
      label="Roles"
      withAsterisk={required}
      description={description}
      placeholder={readOnly || value.length > 0 ? undefined : "Choose roles"}
      data={data}
      value={value.map(String)}
      onChange={(next) => onChange(next.map(Number))}
      searchable
      readOnly={readOnly}
      error={error ?? (roles.isError ? "Could not load the roles" : undefined)}
      nothingFoundMessage={roles.isPending ? "Loading…" : "No role matches"}
    />
  );
}
