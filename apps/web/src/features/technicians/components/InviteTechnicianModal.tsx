import { useState } from "react";
import { Button, Checkbox, Group, Modal, Stack, TextInput } from "@mantine/core";
import { z } from "zod";
import { createTechnicianRequest, type TechnicianInviteResponse } from "@steward/contracts";
import { describeError, isApiError } from "../../../api";
import { useT } from "../../../i18n";
import { applyServerErrors, useContractForm } from "../../../lib/forms";
import { FormError } from "../../../ui";
import { RolesMultiSelect } from "../../roles";
import { useInviteTechnician } from "../api";

interface InviteTechnicianModalProps {
  opened: boolean;
  onClose: () => void;
  onInvited: (invite: TechnicianInviteResponse) => void;
}

type InviteValues = {
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  isSystemAdmin: boolean;
  roleIds: number[];
};

const empty: InviteValues = {
  email: "",
  firstName: "",
  lastName: "",
  phone: "",
  isSystemAdmin: false,
  roleIds: [],
};

/** The form's values as the invite request: a blank phone is no phone. */
function toRequest(values: InviteValues) {
  return { ...values, phone: values.phone.trim() === "" ? undefined : values.phone };
}

const inviteSchema = z.preprocess((values) => toRequest(values as InviteValues), createTechnicianRequest);

export function InviteTechnicianModal({ opened, onClose, onInvited }: InviteTechnicianModalProps) {
  const t = useT();
  const invite = useInviteTechnician();
  const form = useContractForm<InviteValues>(inviteSchema, { initialValues: empty });
  const [submitError, setSubmitError] = useState<string | null>(null);
  const { isSystemAdmin, roleIds } = form.getValues();

  const handleClose = () => {
    form.reset();
    setSubmitError(null);
    onClose();
  };

  const handleSubmit = async (values: InviteValues) => {
    setSubmitError(null);
    try {
      const response = await invite.mutateAsync(createTechnicianRequest.parse(toRequest(values)));
      handleClose();
      onInvited(response);
    } catch (error) {
      if (isApiError(error, "E_EMAIL_TAKEN")) form.setFieldError("email", t("technicians.invite.emailTaken"));
      else if (isApiError(error, "E_ROLE_EXCEEDS_GRANTS") || isApiError(error, "E_ROLE_NOT_FOUND"))
        form.setFieldError("roleIds", describeError(error));
      else {
        applyServerErrors(form, error);
        setSubmitError(describeError(error));
      }
    }
  };

  return (
    <Modal opened={opened} onClose={handleClose} title={t("technicians.invite.title")} centered size="md">
      <form onSubmit={form.onSubmit((values) => void handleSubmit(values))} noValidate>
        <Stack gap="md">
          <TextInput
            label={t("common.fields.email")}
            type="email"
            withAsterisk
            data-autofocus
            {...form.getInputProps("email")}
          />
          <Group grow align="flex-start">
            <TextInput
              label={t("technicians.fields.firstName")}
              withAsterisk
              {...form.getInputProps("firstName")}
            />
            <TextInput
              label={t("technicians.fields.lastName")}
              withAsterisk
              {...form.getInputProps("lastName")}
            />
          </Group>
          <TextInput label={t("technicians.fields.phone")} type="tel" {...form.getInputProps("phone")} />
          <RolesMultiSelect
            value={roleIds}
            onChange={(next) => form.setFieldValue("roleIds", next)}
            required={!isSystemAdmin}
            error={form.errors.roleIds as string | undefined}
            description={
              isSystemAdmin ? t("technicians.invite.rolesHelpAdmin") : t("technicians.invite.rolesHelp")
            }
          />
          <Checkbox
            label={t("technicians.kind.systemAdmin")}
            description={t("technicians.invite.systemAdminHelp")}
            {...form.getInputProps("isSystemAdmin", { type: "checkbox" })}
          />
          <FormError message={submitError} />
          <Group justify="flex-end">
            <Button variant="default" onClick={handleClose}>
              {t("common.actions.cancel")}
            </Button>
            <Button type="submit" loading={invite.isPending}>
              {t("technicians.invite.send")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
