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
import { z } from "zod";
import { createCredentialRequest, updateCredentialRequest, type CredentialView } from "@steward/contracts";
import { CREDENTIAL_TYPES, type CredentialType } from "@steward/domain";
import { describeError } from "../../../api";
import { useT } from "../../../i18n";
import { applyServerErrors, useContractForm } from "../../../lib/forms";
import { FormError } from "../../../ui";
import { useSaveCredential } from "../api";
import { credentialTypeText } from "../labels";

interface CredentialFormModalProps {
  organizationId: number;
  credential: CredentialView | null;
  opened: boolean;
  onClose: () => void;
}

interface CredentialValues extends Record<string, unknown> {
  name: string;
  type: CredentialType;
  username: string;
  secret: string;
  description: string;
  preferred: boolean;
}

/** Editing: an empty password field keeps the stored password (the request leaves it out). */
const updateWithKeptSecret = z.preprocess(
  (values) =>
    values && typeof values === "object" && (values as CredentialValues).secret === ""
      ? { ...values, secret: undefined }
      : values,
  updateCredentialRequest,
);

export function CredentialFormModal(props: CredentialFormModalProps) {
  const t = useT();
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={
        props.credential
          ? t("credentials.form.editTitle", { name: props.credential.name })
          : t("credentials.form.newTitle")
      }
      size="lg"
    >
      {props.opened ? <CredentialForm {...props} /> : null}
    </Modal>
  );
}

function CredentialForm({ organizationId, credential, onClose }: CredentialFormModalProps) {
  const t = useT();
  const save = useSaveCredential(organizationId);
  const schema = credential ? updateWithKeptSecret : createCredentialRequest;
  const form = useContractForm<CredentialValues>(schema, {
    initialValues: {
      name: credential?.name ?? "",
      type: credential?.type ?? "WINDOWS_LOCAL_ADMIN",
      username: credential?.username ?? "",
      secret: "",
      description: credential?.description ?? "",
      preferred: credential?.preferred ?? false,
    },
  });
  const [submitError, setSubmitError] = useState<string | null>(null);

  const handleSubmit = (values: CredentialValues) => {
    setSubmitError(null);
    const body = credential ? updateWithKeptSecret.parse(values) : createCredentialRequest.parse(values);
    save.mutate(
      { id: credential?.id ?? null, body },
      {
        onSuccess: () => {
          notifications.show({
            color: "teal",
            message: credential ? t("credentials.form.saved") : t("credentials.form.created"),
          });
          onClose();
        },
        onError: (error) => {
          if (!applyServerErrors(form, error)) setSubmitError(describeError(error));
        },
      },
    );
  };

  return (
    <form onSubmit={form.onSubmit(handleSubmit)} noValidate>
      <Stack gap="sm">
        <SimpleGrid cols={2}>
          <TextInput
            label={t("common.fields.name")}
            required
            maxLength={100}
            {...form.getInputProps("name")}
          />
          <Select
            label={t("common.fields.type")}
            allowDeselect={false}
            data={CREDENTIAL_TYPES.map((type) => ({ value: type, label: t(credentialTypeText[type]) }))}
            {...form.getInputProps("type")}
            onChange={(v) => form.setFieldValue("type", (v as CredentialType | null) ?? "OTHER")}
          />
          <TextInput
            label={t("credentials.form.username")}
            required
            maxLength={256}
            autoComplete="off"
            {...form.getInputProps("username")}
          />
          <PasswordInput
            label={t("credentials.form.password")}
            required={!credential}
            description={
              credential ? t("credentials.form.keepPassword") : t("credentials.form.passwordStored")
            }
            autoComplete="new-password"
            maxLength={4096}
            {...form.getInputProps("secret")}
          />
        </SimpleGrid>
        <Textarea
          label={t("common.fields.description")}
          autosize
          minRows={2}
          maxLength={1000}
          {...form.getInputProps("description")}
        />
        <Checkbox
          label={t("credentials.form.preferred")}
          description={t("credentials.form.preferredHelp")}
          {...form.getInputProps("preferred", { type: "checkbox" })}
        />
        <FormError message={submitError ?? (form.errors._form as string | undefined) ?? null} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t("common.actions.cancel")}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {credential ? t("common.actions.save") : t("credentials.form.create")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
