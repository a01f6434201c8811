import { useState } from "react";
import { TextInput, Textarea } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import {
  updateOrganizationRequest,
  type NodeApprovalMode,
  type OrganizationDetail,
} from "@steward/contracts";
import { describeError, isApiError } from "../../../api";
import { useT } from "../../../i18n";
import { applyServerErrors, useContractForm } from "../../../lib/forms";
import { FormError, FormCard, SaveBar } from "../../../ui";
import { useUpdateOrganization } from "../api";
import { ApprovalModeField } from "./ApprovalModeField";

interface GeneralValues extends Record<string, unknown> {
  name: string;
  description: string;
  nodeApprovalMode: NodeApprovalMode;
}

/** Name, description and approval mode, edited against the saved organization. */
export function OrganizationGeneralForm({
  organization,
  canWrite,
}: {
  organization: OrganizationDetail;
  canWrite: boolean;
}) {
  const t = useT();
  const form = useContractForm<GeneralValues>(updateOrganizationRequest, {
    initialValues: {
      name: organization.name,
      description: organization.description,
      nodeApprovalMode: organization.nodeApprovalMode,
    },
  });
  const [submitError, setSubmitError] = useState<string | null>(null);
  const update = useUpdateOrganization(organization.id);

  const handleSubmit = async (values: GeneralValues) => {
    setSubmitError(null);
    try {
      await update.mutateAsync(updateOrganizationRequest.parse(values));
      // What was saved is the new starting point: discarding returns to it.
      form.setInitialValues(values);
      form.resetDirty(values);
      notifications.show({ color: "teal", message: t("organizations.general.saved") });
    } catch (error) {
      if (isApiError(error, "E_ORGANIZATION_NAME_TAKEN"))
        form.setFieldError("name", t("organizations.create.nameTaken"));
      else {
        applyServerErrors(form, error);
        setSubmitError(describeError(error));
      }
    }
  };

  return (
    <FormCard onSubmit={form.onSubmit((values) => void handleSubmit(values))}>
      <TextInput
        label={t("common.fields.name")}
        {...form.getInputProps("name")}
        withAsterisk
        readOnly={!canWrite}
      />
      <Textarea
        label={t("common.fields.description")}
        {...form.getInputProps("description")}
        autosize
        minRows={3}
        readOnly={!canWrite}
      />
      <ApprovalModeField
        value={form.getValues().nodeApprovalMode}
        onChange={(nodeApprovalMode) => form.setFieldValue("nodeApprovalMode", nodeApprovalMode)}
        disabled={!canWrite}
      />
      <FormError message={submitError} />
      {canWrite ? (
        <SaveBar
          dirty={form.isDirty()}
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
