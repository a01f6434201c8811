import { useState } from "react";
import {
  Button,
  Checkbox,
  Group,
  Modal,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
  Textarea,
} from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { createCredentialRequest, updateCredentialRequest, type CredentialView } from "@steward/contracts";
import { CREDENTIAL_TYPES, credentialTypeLabels, type CredentialType } from "@steward/domain";
import { describeError, isApiError } from "../../../api";
import { clearError, serverFieldErrors, validateWith, type FieldErrors } from "../../../lib/forms";
import { FormError } from "../../../ui";
import { useSaveCredential } from "../api";

interface CredentialFormModalProps {
  organizationId: number;
  credential: CredentialView | null;
  opened: boolean;
  onClose: () => void;
}

export function CredentialFormModal(props: CredentialFormModalProps) {
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={props.credential ? `Edit ${props.credential.name}` : "New credential"}
      size="lg"
    >
      {props.opened ? <CredentialForm {...props} /> : null}
    </Modal>
  );
}

function CredentialForm({ organizationId, credential, onClose }: CredentialFormModalProps) {
  const save = useSaveCredential(organizationId);
  const [values, setValues] = useState({
    name: credential?.name ?? "",
    type: (credential?.type ?? "WINDOWS_LOCAL_ADMIN") as CredentialType,
    username: credential?.username ?? "",
    secret: "",
    description: credential?.description ?? "",
    preferred: credential?.preferred ?? false,
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const set = <K extends keyof typeof values>(key: K, value: (typeof values)[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => clearError(e, key));
  };

  const handleSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    const body = credential && values.secret === "" ? { ...values, secret: undefined } : values;
    const checked = credential
      ? validateWith(updateCredentialRequest, body)
      : validateWith(createCredentialRequest, body);
    if (!checked.ok) return setErrors(checked.errors);
    save.mutate(
      { id: credential?.id ?? null, body: checked.data },
      {
        onSuccess: () => {
          notifications.show({
            color: "teal",
            message: credential ? "Credential saved" : "Credential created",
          });
          onClose();
        },
        onError: (error) => {
          if (isApiError(error, "E_VALIDATION")) setErrors(serverFieldErrors(error.details));
        },
      },
    );
  };

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="sm">
        <SimpleGrid cols={2}>
          <TextInput
            label="Name"
            required
            maxLength={100}
            value={values.name}
            error={errors.name}
            onChange={(e) => set("name", e.currentTarget.value)}
          />
          <Select
            label="Type"
            allowDeselect={false}
            data={CREDENTIAL_TYPES.map((t) => ({ value: t, label: credentialTypeLabels[t] }))}
            value={values.type}
            onChange={(v) => set("type", (v as CredentialType | null) ?? "OTHER")}
          />
          <TextInput
            label="User name"
            required
            maxLength={256}
            autoComplete="off"
            value={values.username}
            error={errors.username}
            onChange={(e) => set("username", e.currentTarget.value)}
          />
          <PasswordInput
            label="Password"
            required={!credential}
            description={
              credential ? "Leave empty to keep the stored password" : "Stored encrypted; never shown again"
            }
            autoComplete="new-password"
            maxLength={4096}
            value={values.secret}
            error={errors.secret}
            onChange={(e) => set("secret", e.currentTarget.value)}
          />
        </SimpleGrid>
        <Textarea
          label="Description"
          autosize
          minRows={2}
          maxLength={1000}
          value={values.description}
          onChange={(e) => set("description", e.currentTarget.value)}
        />
        <Checkbox
          label="Preferred credential of its type"
          description='The Run As choice "Preferred …" uses it'
          checked={values.preferred}
          onChange={(e) => set("preferred", e.currentTarget.checked)}
        />
        <FormError
          message={
            save.isError && !isApiError(save.error, "E_VALIDATION")
              ? describeError(save.error)
              : (errors._form ?? null)
          }
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            {credential ? "Save" : "Create credential"}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
