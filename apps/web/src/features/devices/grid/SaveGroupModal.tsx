import { useState } from "react";
import { Button, Group, Modal, Stack, Text, TextInput } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useNavigate } from "react-router";
import { createSavedSearchRequest } from "@steward/contracts";
import { describeError } from "../../../api";
import { useT } from "../../../i18n";
import { applyServerErrors, useContractForm } from "../../../lib/forms";
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
  const t = useT();
  return (
    <Modal opened={opened} onClose={onClose} title={t("devicesGrid.saveGroup.title")}>
      {opened ? <SaveGroupForm filters={filters} onClose={onClose} /> : null}
    </Modal>
  );
}

/** The group's name, checked by the rules the server applies to a saved search's name. */
const groupName = createSavedSearchRequest.pick({ name: true });
interface GroupNameValues extends Record<string, unknown> {
  name: string;
}

function SaveGroupForm({ filters, onClose }: { filters: DeviceFilters; onClose: () => void }) {
  const t = useT();
  const create = useCreateSavedSearch();
  const navigate = useNavigate();
  const form = useContractForm<GroupNameValues>(groupName, { initialValues: { name: "" } });
  const [submitError, setSubmitError] = useState<string | null>(null);
  // A group holds criteria, not another group: the group filter is dropped.
  const criteria = filtersToCriteria(filters, { withGroup: false });
  return (
    <form
      noValidate
      onSubmit={form.onSubmit(({ name }) => {
        setSubmitError(null);
        create.mutate(
          { name: name.trim(), criteria, search: criteria.search ?? "" },
          {
            onSuccess: (group) => {
              notifications.show({
                color: "teal",
                message: t("devicesGrid.saveGroup.saved", { name: group.name ?? "" }),
              });
              onClose();
              void navigate(`/group/${group.id}`);
            },
            onError: (error) => {
              applyServerErrors(form, error);
              setSubmitError(describeError(error));
            },
          },
        );
      })}
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t("devicesGrid.saveGroup.description")}
        </Text>
        <TextInput
          label={t("devicesGrid.saveGroup.name")}
          required
          maxLength={200}
          autoFocus
          {...form.getInputProps("name")}
        />
        <FormError message={submitError} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t("common.actions.cancel")}
          </Button>
          <Button type="submit" loading={create.isPending}>
            {t("devicesGrid.saveGroup.submit")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
