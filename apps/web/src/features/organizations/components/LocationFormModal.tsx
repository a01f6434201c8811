import { useState } from "react";
import { Button, Group, Modal, Stack, TextInput, Textarea } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { createLocationRequest, type Location } from "@steward/contracts";
import { describeError, isApiError } from "../../../api";
import { useT } from "../../../i18n";
import { applyServerErrors, useContractForm } from "../../../lib/forms";
import { FormError } from "../../../ui";
import { useCreateLocation, useUpdateLocation } from "../api";

interface LocationFormModalProps {
  organizationId: number;
  /** The location being edited; null to add one. */
  location: Location | null;
  opened: boolean;
  onClose: () => void;
}

interface LocationValues extends Record<string, unknown> {
  name: string;
  address: string;
  description: string;
}

const empty: LocationValues = { name: "", address: "", description: "" };

export function LocationFormModal({ organizationId, location, opened, onClose }: LocationFormModalProps) {
  const t = useT();
  const create = useCreateLocation(organizationId);
  const update = useUpdateLocation(organizationId);
  // The parent remounts this (key) for every opening, so the form starts from the location.
  const form = useContractForm<LocationValues>(createLocationRequest, {
    initialValues: location
      ? { name: location.name, address: location.address, description: location.description }
      : empty,
  });
  const [submitError, setSubmitError] = useState<string | null>(null);

  const handleSubmit = async (values: LocationValues) => {
    const body = createLocationRequest.parse(values);
    setSubmitError(null);
    try {
      if (location) await update.mutateAsync({ locationId: location.id, body });
      else await create.mutateAsync(body);
      notifications.show({
        color: "teal",
        message: location
          ? t("organizations.locationForm.saved")
          : t("organizations.locationForm.added", { name: body.name }),
      });
      onClose();
    } catch (error) {
      if (isApiError(error, "E_LOCATION_NAME_TAKEN")) {
        form.setFieldError("name", t("organizations.locationForm.nameTaken"));
      } else {
        applyServerErrors(form, error);
        setSubmitError(describeError(error));
      }
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={location ? t("organizations.locationForm.editTitle") : t("organizations.locationForm.addTitle")}
      centered
    >
      <form onSubmit={form.onSubmit((values) => void handleSubmit(values))} noValidate>
        <Stack gap="md">
          <TextInput
            label={t("organizations.locationForm.name")}
            withAsterisk
            data-autofocus
            {...form.getInputProps("name")}
          />
          <TextInput label={t("organizations.locationForm.address")} {...form.getInputProps("address")} />
          <Textarea
            label={t("common.fields.description")}
            autosize
            minRows={2}
            {...form.getInputProps("description")}
          />
          <FormError message={submitError} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t("common.actions.cancel")}
            </Button>
            <Button type="submit" loading={create.isPending || update.isPending}>
              {location ? t("organizations.locationForm.save") : t("organizations.locationForm.add")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
