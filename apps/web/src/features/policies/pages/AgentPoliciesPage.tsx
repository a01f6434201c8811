import { useState } from "react";
import { Anchor, Badge, Button, Group, Select, Stack, Table, Text } from "@mantine/core";
import { IconCopy, IconPlus } from "@tabler/icons-react";
import { Link } from "react-router";
import type { DeviceClassCode, PolicyListItem, PolicySummary } from "@steward/contracts";
import { deviceClasses } from "@steward/domain";
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
import { useDeletePolicy, usePolicies } from "../api";
import { CopyPolicyModal, NewPolicyModal } from "../components/PolicyFormModal";
import { deviceClassText } from "../texts";

const classOrder = new Map<string, number>(deviceClasses.map((c, i) => [c, i]));

/** By device class, the Default first, then by name. */
function ordered(items: PolicyListItem[]): PolicyListItem[] {
  return [...items].sort(
    (a, b) =>
      (classOrder.get(a.deviceClass) ?? 0) - (classOrder.get(b.deviceClass) ?? 0) ||
      Number(b.isDefault) - Number(a.isDefault) ||
      a.name.localeCompare(b.name),
  );
}

/** /administration/policies/agent: the agent policies of every device class. */
export function AgentPoliciesPage() {
  const t = useT();
  const can = useCan();
  const canManage = can("policies.manage");
  const [deviceClass, setDeviceClass] = useState<DeviceClassCode | null>(null);
  const policies = usePolicies(deviceClass);
  const remove = useDeletePolicy();
  const [creating, setCreating] = useState(false);
  const [copying, setCopying] = useState<PolicySummary | null>(null);

  const handleDelete = (policy: PolicySummary) =>
    confirmDelete({
      title: t("policies.list.deleteTitle"),
      message: t("policies.list.deleteMessage", { name: policy.name }),
      remove: (done) => remove.mutate(policy.id, done),
      deletedMessage: t("policies.list.deleted", { name: policy.name }),
      errorTitle: t("policies.list.deleteError"),
    });

  return (
    <Stack gap="md">
      <PageHeader
        title={t("policies.routes.agent")}
        description={t("policies.list.description")}
        actions={
          canManage ? (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
              {t("policies.list.newPolicy")}
            </Button>
          ) : null
        }
      />
      <Select
        label={t("policies.list.deviceClass")}
        w={260}
        allowDeselect={false}
        data={[
          { value: "", label: t("policies.list.allClasses") },
          ...deviceClasses.map((value) => ({ value, label: t(deviceClassText[value]) })),
        ]}
        value={deviceClass ?? ""}
        onChange={(value) => setDeviceClass(value ? (value as DeviceClassCode) : null)}
      />
      <QueryView
        query={policies}
        errorTitle={t("policies.list.loadError")}
        loadingLabel={t("policies.list.loading")}
      >
        {(items) =>
          items.length === 0 ? (
            <EmptyState
              title={deviceClass ? t("policies.list.emptyClassTitle") : t("policies.list.emptyTitle")}
              description={t("policies.list.emptyDescription")}
            />
          ) : (
            <TableCard caption={t("policies.list.tableLabel")} minWidth={760}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t("common.fields.name")}</Table.Th>
                  <Table.Th>{t("policies.list.deviceClass")}</Table.Th>
                  <Table.Th>{t("policies.list.parent")}</Table.Th>
                  <Table.Th title={t("policies.list.devicesHelp")} style={{ textAlign: "right" }}>
                    {t("policies.list.devices")}
                  </Table.Th>
                  <Table.Th aria-label={t("common.fields.actions")} />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {ordered(items).map((policy) => (
                  <Table.Tr key={policy.id}>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <Anchor component={Link} to={`/editor/policy/${policy.id}`} size="sm" fw={500}>
                          {policy.name}
                        </Anchor>
                        {policy.isDefault ? (
                          <Badge size="xs" variant="light">
                            {t("policies.badges.default")}
                          </Badge>
                        ) : null}
                        {!policy.enabled ? (
                          <Badge size="xs" variant="light" color="gray">
                            {t("policies.badges.disabled")}
                          </Badge>
                        ) : null}
                      </Group>
                      {policy.description ? (
                        <Text size="xs" c="dimmed" lineClamp={1}>
                          {policy.description}
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td>{t(deviceClassText[policy.deviceClass])}</Table.Td>
                    <Table.Td>
                      {policy.parentId !== null ? (
                        <Anchor component={Link} to={`/editor/policy/${policy.parentId}`} size="sm">
                          {policy.parentName}
                        </Anchor>
                      ) : (
                        <Text size="sm" c="dimmed">
                          {t("policies.list.noParent")}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td style={{ textAlign: "right" }}>{policy.deviceCount}</Table.Td>
                    <Table.Td>
                      <RowActions>
                        <EditIconButton name={policy.name} to={`/editor/policy/${policy.id}`} />
                        {canManage ? (
                          <RowAction
                            tooltip={t("common.actions.copy")}
                            label={t("policies.list.copyNamed", { name: policy.name })}
                            icon={<IconCopy size={16} />}
                            onClick={() => setCopying(policy)}
                          />
                        ) : null}
                        {canManage && !policy.isDefault ? (
                          <DeleteIconButton name={policy.name} onClick={() => handleDelete(policy)} />
                        ) : null}
                      </RowActions>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </TableCard>
          )
        }
      </QueryView>
      <NewPolicyModal opened={creating} onClose={() => setCreating(false)} initialClass={deviceClass} />
      <CopyPolicyModal policy={copying} onClose={() => setCopying(null)} />
    </Stack>
  );
}
