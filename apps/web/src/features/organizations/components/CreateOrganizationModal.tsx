import { useState, type FormEvent } from "react";
import { ActionIcon, Button, Group, Modal, Stack, Text, TextInput, Textarea } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconPlus, IconTrash } from "@tabler/icons-react";
import {
  DEFAULT_LOCATION_NAME,
  createOrganizationRequest,
  type NodeApprovalMode,
  type OrganizationDetail,
} from "@steward/contracts";
import { nameKey } from "@steward/domain";
import { describeError, isApiError } from "../../../api";
import { clearError, serverFieldErrors, validateWith, type FieldErrors } from "../../../lib/forms";
import { FormError } from "../../../ui";
import { useCreateOrganization } from "../api";
import { ApprovalModeField } from "./ApprovalModeField";

interface CreateOrganizationModalProps {
  opened: boolean;
  onClose: () => void;
  onCreated?: (organization: OrganizationDetail) => void;
}

interface LocationDraft {
  key: number;
  name: string;
  address: string;
}

let nextKey = 1;

export function CreateOrganizationModal({ opened, onClose, onCreated }: CreateOrganizationModalProps) {
  const create = useCreateOrganization();
  const [name, setName] = useState("");
  const [description, setDescription] = useState("");
  const [mode, setMode] = useState<NodeApprovalMode>("AUTOMATIC");
  const [locations, setLocations] = useState<LocationDraft[]>([]);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitError, setSubmitError] = useState<string | null>(null);

  const reset = () => {
    setName("");
    setDescription("");
    setMode("AUTOMATIC");
    setLocations([]);
    setErrors({});
    setSubmitError(null);
  };
  const handleClose = () => {
    reset();
    onClose();
  };

  const updateLocation = (key: number, patch: Partial<LocationDraft>) =>
    setLocations((current) => current.map((l) => (l.key === key ? { ...l, ...patch } : l)));

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const result = validateWith(createOrganizationRequest, {
      name,
      description,
      nodeApprovalMode: mode,
      locations: locations.map(({ name: n, address }) => ({ name: n, address })),
    });
    const found: FieldErrors = result.ok ? {} : { ...result.errors };
    // Location names are unique within an organization, "Main Office" included.
    const seen = new Set([nameKey(DEFAULT_LOCATION_NAME)]);
    locations.forEach((l, i) => {
      const key = nameKey(l.name);
      if (key && seen.has(key)) found[`locations.${i}.name`] = "Another location already has this name";
      seen.add(key);
    });
    if (!result.ok || Object.keys(found).length > 0) {
      setErrors(found);
      return;
    }
    setErrors({});
    setSubmitError(null);
    try {
      const organization = await create.mutateAsync(result.data);
      notifications.show({ color: "teal", message: `Organization "${organization.name}" created` });
      reset();
      onCreated?.(organization);
      onClose();
    } catch (error) {
      if (isApiError(error, "E_ORGANIZATION_NAME_TAKEN")) {
        setErrors({ name: "An organization with this name already exists" });
      } else if (isApiError(error, "E_LOCATION_NAME_TAKEN")) {
        setSubmitError(
          "Two locations have the same name. Location names must be unique within an organization.",
        );
      } else {
        if (isApiError(error, "E_VALIDATION")) setErrors(serverFieldErrors(error.details));
        setSubmitError(describeError(error));
      }
    }
  };

  return (
    <Modal opened={opened} onClose={handleClose} title="New organization" size="lg" centered>
      <form onSubmit={(event) => void handleSubmit(event)} noValidate>
        <Stack gap="md">
          <TextInput
            label="Name"
            value={name}
            onChange={(event) => {
              setName(event.currentTarget.value);
              setErrors((current) => clearError(current, "name"));
            }}
            error={errors.name}
            withAsterisk
            data-autofocus
          />
          <Textarea
            label="Description"
            value={description}
            onChange={(event) => {
              setDescription(event.currentTarget.value);
              setErrors((current) => clearError(current, "description"));
            }}
            error={errors.description}
            autosize
            minRows={2}
          />
          <ApprovalModeField value={mode} onChange={setMode} />
          <Stack gap="xs">
            <Text fw={500} size="sm">
              Locations
            </Text>
            <Text size="sm" c="dimmed">
              Every organization gets a "{DEFAULT_LOCATION_NAME}" location. Add any other sites here.
            </Text>
            {locations.map((location, index) => (
              <Group key={location.key} align="flex-start" wrap="nowrap">
                <TextInput
                  label="Location name"
                  value={location.name}
                  onChange={(event) => {
                    updateLocation(location.key, { name: event.currentTarget.value });
                    setErrors((current) => clearError(current, `locations.${index}.name`));
                  }}
                  error={errors[`locations.${index}.name`]}
                  data-testid={`new-location-name-${index}`}
                  style={{ flex: 1 }}
                />
                <TextInput
                  label="Address"
                  value={location.address}
                  onChange={(event) => updateLocation(location.key, { address: event.currentTarget.value })}
                  data-testid={`new-location-address-${index}`}
                  style={{ flex: 1 }}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  mt={28}
                  aria-label={`Remove location ${index + 1}`}
                  onClick={() => setLocations((current) => current.filter((l) => l.key !== location.key))}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            ))}
            <Group>
              <Button
                variant="light"
                size="xs"
                leftSection={<IconPlus size={14} />}
                onClick={() =>
                  setLocations((current) => [...current, { key: nextKey++, name: "", address: "" }])
                }
              >
                Add location
              </Button>
            </Group>
          </Stack>
          <FormError message={submitError} />
          <Group justify="flex-end">
            <Button variant="default" onClick={handleClose}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Create organization
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
