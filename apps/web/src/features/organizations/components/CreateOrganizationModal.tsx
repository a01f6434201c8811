import { useState } from "react";
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
import { translate, useT } from "../../../i18n";
import { applyServerErrors, useContractForm } from "../../../lib/forms";
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

interface CreateValues extends Record<string, unknown> {
  name: string;
  description: string;
  nodeApprovalMode: NodeApprovalMode;
  locations: LocationDraft[];
}

const initialValues: CreateValues = {
  name: "",
  description: "",
  nodeApprovalMode: "AUTOMATIC",
  locations: [],
};

/** The request's rules, and: location names are unique within an organization, "Main Office" included. */
const createSchema = createOrganizationRequest.superRefine((value, ctx) => {
  const seen = new Set([nameKey(DEFAULT_LOCATION_NAME)]);
  value.locations.forEach((location, index) => {
    const key = nameKey(location.name);
    if (key && seen.has(key))
      ctx.addIssue({
        code: "custom",
        path: ["locations", index, "name"],
        message: translate("organizations.create.duplicateLocation"),
      });
    seen.add(key);
  });
});

let nextKey = 1;

export function CreateOrganizationModal({ opened, onClose, onCreated }: CreateOrganizationModalProps) {
  const t = useT();
  const create = useCreateOrganization();
  const form = useContractForm<CreateValues>(createSchema, { initialValues });
  const [submitError, setSubmitError] = useState<string | null>(null);
  const { locations, nodeApprovalMode } = form.getValues();

  const handleClose = () => {
    form.reset();
    setSubmitError(null);
    onClose();
  };

  const handleSubmit = async (values: CreateValues) => {
    setSubmitError(null);
    try {
      const organization = await create.mutateAsync(createSchema.parse(values));
      notifications.show({
        color: "teal",
        message: t("organizations.create.created", { name: organization.name }),
      });
      form.reset();
      onCreated?.(organization);
      onClose();
    } catch (error) {
      if (isApiError(error, "E_ORGANIZATION_NAME_TAKEN")) {
        form.setFieldError("name", t("organizations.create.nameTaken"));
      } else if (isApiError(error, "E_LOCATION_NAME_TAKEN")) {
        setSubmitError(t("organizations.create.locationNameTaken"));
      } else {
        applyServerErrors(form, error);
        setSubmitError(describeError(error));
      }
    }
  };

  return (
    <Modal opened={opened} onClose={handleClose} title={t("organizations.create.title")} size="lg" centered>
      <form onSubmit={form.onSubmit((values) => void handleSubmit(values))} noValidate>
        <Stack gap="md">
          <TextInput
            label={t("common.fields.name")}
            {...form.getInputProps("name")}
            withAsterisk
            data-autofocus
          />
          <Textarea
            label={t("common.fields.description")}
            {...form.getInputProps("description")}
            autosize
            minRows={2}
          />
          <ApprovalModeField
            value={nodeApprovalMode}
            onChange={(mode) => form.setFieldValue("nodeApprovalMode", mode)}
          />
          <Stack gap="xs">
            <Text fw={500} size="sm">
              {t("organizations.create.locations")}
            </Text>
            <Text size="sm" c="dimmed">
              {t("organizations.create.locationsHelp", { name: DEFAULT_LOCATION_NAME })}
            </Text>
            {locations.map((location, index) => (
              <Group key={location.key} align="flex-start" wrap="nowrap">
                <TextInput
                  label={t("organizations.create.locationName")}
                  {...form.getInputProps(`locations.${index}.name`)}
                  data-testid={`new-location-name-${index}`}
                  style={{ flex: 1 }}
                />
                <TextInput
                  label={t("organizations.create.address")}
                  {...form.getInputProps(`locations.${index}.address`)}
                  data-testid={`new-location-address-${index}`}
                  style={{ flex: 1 }}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  mt={28}
                  aria-label={t("organizations.create.removeLocation", { number: index + 1 })}
                  onClick={() => form.removeListItem("locations", index)}
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
                onClick={() => form.insertListItem("locations", { key: nextKey++, name: "", address: "" })}
              >
                {t("organizations.create.addLocation")}
              </Button>
            </Group>
          </Stack>
          <FormError message={submitError} />
          <Group justify="flex-end">
            <Button variant="default" onClick={handleClose}>
              {t("common.actions.cancel")}
            </Button>
            <Button type="submit" loading={create.isPending}>
              {t("organizations.create.submit")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
