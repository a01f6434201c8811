import { useState, type FormEvent } from "react";
import { Button, Checkbox, Group, Modal, Stack, TextInput } from "@mantine/core";
import { createTechnicianRequest, type TechnicianInviteResponse } from "@steward/contracts";
import { describeError, isApiError } from "../../../api";
import { clearError, serverFieldErrors, validateWith, type FieldErrors } from "../../../lib/forms";
import { FormError } from "../../../ui";
import { RolesMultiSelect } from "../../roles";
import { useInviteTechnician } from "../api";

interface InviteTechnicianModalProps {
  opened: boolean;
  onClose: () => void;
  onInvited: (invite: TechnicianInviteResponse) => void;
}

const empty = { email: "", firstName: "", lastName: "", phone: "" };

export function InviteTechnicianModal({ opened, onClose, onInvited }: InviteTechnicianModalProps) {
  const invite = useInviteTechnician();
  const [draft, setDraft] = useState(empty);
  const [isSystemAdmin, setIsSystemAdmin] = useState(false);
  const [roleIds, setRoleIds] = useState<number[]>([]);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitError, setSubmitError] = useState<string | null>(null);

  const handleClose = () => {
    setDraft(empty);
    setIsSystemAdmin(false);
    setRoleIds([]);
    setErrors({});
    setSubmitError(null);
    onClose();
  };

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const result = validateWith(createTechnicianRequest, {
      ...draft,
      phone: draft.phone.trim() === "" ? undefined : draft.phone,
      isSystemAdmin,
      roleIds,
    });
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    setSubmitError(null);
    try {
      const response = await invite.mutateAsync(result.data);
      handleClose();
      onInvited(response);
    } catch (error) {
      if (isApiError(error, "E_EMAIL_TAKEN"))
        setErrors({ email: "A technician with this email already exists" });
      else if (isApiError(error, "E_ROLE_EXCEEDS_GRANTS") || isApiError(error, "E_ROLE_NOT_FOUND"))
        setErrors({ roleIds: describeError(error) });
      else {
        if (isApiError(error, "E_VALIDATION")) setErrors(serverFieldErrors(error.details));
        setSubmitError(describeError(error));
      }
    }
  };

  const field = (key: keyof typeof empty) => ({
    value: draft[key],
    onChange: (event: { currentTarget: { value: string } }) => {
      const value = event.currentTarget.value;
      setDraft((d) => ({ ...d, [key]: value }));
      setErrors((current) => clearError(current, key));
    },
    error: errors[key],
  });

  return (
    <Modal opened={opened} onClose={handleClose} title="Invite technician" centered size="md">
      <form onSubmit={(event) => void handleSubmit(event)} noValidate>
        <Stack gap="md">
          <TextInput label="Email" type="email" withAsterisk data-autofocus {...field("email")} />
          <Group grow align="flex-start">
            <TextInput label="First name" withAsterisk {...field("firstName")} />
            <TextInput label="Last name" withAsterisk {...field("lastName")} />
          </Group>
          <TextInput label="Phone" type="tel" {...field("phone")} />
          <RolesMultiSelect
            value={roleIds}
            onChange={(next) => {
              setRoleIds(next);
              setErrors((current) => clearError(current, "roleIds"));
            }}
            required={!isSystemAdmin}
            error={errors.roleIds}
            description={
              isSystemAdmin
                ? "System administrators hold every permission; roles apply if they stop being one."
                : "Their access is the sum of these roles."
            }
          />
          <Checkbox
            label="System administrator"
            description="Full access, including technicians and settings."
            checked={isSystemAdmin}
            onChange={(event) => setIsSystemAdmin(event.currentTarget.checked)}
          />
          <FormError message={submitError} />
          <Group justify="flex-end">
            <Button variant="default" onClick={handleClose}>
              Cancel
            </Button>
            <Button type="submit" loading={invite.isPending}>
              Send invite
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
