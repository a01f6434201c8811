import { useState } from "react";
import { Button, Group, Modal, Stack, Text, TextInput } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useNavigate } from "react-router";
import { messages } from "@steward/domain";
import { describeError } from "../../../api";
import { FormError } from "../../../ui";
import { useCreateSavedSearch } from "../api";
import { filtersToCriteria, type DeviceFilters } from "./grid-state";

/** "Save as group": the current filters become a named saved search. */
export function SaveGroupModal({
  opened,
  onClose,
  filters,
}: {
  opened: boolean;
  onClose: () => void;
  filters: DeviceFilters;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title="Save as group">
      {opened ? <SaveGroupForm filters={filters} onClose={onClose} /> : null}
    </Modal>
  );
}

function SaveGroupForm({ filters, onClose }: { filters: DeviceFilters; onClose: () => void }) {
  const create = useCreateSavedSearch();
  const navigate = useNavigate();
  const [name, setName] = useState("");
  const [error, setError] = useState<string | null>(null);
  // A group holds criteria, not another group: the group filter is dropped.
  const criteria = filtersToCriteria(filters, { withGroup: false });
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (!name.trim()) {
          setError(messages.mandatory);
          return;
        }
        create.mutate(
          { name: name.trim(), criteria, search: criteria.search ?? "" },
          {
            onSuccess: (group) => {
              notifications.show({ color: "teal", message: `Group "${group.name ?? ""}" saved` });
              onClose();
              void navigate(`/group/${group.id}`);
            },
          },
        );
      }}
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          A group is a saved search: it always shows the devices that match these filters now.
        </Text>
        <TextInput
          label="Group name"
          required
          maxLength={200}
          autoFocus
          value={name}
          error={error}
          onChange={(event) => {
            setName(event.currentTarget.value);
            setError(null);
          }}
        />
        <FormError message={create.isError ? describeError(create.error) : null} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending}>
            Save group
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
