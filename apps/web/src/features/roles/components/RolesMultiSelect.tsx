import { MultiSelect } from "@mantine/core";
import { useT } from "../../../i18n";
import { useCurrentUser } from "../../auth";
import { useTechnicianRoles } from "../api";
import { canGrantRole } from "../grantable";

interface RolesMultiSelectProps {
  value: number[];
  onChange: (roleIds: number[]) => void;
  error?: string | undefined;
  readOnly?: boolean;
  /** Shown with the asterisk: technicians need at least one role, administrators none. */
  required?: boolean;
  description?: string;
}

/**
 * Picks the technician roles someone holds (their access is the sum of the roles). Only roles the
 * signed-in user could grant are offered; one the person already holds beyond that shows, locked.
 */
export function RolesMultiSelect({
  value,
  onChange,
  error,
  readOnly,
  required,
  description,
}: RolesMultiSelectProps) {
  const t = useT();
  const roles = useTechnicianRoles();
  const user = useCurrentUser();
  const locked = new Set<number>();
  const data: { value: string; label: string; disabled?: boolean }[] = [];
  for (const role of roles.data ?? []) {
    if (canGrantRole(user, role)) data.push({ value: String(role.id), label: role.name });
    else if (value.includes(role.id)) {
      locked.add(role.id);
      data.push({ value: String(role.id), label: role.name, disabled: true });
    }
  }
  // A role the list does not have (yet) still shows as its id rather than vanishing from the value.
  for (const id of value)
    if (!data.some((d) => d.value === String(id)))
      data.push({ value: String(id), label: t("roles.picker.unknownRole", { id }) });
  return (
    <MultiSelect
      label={t("roles.picker.label")}
      withAsterisk={required}
      description={description}
      placeholder={readOnly || value.length > 0 ? undefined : t("roles.picker.placeholder")}
      data={data}
      value={value.map(String)}
      onChange={(next) => {
        const ids = next.map(Number);
        // A role beyond the user's own grants cannot be taken away here either.
        onChange([...ids, ...[...locked].filter((id) => !ids.includes(id))]);
      }}
      searchable
      readOnly={readOnly}
      error={error ?? (roles.isError ? t("roles.picker.loadError") : undefined)}
      nothingFoundMessage={roles.isPending ? t("common.states.loading") : t("roles.picker.nothingFound")}
    />
  );
}
