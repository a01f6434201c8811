import { useState, type ReactNode } from "react";
import { Button, Group, Menu, Modal, Paper, Select, Stack, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconChevronDown, IconX } from "@tabler/icons-react";
import { z } from "zod";
import type { DeviceActionName, DeviceSummary, ExecuteActionRequest } from "@steward/contracts";
import { validateTag } from "@steward/domain";
import { describeError } from "../../../api";
import { useT, type MessageKey } from "../../../i18n";
import { useContractForm } from "../../../lib/forms";
import { FormError, confirmAction } from "../../../ui";
import { useDeviceRoles } from "../../device-roles";
import { usePutDevicePolicyOverrides } from "../../policies";
import { useExecuteAction } from "../api";
import { TagInputField } from "../components/TagInputField";
import { PowerActionForm } from "../components/DeviceActionsMenu";
import { useCan } from "../../auth";
import { PolicyOverrideForm } from "./PolicyOverrideForm";

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
  /** The devices of the page shown (their classes decide which policies are offered). */
  pageDevices?: readonly DeviceSummary[];
}

type Dialog = "SET_ROLE" | "ADD_TAG" | "REMOVE_TAG" | "SET_POLICY" | "REBOOT" | "SHUTDOWN";

/** "All matching" with no search, filter or group: the target is the whole fleet. */
function targetsEveryDevice(target: ActionTarget): boolean {
  return (
    target.nodeIds === undefined &&
    target.searchId === undefined &&
    target.criteria !== undefined &&
    Object.keys(target.criteria).length === 0
  );
}

/** The names of the bulk actions. */
export const actionLabels: Record<DeviceActionName, MessageKey> = {
  SET_ROLE: "devicesGrid.actions.SET_ROLE",
  ADD_TAG: "devicesGrid.actions.ADD_TAG",
  REMOVE_TAG: "devicesGrid.actions.REMOVE_TAG",
  APPROVE: "devicesGrid.actions.APPROVE",
  DELETE: "devicesGrid.actions.DELETE",
  RUN_SCRIPT: "devicesGrid.actions.RUN_SCRIPT",
  REBOOT: "devicesGrid.actions.REBOOT",
  SHUTDOWN: "devicesGrid.actions.SHUTDOWN",
};

const dialogTitles: Record<Dialog, MessageKey> = {
  SET_POLICY: "devicesGrid.policy.setTitle",
  SET_ROLE: "devicesGrid.bulk.dialogTitle.SET_ROLE",
  ADD_TAG: "devicesGrid.bulk.dialogTitle.ADD_TAG",
  REMOVE_TAG: "devicesGrid.bulk.dialogTitle.REMOVE_TAG",
  REBOOT: "devicesGrid.actions.REBOOT",
  SHUTDOWN: "devicesGrid.actions.SHUTDOWN",
};

