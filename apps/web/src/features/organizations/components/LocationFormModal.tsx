import { useState, type FormEvent } from "react";
import { Button, Group, Modal, Stack, TextInput, Textarea } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { createLocationRequest, type Location } from "@steward/contracts";
import { describeError, isApiError } from "../../../api";
import { clearError, serverFieldErrors, validateWith, type FieldErrors } from "../../../lib/forms";
import { FormError } from "../../../ui";
import { useCreateLocation, useUpdateLocation } from "../api";

interface LocationFormModalProps {
  organizationId: number;
  /** The location being edited; null to add one. */
  location: Location | null;
  opened: boolean;
  onClose: () => void;
}

const empty = { name: "", address: "", description: "" };

export function LocationFormModal({ organizationId, location, opened, onClose }: LocationFormModalProps) {
  const create = useCreateLocation(organizationId);
  const update = useUpdateLocation(organizationId);
  // The parent remounts this (key) for every opening, so the draft starts from the location.
  const [draft, setDraft] = useState(() =>
    location ? { name: location.name, address: location.address, description: location.description } : empty,
  );
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitError, setSubmitError] = useState<string | null>(null);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const result = validateWith(createLocationRequest, draft);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    setSubmitError(null);
    try {
      if (location) await update.mutateAsync({ locationId: location.id, body: result.data });
      else await create.mutateAsync(result.data);
      notifications.show({
        color: "teal",
        message: location ? "Location saved" : `Location "${result.data.name}" added`,
      });
      onClose();
    } catch (error) {
      if (isApiError(error, "E_LOCATION_NAME_TAKEN")) {
        setErrors({ name: "This organization already has a location with this name" });
      } else {
        if (isApiError(error, "E_VALIDATION")) setErrors(serverFieldErrors(error.details));
        setSubmitError(describeError(error));
      }
    }
  };

  const field = (key: keyof typeof empty) => ({
    value: draft[key],
    onChange: (event: { currentTarget: { value: string } }) => {
      const value = event.currentTarget.value;
      setDraft((d) => ({ ...d, [key]: value }));
      setErrors((current) => clearError(current, key));
    },
    error: errors[key],
  });

  return (
    <Modal opened={opened} onClose={onClose} title={location ? "Edit location" : "Add location"} centered>
      <form onSubmit={(event) => void handleSubmit(event)} noValidate>
        <Stack gap="md">
          <TextInput label="Location name" withAsterisk data-autofocus {...field("name")} />
          <TextInput label="Address" {...field("address")} />
          <Textarea label="Description" autosize minRows={2} {...field("description")} />
          <FormError message={submitError} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending || update.isPending}>
              {location ? "Save location" : "Add location"}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
