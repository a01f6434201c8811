import { useState } from "react";
import { Button, Group, Modal, Stack, TextInput } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconDeviceDesktopSearch, IconPencil, IconTrash } from "@tabler/icons-react";
import { Link, useNavigate, useParams } from "react-router";
import type { SavedSearch } from "@steward/contracts";
import { messages } from "@steward/domain";
import { describeError, isApiError } from "../../../api";
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
  return (
    <EmptyState
      title="This group does not exist"
      description="It may have been deleted, or the link is wrong."
      action={
        <Button component={Link} to="/administration/devices/groups" variant="default">
          Back to groups
        </Button>
      }
    />
  );
}

function GroupView({ id }: { id: number }) {
  const can = useCan();
  const navigate = useNavigate();
  const group = useSavedSearch(id);
  const remove = useDeleteSavedSearch();
  const [renaming, setRenaming] = useState(false);
  const [state, setState] = useGridUrlState((s) => ({ ...s, filters: { ...s.filters, groupId: id } }));
  usePageTitle(group.data?.name ?? null);

  if (group.isPending) return <LoadingState label="Loading group…" />;
  if (group.isError) {
    if (isApiError(group.error, "E_SAVED_SEARCH_NOT_FOUND")) return <GroupNotFound />;
    return (
      <ErrorState title="Could not load the group" error={group.error} onRetry={() => void group.refetch()} />
    );
  }
  const data = group.data;
  const name = data.name ?? `Saved search ${data.id}`;

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
              Open in device search
            </Button>
            {can("devices.manage") ? (
              <>
                <Button
                  variant="default"
                  leftSection={<IconPencil size={16} />}
                  onClick={() => setRenaming(true)}
                >
                  Rename
                </Button>
                <Button
                  variant="subtle"
                  color="red"
                  leftSection={<IconTrash size={16} />}
                  onClick={() =>
                    confirmAction({
                      title: "Delete group",
                      message: `Delete the group "${name}"? Its devices stay.`,
                      onConfirm: () =>
                        remove.mutate(id, {
                          onSuccess: () => void navigate("/administration/devices/groups"),
                          onError: (error) =>
                            notifications.show({
                              color: "red",
                              title: "Could not delete the group",
                              message: describeError(error),
                            }),
                        }),
                    })
                  }
                >
                  Delete
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
      <Modal opened={renaming} onClose={() => setRenaming(false)} title="Rename group">
        {renaming ? <RenameForm group={data} onClose={() => setRenaming(false)} /> : null}
      </Modal>
    </Stack>
  );
}

function RenameForm({ group, onClose }: { group: SavedSearch; onClose: () => void }) {
  const update = useUpdateSavedSearch(group.id);
  const [name, setName] = useState(group.name ?? "");
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (!name.trim()) return setError(messages.mandatory);
        update.mutate({ name: name.trim() }, { onSuccess: onClose });
      }}
    >
      <Stack gap="sm">
        <TextInput
          label="Group name"
          autoFocus
          maxLength={200}
          value={name}
          error={error}
          onChange={(e) => {
            setName(e.currentTarget.value);
            setError(null);
          }}
        />
        <FormError message={update.isError ? describeError(update.error) : null} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={update.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
