import { useState, type DragEvent } from "react";
import { Badge, Box, Button, Group, Select, Stack, Table, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconArrowDown, IconArrowUp, IconGripVertical, IconPlus } from "@tabler/icons-react";
import type { DeviceClassCode, DynamicPolicyView } from "@steward/contracts";
import { deviceClasses } from "@steward/domain";
import { describeError } from "../../../api";
import { useT } from "../../../i18n";
import {
  DeleteIconButton,
  EditIconButton,
  EmptyState,
  PageHeader,
  QueryView,
  RowAction,
  RowActions,
  TableCard,
  confirmDelete,
} from "../../../ui";
import { useCan } from "../../auth";
import { useCriteriaText } from "../../devices";
import { useDeviceClassLabel } from "../../policies";
import { useDeleteDynamicPolicy, useDynamicPolicies, useReorderDynamicPolicies } from "../api";
import { DynamicPolicyFormModal } from "../components/DynamicPolicyFormModal";
import { sectionTitle } from "../texts";

/** The list with one policy moved from one place to another. */
export function moved(ids: number[], from: number, to: number): number[] {
  const next = [...ids];
  const [id] = next.splice(from, 1);
  next.splice(to, 0, id!);
  return next;
}

/** /administration/dynamicPolicies: each device class's dynamic policies in their priority order. */
export function DynamicPoliciesPage() {
  const t = useT();
  const criteriaText = useCriteriaText();
  const deviceClassLabel = useDeviceClassLabel();
  const can = useCan();
  const canManage = can("policies.manage");
  const [deviceClass, setDeviceClass] = useState<DeviceClassCode>("WINDOWS_WORKSTATION");
  const policies = useDynamicPolicies(deviceClass);
  const reorder = useReorderDynamicPolicies();
  const remove = useDeleteDynamicPolicy();
  const [editing, setEditing] = useState<DynamicPolicyView | "new" | null>(null);
  const [dragged, setDragged] = useState<number | null>(null);

  const saveOrder = (ids: number[]) =>
    reorder.mutate(
      { deviceClass, ids },
      {
        onSuccess: () => notifications.show({ color: "teal", message: t("dynamicPolicies.list.orderSaved") }),
        onError: (error) =>
          notifications.show({
            color: "red",
            title: t("dynamicPolicies.list.orderError"),
            message: describeError(error),
          }),
      },
    );

  const handleDelete = (policy: DynamicPolicyView) =>
    confirmDelete({
      title: t("dynamicPolicies.list.deleteTitle"),
      message: t("dynamicPolicies.list.deleteMessage", { name: policy.name }),
      remove: (done) => remove.mutate(policy.id, done),
      deletedMessage: t("dynamicPolicies.list.deleted", { name: policy.name }),
      errorTitle: t("dynamicPolicies.list.deleteError"),
    });

  return (
    <Stack gap="md">
      <PageHeader
        title={t("dynamicPolicies.routes.title")}
        description={t("dynamicPolicies.list.description")}
        actions={
          canManage ? (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing("new")}>
              {t("dynamicPolicies.list.new")}
            </Button>
          ) : null
        }
      />
      <Select
        label={t("dynamicPolicies.list.deviceClass")}
        w={260}
        allowDeselect={false}
        data={deviceClasses.map((value) => ({ value, label: deviceClassLabel(value) }))}
        value={deviceClass}
        onChange={(value) => value && setDeviceClass(value as DeviceClassCode)}
      />
      <QueryView
        query={policies}
        errorTitle={t("dynamicPolicies.list.loadError")}
        loadingLabel={t("dynamicPolicies.list.loading")}
      >
        {(items) => {
          if (items.length === 0)
            return (
              <EmptyState
                title={t("dynamicPolicies.list.emptyTitle", { deviceClass: deviceClassLabel(deviceClass) })}
                description={t("dynamicPolicies.list.emptyDescription")}
              />
            );
          const ids = items.map((p) => p.id);
          const dropOn = (index: number) => (event: DragEvent) => {
            event.preventDefault();
            const from = dragged === null ? -1 : ids.indexOf(dragged);
            setDragged(null);
            if (from < 0 || from === index) return;
            saveOrder(moved(ids, from, index));
          };
          return (
            <>
              {canManage && items.length > 1 ? (
                <Text size="sm" c="dimmed">
                  {t("dynamicPolicies.list.orderHint")}
                </Text>
              ) : null}
              <TableCard caption={t("dynamicPolicies.list.tableLabel")} minWidth={700}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w={70}>{t("dynamicPolicies.list.priority")}</Table.Th>
                    <Table.Th>{t("common.fields.name")}</Table.Th>
                    <Table.Th>{t("dynamicPolicies.list.criteria")}</Table.Th>
                    <Table.Th>{t("dynamicPolicies.list.sections")}</Table.Th>
                    <Table.Th>{t("dynamicPolicies.list.devices")}</Table.Th>
                    <Table.Th aria-label={t("common.fields.actions")} />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {items.map((policy, index) => {
                    const configured = Object.entries(policy.sections).filter(([, s]) => s.configure);
                    return (
                      <Table.Tr
                        key={policy.id}
                        data-testid={`dynamic-policy-row-${policy.id}`}
                        draggable={canManage}
                        onDragStart={(event) => {
                          event.dataTransfer.effectAllowed = "move";
                          setDragged(policy.id);
                        }}
                        onDragEnd={() => setDragged(null)}
                        onDragOver={(event) => {
                          if (dragged !== null) event.preventDefault();
                        }}
                        onDrop={dropOn(index)}
                        style={{
                          cursor: canManage ? "grab" : undefined,
                          opacity: dragged === policy.id ? 0.5 : undefined,
                        }}
                      >
                        <Table.Td>
                          <Group gap={4} wrap="nowrap">
                            {canManage ? <IconGripVertical size={14} aria-hidden /> : null}
                            <Text size="sm">{policy.priority}</Text>
                          </Group>
                        </Table.Td>
                        <Table.Td>
                          <Group gap="xs" wrap="nowrap">
                            <Text size="sm" fw={500}>
                              {policy.name}
                            </Text>
                            {!policy.enabled ? (
                              <Badge size="xs" variant="light" color="gray">
                                {t("dynamicPolicies.list.disabled")}
                              </Badge>
                            ) : null}
                          </Group>
                          {policy.description ? (
                            <Text size="xs" c="dimmed" lineClamp={1}>
                              {policy.description}
                            </Text>
                          ) : null}
                        </Table.Td>
                        <Table.Td>
                          <Text size="sm" lineClamp={2}>
                            {criteriaText(policy.criteria)}
                          </Text>
                        </Table.Td>
                        <Table.Td>
                          {configured.length === 0 ? (
                            <Text size="sm" c="dimmed">
                              {t("dynamicPolicies.list.noSections")}
                            </Text>
                          ) : (
                            <Text size="sm">
                              {configured.map(([key]) => t(sectionTitle(key))).join(", ")}
                            </Text>
                          )}
                        </Table.Td>
                        <Table.Td>
                          {t("dynamicPolicies.list.deviceCount", { count: policy.deviceCount })}
                        </Table.Td>
                        <Table.Td>
                          <RowActions>
                            {canManage ? (
                              <>
                                {index > 0 ? (
                                  <RowAction
                                    tooltip={t("dynamicPolicies.list.moveUp")}
                                    label={t("dynamicPolicies.list.moveUpNamed", { name: policy.name })}
                                    icon={<IconArrowUp size={16} />}
                                    onClick={() => saveOrder(moved(ids, index, index - 1))}
                                  />
                                ) : (
                                  <Box w={28} />
                                )}
                                {index < items.length - 1 ? (
                                  <RowAction
                                    tooltip={t("dynamicPolicies.list.moveDown")}
                                    label={t("dynamicPolicies.list.moveDownNamed", { name: policy.name })}
                                    icon={<IconArrowDown size={16} />}
                                    onClick={() => saveOrder(moved(ids, index, index + 1))}
                                  />
                                ) : (
                                  <Box w={28} />
                                )}
                              </>
                            ) : null}
                            <EditIconButton name={policy.name} onClick={() => setEditing(policy)} />
                            {canManage ? (
                              <DeleteIconButton name={policy.name} onClick={() => handleDelete(policy)} />
                            ) : null}
                          </RowActions>
                        </Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </TableCard>
            </>
          );
        }}
      </QueryView>
      <DynamicPolicyFormModal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        policy={editing === "new" ? null : editing}
        deviceClass={deviceClass}
        readOnly={!canManage}
      />
    </Stack>
  );
}
