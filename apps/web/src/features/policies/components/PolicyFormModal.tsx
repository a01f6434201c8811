import { useState } from "react";
import { Button, Group, Modal, Select, Stack, TextInput, Textarea } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useNavigate } from "react-router";
import { z } from "zod";
import {
  copyPolicyRequest,
  createPolicyRequest,
  deviceClass as deviceClassSchema,
  type DeviceClassCode,
  type PolicySummary,
} from "@steward/contracts";
import { deviceClasses } from "@steward/domain";
import { describeError } from "../../../api";
import { useT } from "../../../i18n";
import { applyServerErrors, useContractForm } from "../../../lib/forms";
import { FormError } from "../../../ui";
import { useCopyPolicy, useCreatePolicy, usePolicies } from "../api";
import { deviceClassText } from "../texts";

interface NewValues extends Record<string, unknown> {
  deviceClass: DeviceClassCode;
  name: string;
  description: string;
  /** "" for no parent. */
  parentId: string;
}

/** The new-policy form as it holds its values: the contract's name and description, the parent as a select's string. */
const newPolicyForm = z.object({
  deviceClass: deviceClassSchema,
  name: createPolicyRequest.shape.name,
  description: createPolicyRequest.shape.description,
  parentId: z.string(),
});

interface NewPolicyModalProps {
  opened: boolean;
  onClose: () => void;
  /** The class to start with (the list's filter). */
  initialClass: DeviceClassCode | null;
}

export function NewPolicyModal({ opened, onClose, initialClass }: NewPolicyModalProps) {
  const t = useT();
  return (
    <Modal opened={opened} onClose={onClose} title={t("policies.form.newTitle")}>
      {opened ? <NewPolicyForm onClose={onClose} initialClass={initialClass} /> : null}
    </Modal>
  );
}

function NewPolicyForm({
  onClose,
  initialClass,
}: {
  onClose: () => void;
  initialClass: DeviceClassCode | null;
}) {
  const t = useT();
  const navigate = useNavigate();
  const create = useCreatePolicy();
  const policies = usePolicies();
  const form = useContractForm<NewValues>(newPolicyForm, {
    initialValues: {
      deviceClass: initialClass ?? "WINDOWS_WORKSTATION",
      name: "",
      description: "",
      parentId: "",
    },
  });
  const [submitError, setSubmitError] = useState<string | null>(null);
  const values = form.getValues();
  const parents = (policies.data ?? []).filter((p) => p.deviceClass === values.deviceClass);

  const handleSubmit = (v: NewValues) => {
    setSubmitError(null);
    create.mutate(
      createPolicyRequest.parse({
        deviceClass: v.deviceClass,
        name: v.name,
        description: v.description,
        parentId: v.parentId ? Number(v.parentId) : null,
      }),
      {
        onSuccess: (created) => {
          notifications.show({ color: "teal", message: t("policies.form.created") });
          onClose();
          void navigate(`/editor/policy/${created.id}`);
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
        <Select
          label={t("policies.list.deviceClass")}
          allowDeselect={false}
          data={deviceClasses.map((value) => ({ value, label: t(deviceClassText[value]) }))}
          {...form.getInputProps("deviceClass")}
          onChange={(value) => {
            form.setFieldValue("deviceClass", (value as DeviceClassCode | null) ?? "WINDOWS_WORKSTATION");
            // A parent is of the same class: another class drops it.
            form.setFieldValue("parentId", "");
          }}
        />
        <TextInput label={t("common.fields.name")} required maxLength={100} {...form.getInputProps("name")} />
        <Textarea
          label={t("common.fields.description")}
          autosize
          minRows={2}
          maxLength={2000}
          {...form.getInputProps("description")}
        />
        <ParentSelect
          parents={parents}
          loading={policies.isPending}
          value={values.parentId}
          onChange={(value) => form.setFieldValue("parentId", value)}
          error={form.errors.parentId}
        />
        <FormError message={submitError} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t("common.actions.cancel")}
          </Button>
          <Button type="submit" loading={create.isPending}>
            {t("policies.form.create")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

interface ParentSelectProps {
  /** The policies that may be the parent (same class, not the policy itself or its descendants). */
  parents: PolicySummary[];
  loading: boolean;
  /** The parent's id as a string; "" for none. */
  value: string;
  onChange: (value: string) => void;
  error?: unknown;
  disabled?: boolean;
}

/** The parent policy: none, or one policy of the same device class. */
export function ParentSelect({ parents, loading, value, onChange, error, disabled }: ParentSelectProps) {
  const t = useT();
  return (
    <Select
      label={t("policies.list.parent")}
      description={t("policies.form.parentHelp")}
      allowDeselect={false}
      searchable
      disabled={disabled || loading}
      data={[
        { value: "", label: t("policies.list.noParent") },
        ...parents.map((p) => ({ value: String(p.id), label: p.name })),
      ]}
      value={value}
      onChange={(next) => onChange(next ?? "")}
      error={typeof error === "string" ? error : undefined}
    />
  );
}

interface CopyPolicyModalProps {
  /** The policy to copy; null: closed. */
  policy: PolicySummary | null;
  onClose: () => void;
}

export function CopyPolicyModal({ policy, onClose }: CopyPolicyModalProps) {
  const t = useT();
  return (
    <Modal
      opened={policy !== null}
      onClose={onClose}
      title={policy ? t("policies.form.copyTitle", { name: policy.name }) : undefined}
    >
      {policy ? <CopyPolicyForm policy={policy} onClose={onClose} /> : null}
    </Modal>
  );
}

function CopyPolicyForm({ policy, onClose }: { policy: PolicySummary; onClose: () => void }) {
  const t = useT();
  const navigate = useNavigate();
  const copy = useCopyPolicy();
  const form = useContractForm<{ name: string }>(copyPolicyRequest, {
    initialValues: { name: t("policies.form.copyName", { name: policy.name }).slice(0, 100) },
  });
  const [submitError, setSubmitError] = useState<string | null>(null);

  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) => {
        setSubmitError(null);
        copy.mutate(
          { id: policy.id, body: copyPolicyRequest.parse(values) },
          {
            onSuccess: (created) => {
              notifications.show({ color: "teal", message: t("policies.form.copied") });
              onClose();
              void navigate(`/editor/policy/${created.id}`);
            },
            onError: (error) => {
              if (!applyServerErrors(form, error)) setSubmitError(describeError(error));
            },
          },
        );
      })}
    >
      <Stack gap="sm">
        <TextInput label={t("common.fields.name")} required maxLength={100} {...form.getInputProps("name")} />
        <FormError message={submitError} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t("common.actions.cancel")}
          </Button>
          <Button type="submit" loading={copy.isPending}>
            {t("policies.form.copy")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
