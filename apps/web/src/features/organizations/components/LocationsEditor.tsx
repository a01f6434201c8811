import { useState } from "react";
import { ActionIcon, Button, Group, Paper, Stack, Text, Tooltip } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconPencil, IconPlus, IconTrash } from "@tabler/icons-react";
import type { Location, OrganizationDetail } from "@steward/contracts";
import { describeError, isApiError } from "../../../api";
import { useT } from "../../../i18n";
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
  const t = useT();

  const openForm = (location: Location | null) => {
    setEditing(location);
    setFormKey((k) => k + 1);
    setOpened(true);
  };

  const handleDelete = (location: Location) =>
    confirmAction({
      title: t("organizations.locations.deleteTitle"),
      message: t("organizations.locations.deleteMessage", {
        name: location.name,
        organization: organization.name,
      }),
      confirmLabel: t("common.actions.delete"),
      onConfirm: () =>
        remove.mutate(location.id, {
          onSuccess: () =>
            notifications.show({
              color: "teal",
              message: t("organizations.locations.deleted", { name: location.name }),
            }),
          onError: (error) =>
            notifications.show({
              color: "red",
              title: t("organizations.locations.deleteError"),
              message: isApiError(error, "E_DEFAULT_LOCATION_UNDELETABLE")
                ? t("organizations.locations.defaultUndeletable")
                : describeError(error),
            }),
        }),
    });

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {t("organizations.locations.help")}
        </Text>
        {canWrite ? (
          <Button leftSection={<IconPlus size={16} />} onClick={() => openForm(null)}>
            {t("organizations.locations.add")}
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
                    <Tooltip label={t("common.actions.edit")}>
                      <ActionIcon
                        variant="subtle"
                        aria-label={t("organizations.locations.editNamed", { name: location.name })}
                        onClick={() => openForm(location)}
                      >
                        <IconPencil size={16} />
                      </ActionIcon>
                    </Tooltip>
                    {location.isDefault ? null : (
                      <Tooltip label={t("common.actions.delete")}>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={t("organizations.locations.deleteNamed", { name: location.name })}
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
