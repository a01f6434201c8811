import { useState } from "react";
import { ActionIcon, Button, Group, Paper, Stack, Text, Tooltip } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconPencil, IconPlus, IconTrash } from "@tabler/icons-react";
import type { Location, OrganizationDetail } from "@steward/contracts";
import { describeError, isApiError } from "../../../api";
import { confirmAction } from "../../../ui";
import { useDeleteLocation } from "../api";

import { LocationFormModal } from "./LocationFormModal";
import { LocationsTable } from "./LocationsTable";

/** The organization's locations: add, rename, delete (never the default one). */
export function LocationsEditor({
  organization,
  canWrite,
}: {
  organization: OrganizationDetail;
  canWrite: boolean;
}) {
  const [editing, setEditing] = useState<Location | null>(null);
  const [opened, setOpened] = useState(false);
  const [formKey, setFormKey] = useState(0);
  const remove = useDeleteLocation(organization.id);

  const openForm = (location: Location | null) => {
    setEditing(location);
    setFormKey((k) => k + 1);
    setOpened(true);
  };

  const handleDelete = (location: Location) =>
    confirmAction({
      title: "Delete location",
      message: `Delete the location "${location.name}" of ${organization.name}? This cannot be undone.`,
      onConfirm: () =>
        remove.mutate(location.id, {
          onSuccess: () =>
            notifications.show({ color: "teal", message: `Location "${location.name}" deleted` }),
          onError: (error) =>
            notifications.show({
              color: "red",
              title: "Could not delete the location",
              message: isApiError(error, "E_DEFAULT_LOCATION_UNDELETABLE")
                ? "The default location cannot be deleted."
                : describeError(error),
            }),
        }),
    });

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          Location names are unique within the organization. The default location cannot be deleted.
        </Text>
        {canWrite ? (
          <Button leftSection={<IconPlus size={16} />} onClick={() => openForm(null)}>
            Add location
          </Button>
        ) : null}
      </Group>
      <Paper withBorder radius="md">
        <LocationsTable
          organizationId={organization.id}
          locations={organization.locations}
          {...(canWrite
            ? {
                actions: (location: Location) => (
                  <Group gap={4} wrap="nowrap">
                    <Tooltip label="Edit">
                      <ActionIcon
                        variant="subtle"
                        aria-label={`Edit ${location.name}`}
                        onClick={() => openForm(location)}
                      >
                        <IconPencil size={16} />
                      </ActionIcon>
                    </Tooltip>
                    {location.isDefault ? null : (
                      <Tooltip label="Delete">
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={`Delete ${location.name}`}
                          onClick={() => handleDelete(location)}
                        >
                          <IconTrash size={16} />
                        </ActionIcon>
                      </Tooltip>
                    )}
                  </Group>
                ),
              }
            : {})}
        />
      </Paper>
      <LocationFormModal
        key={formKey}
        organizationId={organization.id}
        location={editing}
        opened={opened}
        onClose={() => setOpened(false)}
      />
    </Stack>
  );
}
