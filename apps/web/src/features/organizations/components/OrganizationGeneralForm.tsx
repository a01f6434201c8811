import { useState, type FormEvent } from "react";
import { TextInput, Textarea } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import {
  updateOrganizationRequest,
  type NodeApprovalMode,
  type OrganizationDetail,
} from "@steward/contracts";
import { describeError, isApiError } from "../../../api";
import { clearError, serverFieldErrors, validateWith, type FieldErrors } from "../../../lib/forms";
import { FormError, FormCard, SaveBar } from "../../../ui";
import { useUpdateOrganization } from "../api";
import { ApprovalModeField } from "./ApprovalModeField";

interface Draft {
  name: string;
  description: string;
  nodeApprovalMode: NodeApprovalMode;
}

/** Name, description and approval mode; an explicit draft against the saved organization. */
export function OrganizationGeneralForm({
  organization,
  canWrite,
}: {
  organization: OrganizationDetail;
  canWrite: boolean;
}) {
  const saved: Draft = {
    name: organization.name,
    description: organization.description,
    nodeApprovalMode: organization.nodeApprovalMode,
  };
  const [draft, setDraft] = useState<Draft>(saved);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitError, setSubmitError] = useState<string | null>(null);
  const update = useUpdateOrganization(organization.id);
  const dirty =
    draft.name !== saved.name ||
    draft.description !== saved.description ||
    draft.nodeApprovalMode !== saved.nodeApprovalMode;

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const result = validateWith(updateOrganizationRequest, draft);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    setSubmitError(null);
    try {
      await update.mutateAsync(result.data);
      notifications.show({ color: "teal", message: "Organization saved" });
    } catch (error) {
      if (isApiError(error, "E_ORGANIZATION_NAME_TAKEN"))
        setErrors({ name: "An organization with this name already exists" });
      else {
        if (isApiError(error, "E_VALIDATION")) setErrors(serverFieldErrors(error.details));
        setSubmitError(describeError(error));
      }
    }
  };

  return (
    <FormCard onSubmit={(event) => void handleSubmit(event)}>
      <TextInput
        label="Name"
        value={draft.name}
        onChange={(event) => {
          const name = event.currentTarget.value;
          setDraft((d) => ({ ...d, name }));
          setErrors((current) => clearError(current, "name"));
        }}
        error={errors.name}
        withAsterisk
        readOnly={!canWrite}
      />
      <Textarea
        label="Description"
        value={draft.description}
        onChange={(event) => {
          const description = event.currentTarget.value;
          setDraft((d) => ({ ...d, description }));
          setErrors((current) => clearError(current, "description"));
        }}
        error={errors.description}
        autosize
        minRows={3}
        readOnly={!canWrite}
      />
      <ApprovalModeField
        value={draft.nodeApprovalMode}
        onChange={(nodeApprovalMode) => setDraft((d) => ({ ...d, nodeApprovalMode }))}
        disabled={!canWrite}
      />
      <FormError message={submitError} />
      {canWrite ? (
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
