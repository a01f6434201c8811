import { useState } from "react";
import { Button, Group, Modal, Stack, TextInput } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconDeviceDesktopSearch, IconPencil, IconTrash } from "@tabler/icons-react";
import { Link, useNavigate, useParams } from "react-router";
import { z } from "zod";
import { updateSavedSearchRequest, type SavedSearch } from "@steward/contracts";
import { describeError, isApiError } from "../../../api";
import { useT } from "../../../i18n";
import { applyServerErrors, useContractForm } from "../../../lib/forms";
import { parseId } from "../../../lib/params";
import { usePageTitle } from "../../../routing";
import { EmptyState, ErrorState, FormError, LoadingState, PageHeader, confirmAction } from "../../../ui";
import { useCan } from "../../auth";
import { useDeleteSavedSearch, useSavedSearch, useUpdateSavedSearch } from "../api";
import { CriteriaSummary } from "../components/CriteriaSummary";
import { RunScriptBulkButton } from "../components/RunScriptBulkButton";
import { DeviceGrid } from "../grid/DeviceGrid";
import { criteriaToFilters, filtersToParams } from "../grid/grid-state";
import { useGridUrlState } from "../grid/use-grid-url-state";

/** /group/:id: the devices of a group (a named saved search). */
export function GroupPage() {
  const id = parseId(useParams().id);
  if (id === null) return <GroupNotFound />;
  return <GroupView id={id} />;
}

function GroupNotFound() {
  const t = useT();
  return (
    <EmptyState
      title={t("devices.group.notFoundTitle")}
      description={t("devices.group.notFoundDescription")}
      action={
        <Button component={Link} to="/administration/devices/groups" variant="default">
          {t("devices.group.backToGroups")}
        </Button>
      }
    />
  );
}

function GroupView({ id }: { id: number }) {
  const t = useT();
  const can = useCan();
  const navigate = useNavigate();
  const group = useSavedSearch(id);
  const remove = useDeleteSavedSearch();
  const [renaming, setRenaming] = useState(false);
  const [state, setState] = useGridUrlState((s) => ({ ...s, filters: { ...s.filters, groupId: id } }));
  usePageTitle(group.data?.name ?? null);

  if (group.isPending) return <LoadingState label={t("devices.group.loading")} />;
  if (group.isError) {
    if (isApiError(group.error, "E_SAVED_SEARCH_NOT_FOUND")) return <GroupNotFound />;
    return (
      <ErrorState
        title={t("devices.group.loadError")}
        error={group.error}
        onRetry={() => void group.refetch()}
      />
    );
  }
  const data = group.data;
  const name = data.name ?? t("devices.group.unnamed", { id: data.id });

  return (
    <Stack gap="md">
      <PageHeader
        title={name}
        description={<CriteriaSummary criteria={data.criteria} />}
        actions={
          <>
            <Button
              variant="default"
              component={Link}
              to={`/deviceSearch?${filtersToParams(criteriaToFilters(data.criteria)).toString()}`}
              leftSection={<IconDeviceDesktopSearch size={16} />}
            >
              {t("devices.group.openInSearch")}
            </Button>
            {can("devices.manage") ? (
              <>
                <Button
                  variant="default"
                  leftSection={<IconPencil size={16} />}
                  onClick={() => setRenaming(true)}
                >
                  {t("devices.group.rename")}
                </Button>
                <Button
                  variant="subtle"
                  color="red"
                  leftSection={<IconTrash size={16} />}
                  onClick={() =>
                    confirmAction({
                      title: t("devices.group.deleteTitle"),
                      message: t("devices.group.deleteMessage", { name }),
                      onConfirm: () =>
                        remove.mutate(id, {
                          onSuccess: () => void navigate("/administration/devices/groups"),
                          onError: (error) =>
                            notifications.show({
                              color: "red",
                              title: t("devices.group.deleteError"),
                              message: describeError(error),
                            }),
                        }),
                    })
                  }
                >
                  {t("common.actions.delete")}
                </Button>
              </>
            ) : null}
          </>
        }
      />
      <DeviceGrid
        state={state}
        onChange={setState}
        lockGroup
        bulkExtra={(target, count, clear) => (
          <RunScriptBulkButton target={target} count={count} filters={state.filters} onDone={clear} />
        )}
      />
      <Modal opened={renaming} onClose={() => setRenaming(false)} title={t("devices.group.renameTitle")}>
        {renaming ? <RenameForm group={data} onClose={() => setRenaming(false)} /> : null}
      </Modal>
    </Stack>
  );
}

/** A group's new name: required, checked by the same rule the server applies. */
const renameForm = z.object({ name: updateSavedSearchRequest.shape.name });
type RenameValues = { name: string };

function RenameForm({ group, onClose }: { group: SavedSearch; onClose: () => void }) {
  const t = useT();
  const update = useUpdateSavedSearch(group.id);
  const form = useContractForm<RenameValues>(renameForm, { initialValues: { name: group.name ?? "" } });
  const [submitError, setSubmitError] = useState<string | null>(null);
  return (
    <form
      noValidate
      onSubmit={form.onSubmit(({ name }) => {
        setSubmitError(null);
        update.mutate(
          { name: name.trim() },
          {
            onSuccess: onClose,
            onError: (error) => {
              if (!applyServerErrors(form, error)) setSubmitError(describeError(error));
            },
          },
        );
      })}
    >
      <Stack gap="sm">
        <TextInput
          label={t("devices.group.name")}
          autoFocus
          maxLength={200}
          {...form.getInputProps("name")}
        />
        <FormError message={submitError} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t("common.actions.cancel")}
          </Button>
          <Button type="submit" loading={update.isPending}>
            {t("common.actions.save")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