/** The bar over the grid while devices are selected: bulk actions via execute-action. */
export function BulkActions({
  count,
  target,
  onClear,
  onDone,
  extra,
  selectAllOffer,
  pageDevices = [],
}: BulkActionsProps) {
  const t = useT();
  const execute = useExecuteAction();
  const can = useCan();
  const overrides = usePutDevicePolicyOverrides();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  // Policy overrides go to listed devices; "all matching" has no list, so they are not offered then.
  const deviceIds = target.nodeIds;

  const setPolicy = (policyId: number | null, after?: () => void) => {
    if (!deviceIds) return;
    const action = t(policyId === null ? "devicesGrid.policy.clear" : "devicesGrid.policy.set");
    overrides.mutate(
      { deviceIds, policyId, skipOtherClasses: true },
      {
        onSuccess: (result) => {
          const skipped = result.skippedDeviceIds?.length ?? 0;
          notifications.show({
            color: skipped > 0 ? "yellow" : "teal",
            message: t(policyId === null ? "devicesGrid.policy.cleared" : "devicesGrid.policy.done", {
              count: result.count,
            }),
          });
          if (skipped > 0)
            notifications.show({
              color: "yellow",
              title: t("devicesGrid.policy.skippedTitle"),
              message: t("devicesGrid.policy.skipped", { count: skipped }),
              autoClose: false,
            });
          after?.();
          onDone();
        },
        onError: (error) => {
          if (!after)
            notifications.show({
              color: "red",
              title: t("devicesGrid.bulk.failed", { action }),
              message: describeError(error),
            });
        },
      },
    );
  };

  const run = (action: DeviceActionName, data: Record<string, unknown> = {}, after?: () => void) =>
    execute.mutate(
      { action, data: { ...target, ...data } },
      {
        onSuccess: (result) => {
          notifications.show({
            color: "teal",
            message: t("devicesGrid.bulk.done", {
              action: t(actionLabels[action]),
              count: result.count,
              matched: result.matched,
            }),
          });
          after?.();
          onDone();
        },
        onError: (error) => {
          if (!after) {
            notifications.show({
              color: "red",
              title: t("devicesGrid.bulk.failed", { action: t(actionLabels[action]) }),
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
            {t("devicesGrid.bulk.selected", { count })}
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
                loading={execute.isPending || overrides.isPending}
              >
                {t("common.fields.actions")}
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item onClick={() => setDialog("SET_ROLE")}>{t(actionLabels.SET_ROLE)}</Menu.Item>
              <Menu.Item onClick={() => setDialog("ADD_TAG")}>{t(actionLabels.ADD_TAG)}</Menu.Item>
              <Menu.Item onClick={() => setDialog("REMOVE_TAG")}>{t(actionLabels.REMOVE_TAG)}</Menu.Item>
              {deviceIds ? (
                <>
                  <Menu.Item onClick={() => setDialog("SET_POLICY")}>{t("devicesGrid.policy.set")}</Menu.Item>
                  <Menu.Item
                    onClick={() =>
                      confirmAction({
                        title: t("devicesGrid.policy.clearTitle"),
                        message: t("devicesGrid.policy.clearMessage", { count }),
                        confirmLabel: t("devicesGrid.policy.clear"),
                        onConfirm: () => setPolicy(null),
                      })
                    }
                  >
                    {t("devicesGrid.policy.clear")}
                  </Menu.Item>
                </>
              ) : null}
              {can("jobs.run") ? (
                <>
                  <Menu.Item onClick={() => setDialog("REBOOT")}>{t(actionLabels.REBOOT)}</Menu.Item>
                  <Menu.Item onClick={() => setDialog("SHUTDOWN")}>{t(actionLabels.SHUTDOWN)}</Menu.Item>
                </>
              ) : null}
              <Menu.Item
                onClick={() =>
                  confirmAction({
                    title: t("devicesGrid.bulk.approveTitle"),
                    message: t("devicesGrid.bulk.approveMessage", { count }),
                    confirmLabel: t(actionLabels.APPROVE),
                    onConfirm: () => run("APPROVE"),
                  })
                }
              >
                {t(actionLabels.APPROVE)}
              </Menu.Item>
              <Menu.Divider />
              <Menu.Item
                color="red"
                // The readable red of each scheme for the text (Mantine's red 6 is below 4.5:1 on white).
                c="var(--mantine-color-red-text)"
                onClick={() =>
                  confirmAction({
                    title: t("devicesGrid.bulk.deleteTitle"),
                    message: t(
                      targetsEveryDevice(target)
                        ? "devicesGrid.bulk.deleteEveryMessage"
                        : "devicesGrid.bulk.deleteMessage",
                      { count },
                    ),
                    confirmLabel: t(actionLabels.DELETE),
                    onConfirm: () => run("DELETE"),
                  })
                }
              >
                {t(actionLabels.DELETE)}
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
          <Button size="xs" variant="subtle" color="gray" leftSection={<IconX size={14} />} onClick={onClear}>
            {t("devicesGrid.bulk.clearSelection")}
          </Button>
        </Group>
      </Group>
      <Modal
        opened={dialog !== null}
        onClose={() => setDialog(null)}
        title={dialog ? t(dialogTitles[dialog], { count }) : ""}
      >
        {dialog === "SET_POLICY" ? (
          <PolicyOverrideForm
            selectedIds={deviceIds ?? []}
            pageDevices={pageDevices}
            pending={overrides.isPending}
            error={overrides.isError ? describeError(overrides.error) : null}
            onSubmit={(policyId) => setPolicy(policyId, () => setDialog(null))}
            onCancel={() => setDialog(null)}
          />
        ) : dialog === "REBOOT" || dialog === "SHUTDOWN" ? (
          <PowerActionForm
            action={dialog}
            pending={execute.isPending}
            error={execute.isError ? describeError(execute.error) : null}
            onSubmit={(data) => run(dialog, data, () => setDialog(null))}
            onCancel={() => setDialog(null)}
          />
        ) : dialog === "SET_ROLE" ? (
          <RoleForm
            pending={execute.isPending}
            error={execute.isError ? describeError(execute.error) : null}
            onSubmit={(roleId) => run("SET_ROLE", { roleId }, () => setDialog(null))}
            onCancel={() => setDialog(null)}
          />
        ) : dialog === "ADD_TAG" || dialog === "REMOVE_TAG" ? (
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

/** The role dialog: "" stands for no role. */
const roleForm = z.object({ roleId: z.string() });
type RoleFormValues = z.infer<typeof roleForm>;

function RoleForm(props: {
  pending: boolean;
  error: string | null;
  onSubmit: (roleId: number | null) => void;
  onCancel: () => void;
}) {
  const t = useT();
  const roles = useDeviceRoles();
  const form = useContractForm<RoleFormValues>(roleForm, { initialValues: { roleId: "" } });
  return (
    <form onSubmit={form.onSubmit(({ roleId }) => props.onSubmit(roleId ? Number(roleId) : null))} noValidate>
      <Stack gap="sm">
        <Select
          label={t("devicesGrid.bulk.role")}
          searchable
          allowDeselect={false}
          data={[
            { value: "", label: t("devicesGrid.bulk.noRole") },
            ...(roles.data ?? []).map((r) => ({ value: String(r.id), label: r.name })),
          ]}
          {...form.getInputProps("roleId")}
          onChange={(v) => form.setFieldValue("roleId", v ?? "")}
          error={roles.isError ? describeError(roles.error) : undefined}
        />
        <FormError message={props.error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onCancel}>
            {t("common.actions.cancel")}
          </Button>
          <Button type="submit" loading={props.pending}>
            {t(actionLabels.SET_ROLE)}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** A tag for the add and remove dialogs: the same rules the server applies to a tag. */
const tagForm = z.object({
  tag: z.string().superRefine((tag, ctx) => {
    const problem = validateTag(tag);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  }),
});
type TagFormValues = z.infer<typeof tagForm>;

function TagForm(props: {
  action: "ADD_TAG" | "REMOVE_TAG";
  pending: boolean;
  error: string | null;
  onSubmit: (tag: string) => void;
  onCancel: () => void;
}) {
  const t = useT();
  const form = useContractForm<TagFormValues>(tagForm, { initialValues: { tag: "" } });
  const error = form.errors.tag;
  return (
    <form onSubmit={form.onSubmit(({ tag }) => props.onSubmit(tag))} noValidate>
      <Stack gap="sm">
        <TagInputField
          value={form.getValues().tag}
          autoFocus
          error={typeof error === "string" ? error : null}
          onChange={(value) => {
            form.setFieldValue("tag", value);
            // Once a message shows, it follows the typing (and goes once the tag is valid).
            if (error) form.validateField("tag");
          }}
        />
        <FormError message={props.error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onCancel}>
            {t("common.actions.cancel")}
          </Button>
          <Button type="submit" loading={props.pending}>
            {t(actionLabels[props.action])}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
