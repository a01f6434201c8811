import { useState, type ReactNode } from "react";
import { Button, Group, Menu, Modal, Paper, Select, Stack, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconChevronDown, IconX } from "@tabler/icons-react";
import type { DeviceActionName, ExecuteActionRequest } from "@steward/contracts";
import { validateTag } from "@steward/domain";
import { describeError } from "../../../api";
import { FormError, confirmAction } from "../../../ui";
import { useDeviceRoles } from "../../device-roles";
import { useExecuteAction } from "../api";
import { TagInputField } from "../components/TagInputField";

export type ActionTarget = ExecuteActionRequest["data"];

interface BulkActionsProps {
  /** How many devices the target holds (selected, or all matching). */
  count: number;
  target: ActionTarget;
  onClear: () => void;
  onDone: () => void;
  /** More actions from other features (Run script). */
  extra?: ReactNode;
  selectAllOffer?: ReactNode;
}

type Dialog = "SET_ROLE" | "ADD_TAG" | "REMOVE_TAG" | null;

/** "All matching" with no search, filter or group: the target is the whole fleet. */
function targetsEveryDevice(target: ActionTarget): boolean {
  return (
    target.nodeIds === undefined &&
    target.searchId === undefined &&
    target.criteria !== undefined &&
    Object.keys(target.criteria).length === 0
  );
}

const plural = (n: number) => `${n.toLocaleString("en-US")} device${n === 1 ? "" : "s"}`;

/** The bar over the grid while devices are selected: bulk actions via execute-action. */
export function BulkActions({ count, target, onClear, onDone, extra, selectAllOffer }: BulkActionsProps) {
  const execute = useExecuteAction();
  const [dialog, setDialog] = useState<Dialog>(null);

  const run = (action: DeviceActionName, data: Record<string, unknown> = {}, after?: () => void) =>
    execute.mutate(
      { action, data: { ...target, ...data } },
      {
        onSuccess: (result) => {
          notifications.show({
            color: "teal",
            message: `${actionLabels[action]}: ${plural(result.count)} changed of ${plural(result.matched)}`,
          });
          after?.();
          onDone();
        },
        onError: (error) => {
          if (!after) {
            notifications.show({
              color: "red",
              title: `${actionLabels[action]} failed`,
              message: describeError(error),
            });
          }
        },
      },
    );

  return (
    <Paper withBorder radius="md" p="xs" bg="var(--mantine-color-blue-light)" data-testid="bulk-actions">
      <Group justify="space-between" wrap="nowrap">
        <Group gap="sm" wrap="nowrap">
          <Text size="sm" fw={600}>
            {plural(count)} selected
          </Text>
          {selectAllOffer}
        </Group>
        <Group gap="xs" wrap="nowrap">
          {extra}
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <Button
                size="xs"
                variant="default"
                rightSection={<IconChevronDown size={14} />}
                loading={execute.isPending}
              >
                Actions
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item onClick={() => setDialog("SET_ROLE")}>Set role</Menu.Item>
              <Menu.Item onClick={() => setDialog("ADD_TAG")}>Add tag</Menu.Item>
              <Menu.Item onClick={() => setDialog("REMOVE_TAG")}>Remove tag</Menu.Item>
              <Menu.Item
                onClick={() =>
                  confirmAction({
                    title: "Approve devices",
                    message: `Approve ${plural(count)}? Pending devices start reporting and accept jobs.`,
                    confirmLabel: "Approve",
                    onConfirm: () => run("APPROVE"),
                  })
                }
              >
                Approve
              </Menu.Item>
              <Menu.Divider />
              <Menu.Item
                color="red"
                onClick={() =>
                  confirmAction({
                    title: "Delete devices",
                    message: targetsEveryDevice(target)
                      ? `Delete every device you manage (${plural(count)})? No search or filter narrows this selection. Their agents can no longer connect and their history is removed.`
                      : `Delete ${plural(count)}? Their agents can no longer connect and their history is removed.`,
                    onConfirm: () => run("DELETE"),
                  })
                }
              >
                Delete
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
          <Button size="xs" variant="subtle" color="gray" leftSection={<IconX size={14} />} onClick={onClear}>
            Clear selection
          </Button>
        </Group>
      </Group>
      <Modal
        opened={dialog !== null}
        onClose={() => setDialog(null)}
        title={dialog ? `${actionLabels[dialog]} on ${plural(count)}` : ""}
      >
        {dialog === "SET_ROLE" ? (
          <RoleForm
            pending={execute.isPending}
            error={execute.isError ? describeError(execute.error) : null}
            onSubmit={(roleId) => run("SET_ROLE", { roleId }, () => setDialog(null))}
            onCancel={() => setDialog(null)}
          />
        ) : dialog ? (
          <TagForm
            action={dialog}
            pending={execute.isPending}
            error={execute.isError ? describeError(execute.error) : null}
            onSubmit={(tag) => run(dialog, { tag }, () => setDialog(null))}
            onCancel={() => setDialog(null)}
          />
        ) : null}
      </Modal>
    </Paper>
  );
}

export const actionLabels: Record<DeviceActionName, string> = {
  SET_ROLE: "Set role",
  ADD_TAG: "Add tag",
  REMOVE_TAG: "Remove tag",
  APPROVE: "Approve",
  DELETE: "Delete",
  RUN_SCRIPT: "Run script",
};

function RoleForm(props: {
  pending: boolean;
  error: string | null;
  onSubmit: (roleId: number | null) => void;
  onCancel: () => void;
}) {
  const roles = useDeviceRoles();
  const [value, setValue] = useState<string>("");
  return (
    <Stack gap="sm">
      <Select
        label="Role"
        searchable
        allowDeselect={false}
        data={[
          { value: "", label: "No role" },
          ...(roles.data ?? []).map((r) => ({ value: String(r.id), label: r.name })),
        ]}
        value={value}
        onChange={(v) => setValue(v ?? "")}
        error={roles.isError ? describeError(roles.error) : undefined}
      />
      <FormError message={props.error} />
      <Group justify="flex-end">
        <Button variant="default" onClick={props.onCancel}>
          Cancel
        </Button>
        <Button loading={props.pending} onClick={() => props.onSubmit(value ? Number(value) : null)}>
          Set role
        </Button>
      </Group>
    </Stack>
  );
}

function TagForm(props: {
  action: "ADD_TAG" | "REMOVE_TAG";
  pending: boolean;
  error: string | null;
  onSubmit: (tag: string) => void;
  onCancel: () => void;
}) {
  const [tag, setTag] = useState("");
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        const problem = validateTag(tag);
        setError(problem);
        if (!problem) props.onSubmit(tag);
      }}
    >
      <Stack gap="sm">
        <TagInputField
          value={tag}
          autoFocus
          error={error}
          onChange={(v) => {
            setTag(v);
            if (error) setError(validateTag(v));
          }}
        />
        <FormError message={props.error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={props.pending}>
            {actionLabels[props.action]}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
