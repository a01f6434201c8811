import { useState } from "react";
import { Button, Group, Modal, Select, Stack, TextInput, Textarea } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import type { DeviceRole } from "@steward/contracts";
import { messages } from "@steward/domain";
import { describeError } from "../../../api";
import { FormError } from "../../../ui";
import { useCreateDeviceRole, useUpdateDeviceRole } from "../api";
import { osFamilyOptions, type OsFamily } from "../../../lib/os-labels";

interface RoleFormModalProps {
  /** The role to edit; null for a new one. */
  role: DeviceRole | null;
  opened: boolean;
  onClose: () => void;
}

export function RoleFormModal({ role, opened, onClose }: RoleFormModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={role ? `Edit ${role.name}` : "New device role"}>
      {opened ? <RoleForm role={role} onClose={onClose} /> : null}
    </Modal>
  );
}

function RoleForm({ role, onClose }: { role: DeviceRole | null; onClose: () => void }) {
  const create = useCreateDeviceRole();
  const update = useUpdateDeviceRole(role?.id ?? 0);
  const mutation = role ? update : create;
  const [name, setName] = useState(role?.name ?? "");
  const [description, setDescription] = useState(role?.description ?? "");
  const [osFamily, setOsFamily] = useState<OsFamily>(role?.osFamily ?? "WINDOWS");
  const [nameError, setNameError] = useState<string | null>(null);

  const handleSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setNameError(messages.mandatory);
      return;
    }
    const done = {
      onSuccess: () => {
        notifications.show({ color: "teal", message: role ? "Device role saved" : "Device role created" });
        onClose();
      },
    };
    if (role) update.mutate({ name: name.trim(), description: description.trim() }, done);
    else create.mutate({ name: name.trim(), description: description.trim(), osFamily }, done);
  };

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="sm">
        <TextInput
          label="Name"
          required
          maxLength={100}
          value={name}
          error={nameError}
          onChange={(event) => {
            setName(event.currentTarget.value);
            setNameError(null);
          }}
        />
        <Select
          label="Operating system"
          data={osFamilyOptions}
          value={osFamily}
          allowDeselect={false}
          disabled={role !== null}
          description={role ? "A role's operating system is fixed once created." : undefined}
          onChange={(value) => setOsFamily((value as OsFamily | null) ?? "WINDOWS")}
        />
        <Textarea
          label="Description"
          autosize
          minRows={2}
          maxLength={2000}
          value={description}
          onChange={(event) => setDescription(event.currentTarget.value)}
        />
        <FormError message={mutation.isError ? describeError(mutation.error) : null} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={mutation.isPending}>
            {role ? "Save" : "Create role"}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
