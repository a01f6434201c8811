import { useState } from "react";
import { Button, Group, Modal, Select, Stack, TextInput, Textarea } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { createDeviceRoleRequest, updateDeviceRoleRequest, type DeviceRole } from "@steward/contracts";
import { describeError } from "../../../api";
import { useT } from "../../../i18n";
import { applyServerErrors, useContractForm } from "../../../lib/forms";
import type { OsFamily } from "../../../lib/os-labels";
import { FormError } from "../../../ui";
import { useCreateDeviceRole, useUpdateDeviceRole } from "../api";
import { osFamilyText } from "../../../lib/os-labels";
import { osFamilies } from "../os-text";

interface RoleFormModalProps {
  /** The role to edit; null for a new one. */
  role: DeviceRole | null;
  opened: boolean;
  onClose: () => void;
}

interface RoleValues extends Record<string, unknown> {
  name: string;
  osFamily: OsFamily;
  description: string;
}

export function RoleFormModal({ role, opened, onClose }: RoleFormModalProps) {
  const t = useT();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={role ? t("deviceRoles.form.editTitle", { name: role.name }) : t("deviceRoles.form.newTitle")}
    >
      {opened ? <RoleForm role={role} onClose={onClose} /> : null}
    </Modal>
  );
}

function RoleForm({ role, onClose }: { role: DeviceRole | null; onClose: () => void }) {
  const t = useT();
  const create = useCreateDeviceRole();
  const update = useUpdateDeviceRole(role?.id ?? 0);
  const mutation = role ? update : create;
  const form = useContractForm<RoleValues>(createDeviceRoleRequest, {
    initialValues: {
      name: role?.name ?? "",
      osFamily: role?.osFamily ?? "WINDOWS",
      description: role?.description ?? "",
    },
  });
  const [submitError, setSubmitError] = useState<string | null>(null);

  const handleSubmit = (values: RoleValues) => {
    setSubmitError(null);
    const done = {
      onSuccess: () => {
        notifications.show({
          color: "teal",
          message: role ? t("deviceRoles.form.saved") : t("deviceRoles.form.created"),
        });
        onClose();
      },
      onError: (error: Error) => {
        applyServerErrors(form, error);
        setSubmitError(describeError(error));
      },
    };
    // The operating system is fixed once created: an edit sends only name and description.
    if (role)
      update.mutate(
        updateDeviceRoleRequest.parse({ name: values.name, description: values.description }),
        done,
      );
    else create.mutate(createDeviceRoleRequest.parse(values), done);
  };

  return (
    <form onSubmit={form.onSubmit(handleSubmit)} noValidate>
      <Stack gap="sm">
        <TextInput label={t("common.fields.name")} required maxLength={100} {...form.getInputProps("name")} />
        <Select
          label={t("deviceRoles.form.operatingSystem")}
          data={osFamilies.map((value) => ({ value, label: t(osFamilyText[value]) }))}
          {...form.getInputProps("osFamily")}
          onChange={(value) => form.setFieldValue("osFamily", (value as OsFamily | null) ?? "WINDOWS")}
          allowDeselect={false}
          disabled={role !== null}
          description={role ? t("deviceRoles.form.osFixed") : undefined}
        />
        <Textarea
          label={t("common.fields.description")}
          autosize
          minRows={2}
          maxLength={2000}
          {...form.getInputProps("description")}
        />
        <FormError message={submitError} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t("common.actions.cancel")}
          </Button>
          <Button type="submit" loading={mutation.isPending}>
            {role ? t("common.actions.save") : t("deviceRoles.form.create")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
