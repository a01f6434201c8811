import { useState } from "react";
import { Checkbox, Group, Text, TextInput } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { z } from "zod";
import { sharedEn, updateTechnicianRequest, type Technician } from "@steward/contracts";
import { describeError, isApiError } from "../../../api";
import { useT } from "../../../i18n";
import { applyServerErrors, useContractForm } from "../../../lib/forms";
import { FormError, formatDateTime, FormCard, SaveBar } from "../../../ui";
import { RolesMultiSelect } from "../../roles";
import { useUpdateTechnician } from "../api";

const sameIds = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((id) => b.includes(id));

type TechnicianValues = {
  firstName: string;
  lastName: string;
  phone: string;
  isSystemAdmin: boolean;
  roleIds: number[];
};

/** The form's values as an update: a blank phone clears the phone. */
function toRequest(values: TechnicianValues) {
  return { ...values, phone: values.phone.trim() === "" ? null : values.phone };
}

/** The update's rules, and a technician who is no administrator needs a role. */
const technicianSchema = z.preprocess(
  (values) => toRequest(values as TechnicianValues),
  updateTechnicianRequest.superRefine((value, ctx) => {
    if (!value.isSystemAdmin && (value.roleIds ?? []).length === 0)
      ctx.addIssue({
        code: "custom",
        path: ["roleIds"],
        message: sharedEn.validation.chooseRole,
        input: value.roleIds,
      });
  }),
);

interface TechnicianFormProps {
  technician: Technician;
  canEdit: boolean;
  /** One's own admin flag cannot be changed here (E_CANNOT_MODIFY_SELF). */
  isSelf: boolean;
}

export function TechnicianForm({ technician, canEdit, isSelf }: TechnicianFormProps) {
  const t = useT();
  const saved: TechnicianValues = {
    firstName: technician.firstName,
    lastName: technician.lastName,
    phone: technician.phone ?? "",
    isSystemAdmin: technician.isSystemAdmin,
    roleIds: technician.roleIds,
  };
  const form = useContractForm<TechnicianValues>(technicianSchema, { initialValues: saved });
  const [submitError, setSubmitError] = useState<string | null>(null);
  const update = useUpdateTechnician(technician.id);
  const draft = form.getValues();
  // Roles are a set: the same roles picked in another order change nothing.
  const dirty =
    draft.firstName !== saved.firstName ||
    draft.lastName !== saved.lastName ||
    draft.phone !== saved.phone ||
    draft.isSystemAdmin !== saved.isSystemAdmin ||
    !sameIds(draft.roleIds, saved.roleIds);

  const handleSubmit = async (values: TechnicianValues) => {
    setSubmitError(null);
    const request = updateTechnicianRequest.parse(toRequest(values));
    // One's own administrator flag is not sent; roles only when they changed.
    const body = {
      firstName: request.firstName,
      lastName: request.lastName,
      phone: request.phone,
      ...(isSelf ? {} : { isSystemAdmin: request.isSystemAdmin }),
      ...(sameIds(values.roleIds, saved.roleIds) ? {} : { roleIds: request.roleIds }),
    };
    try {
      await update.mutateAsync(body);
      notifications.show({ color: "teal", message: t("technicians.editor.saved") });
    } catch (error) {
      applyServerErrors(form, error);
      if (isApiError(error, "E_ROLE_EXCEEDS_GRANTS") || isApiError(error, "E_ROLE_NOT_FOUND"))
        form.setFieldError("roleIds", describeError(error));
      setSubmitError(
        isApiError(error, "E_CANNOT_MODIFY_SELF")
          ? t("technicians.editor.cannotModifySelf")
          : describeError(error),
      );
    }
  };

  return (
    <FormCard onSubmit={form.onSubmit((values) => void handleSubmit(values))}>
      <TextInput
        label={t("common.fields.email")}
        value={technician.email}
        readOnly
        description={t("technicians.editor.emailHelp")}
      />
      <Group grow align="flex-start">
        <TextInput
          label={t("technicians.fields.firstName")}
          withAsterisk
          {...form.getInputProps("firstName")}
          readOnly={!canEdit}
        />
        <TextInput
          label={t("technicians.fields.lastName")}
          withAsterisk
          {...form.getInputProps("lastName")}
          readOnly={!canEdit}
        />
      </Group>
      <TextInput
        label={t("technicians.fields.phone")}
        type="tel"
        {...form.getInputProps("phone")}
        readOnly={!canEdit}
      />
      <RolesMultiSelect
        value={draft.roleIds}
        onChange={(next) => form.setFieldValue("roleIds", next)}
        readOnly={!canEdit}
        required={!draft.isSystemAdmin}
        error={form.errors.roleIds as string | undefined}
        description={
          draft.isSystemAdmin ? t("technicians.invite.rolesHelpAdmin") : t("technicians.invite.rolesHelp")
        }
      />
      <Checkbox
        label={t("technicians.kind.systemAdmin")}
        description={isSelf ? t("technicians.editor.selfAdmin") : t("technicians.invite.systemAdminHelp")}
        {...form.getInputProps("isSystemAdmin", { type: "checkbox" })}
        disabled={!canEdit || isSelf}
      />
      <Text size="sm" c="dimmed">
        {t("technicians.editor.facts", {
          created: formatDateTime(technician.createdAt),
          lastSignIn: formatDateTime(technician.lastLoginAt),
          mfa: technician.mfaEnrolled ? "enrolled" : "notSetUp",
        })}
      </Text>
      <FormError message={submitError} />
      {canEdit ? (
        <SaveBar
          dirty={dirty}
          saving={update.isPending}
          onDiscard={() => {
            form.reset();
            setSubmitError(null);
          }}
        />
      ) : null}
    </FormCard>
  );
}
