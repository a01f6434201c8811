import { useState, type FormEvent } from "react";
import { Checkbox, Group, Text, TextInput } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { updateTechnicianRequest, type Technician } from "@steward/contracts";
import { describeError, isApiError } from "../../../api";
import { clearError, serverFieldErrors, validateWith, type FieldErrors } from "../../../lib/forms";
import { FormError, formatDateTime, FormCard, SaveBar } from "../../../ui";
import { RolesMultiSelect } from "../../roles";
import { useUpdateTechnician } from "../api";

const sameIds = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((id) => b.includes(id));

interface TechnicianFormProps {
  technician: Technician;
  canEdit: boolean;
  /** One's own admin flag cannot be changed here (E_CANNOT_MODIFY_SELF). */
  isSelf: boolean;
}

export function TechnicianForm({ technician, canEdit, isSelf }: TechnicianFormProps) {
  const saved = {
    firstName: technician.firstName,
    lastName: technician.lastName,
    phone: technician.phone ?? "",
    isSystemAdmin: technician.isSystemAdmin,
    roleIds: technician.roleIds,
  };
  const [draft, setDraft] = useState(saved);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitError, setSubmitError] = useState<string | null>(null);
  const update = useUpdateTechnician(technician.id);
  const dirty =
    draft.firstName !== saved.firstName ||
    draft.lastName !== saved.lastName ||
    draft.phone !== saved.phone ||
    draft.isSystemAdmin !== saved.isSystemAdmin ||
    !sameIds(draft.roleIds, saved.roleIds);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const body = {
      firstName: draft.firstName,
      lastName: draft.lastName,
      phone: draft.phone.trim() === "" ? null : draft.phone,
      ...(isSelf ? {} : { isSystemAdmin: draft.isSystemAdmin }),
      ...(sameIds(draft.roleIds, saved.roleIds) ? {} : { roleIds: draft.roleIds }),
    };
    if (!draft.isSystemAdmin && draft.roleIds.length === 0) {
      setErrors({ roleIds: "Choose at least one role" });
      return;
    }
    const result = validateWith(updateTechnicianRequest, body);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    setSubmitError(null);
    try {
      await update.mutateAsync(result.data);
      notifications.show({ color: "teal", message: "Technician saved" });
    } catch (error) {
      if (isApiError(error, "E_VALIDATION")) setErrors(serverFieldErrors(error.details));
      if (isApiError(error, "E_ROLE_EXCEEDS_GRANTS") || isApiError(error, "E_ROLE_NOT_FOUND"))
        setErrors({ roleIds: describeError(error) });
      setSubmitError(
        isApiError(error, "E_CANNOT_MODIFY_SELF")
          ? "You cannot change your own administrator role."
          : describeError(error),
      );
    }
  };

  const text = (key: "firstName" | "lastName" | "phone") => ({
    value: draft[key],
    onChange: (event: { currentTarget: { value: string } }) => {
      const value = event.currentTarget.value;
      setDraft((d) => ({ ...d, [key]: value }));
      setErrors((current) => clearError(current, key));
    },
    error: errors[key],
    readOnly: !canEdit,
  });

  return (
    <FormCard onSubmit={(event) => void handleSubmit(event)}>
      <TextInput
        label="Email"
        value={technician.email}
        readOnly
        description="The sign-in name; it cannot be changed."
      />
      <Group grow align="flex-start">
        <TextInput label="First name" withAsterisk {...text("firstName")} />
        <TextInput label="Last name" withAsterisk {...text("lastName")} />
      </Group>
      <TextInput label="Phone" type="tel" {...text("phone")} />
      <RolesMultiSelect
        value={draft.roleIds}
        onChange={(next) => {
          setDraft((d) => ({ ...d, roleIds: next }));
          setErrors((current) => clearError(current, "roleIds"));
        }}
        readOnly={!canEdit}
        required={!draft.isSystemAdmin}
        error={errors.roleIds}
        description={
          draft.isSystemAdmin
            ? "System administrators hold every permission; roles apply if they stop being one."
            : "Their access is the sum of these roles."
        }
      />
      <Checkbox
        label="System administrator"
        description={
          isSelf ? "You cannot change your own role." : "Full access, including technicians and settings."
        }
        checked={draft.isSystemAdmin}
        disabled={!canEdit || isSelf}
        onChange={(event) => {
          const checked = event.currentTarget.checked;
          setDraft((d) => ({ ...d, isSystemAdmin: checked }));
        }}
      />
      <Text size="sm" c="dimmed">
        Created {formatDateTime(technician.createdAt)} · Last sign-in {formatDateTime(technician.lastLoginAt)}{" "}
        · Two-factor {technician.mfaEnrolled ? "enrolled" : "not set up"}
      </Text>
      <FormError message={submitError} />
      {canEdit ? (
        <SaveBar
          dirty={dirty}
          saving={update.isPending}
          onDiscard={() => {
            setDraft(saved);
            setErrors({});
            setSubmitError(null);
          }}
        />
      ) : null}
    </FormCard>
  );
}
