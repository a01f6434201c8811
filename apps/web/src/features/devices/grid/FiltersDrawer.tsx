import { useState } from "react";
import {
  ActionIcon,
  Button,
  Checkbox,
  Drawer,
  Group,
  MultiSelect,
  Select,
  Stack,
  TagsInput,
  Text,
  TextInput,
} from "@mantine/core";
import { IconPlus, IconTrash } from "@tabler/icons-react";
import type { CustomFieldFilter, CustomFieldFilterOp } from "@steward/contracts";
import { validateTag } from "@steward/domain";
import { localizeText, useT, type MessageKey } from "../../../i18n";
import { useCustomFieldDefinitions } from "../../custom-fields";
import { useDeviceRoles } from "../../device-roles";
import { useLocationOptions, useOrganizationOptions } from "../../organizations";
import { useGroups } from "../api";
import { osFamilyText } from "./columns";
import type {
  ApprovalValue,
  DeviceFilters,
  DeviceStatusValue,
  HealthValue,
  OsFamilyValue,
} from "./grid-state";
import { HEALTH_VALUES, healthText } from "../components/DeviceHealth";

/** How a custom field condition reads ("Disk size at least 500"). */
export const cfOpLabels: Record<CustomFieldFilterOp, MessageKey> = {
  eq: "devicesGrid.conditions.eq",
  neq: "devicesGrid.conditions.neq",
  contains: "devicesGrid.conditions.contains",
  gt: "devicesGrid.conditions.gt",
  gte: "devicesGrid.conditions.gte",
  lt: "devicesGrid.conditions.lt",
  lte: "devicesGrid.conditions.lte",
  set: "devicesGrid.conditions.set",
  unset: "devicesGrid.conditions.unset",
};

export const statusText: Record<DeviceStatusValue, MessageKey> = {
  UP: "devicesGrid.status.UP",
  DOWN: "devicesGrid.status.DOWN",
};

export const approvalText: Record<ApprovalValue, MessageKey> = {
  APPROVED: "devicesGrid.approval.APPROVED",
  PENDING: "devicesGrid.approval.PENDING",
  REJECTED: "devicesGrid.approval.REJECTED",
};

const STATUSES: DeviceStatusValue[] = ["UP", "DOWN"];
const APPROVALS: ApprovalValue[] = ["APPROVED", "PENDING", "REJECTED"];
const OS_FAMILIES: OsFamilyValue[] = ["WINDOWS", "MAC", "LINUX", "OTHER"];

interface FiltersDrawerProps {
  opened: boolean;
  onClose: () => void;
  filters: DeviceFilters;
  onApply: (filters: DeviceFilters) => void;
  /** A group page fixes its group; the filter is not offered there. */
  lockGroup?: boolean;
}

export function FiltersDrawer({ opened, onClose, filters, onApply, lockGroup = false }: FiltersDrawerProps) {
  const t = useT();
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size={420}
      title={t("devicesGrid.filters.title")}
    >
      {opened ? (
        <FiltersForm initial={filters} onApply={onApply} onClose={onClose} lockGroup={lockGroup} />
      ) : null}
    </Drawer>
  );
}

function FiltersForm({
  initial,
  onApply,
  onClose,
  lockGroup,
}: {
  initial: DeviceFilters;
  onApply: (filters: DeviceFilters) => void;
  onClose: () => void;
  lockGroup: boolean;
}) {
  const t = useT();
  const [draft, setDraft] = useState<DeviceFilters>(initial);
  const [tagError, setTagError] = useState<string | null>(null);
  const organizations = useOrganizationOptions();
  const locations = useLocationOptions(draft.organizationIds);
  const roles = useDeviceRoles();
  const groups = useGroups();
  const definitions = useCustomFieldDefinitions();
  const fields = definitions.data
    ? [...definitions.data.globalCustomFields, ...definitions.data.roleCustomFields]
    : [];

  const set = <K extends keyof DeviceFilters>(key: K, value: DeviceFilters[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));
  const ids = (values: string[]) => values.map(Number);
  const setCf = (index: number, next: CustomFieldFilter | null) =>
    set(
      "customFields",
      next === null
        ? draft.customFields.filter((_, i) => i !== index)
        : draft.customFields.map((f, i) => (i === index ? next : f)),
    );

  return (
    <Stack gap="sm">
      <MultiSelect
        label={t("devicesGrid.filters.status")}
        data={STATUSES.map((value) => ({ value, label: t(statusText[value]) }))}
        value={draft.status}
        onChange={(v) => set("status", v as DeviceStatusValue[])}
      />
      <MultiSelect
        label={t("devicesGrid.filters.approval")}
        data={APPROVALS.map((value) => ({ value, label: t(approvalText[value]) }))}
        value={draft.approval}
        onChange={(v) => set("approval", v as ApprovalValue[])}
      />
      <MultiSelect
        label={t("devicesGrid.filters.health")}
        data={HEALTH_VALUES.map((value) => ({ value, label: t(healthText[value]) }))}
        value={draft.health}
        onChange={(v) => set("health", v as HealthValue[])}
      />
      <MultiSelect
        label={t("devicesGrid.filters.organization")}
        searchable
        data={(organizations.data ?? []).map((o) => ({ value: String(o.id), label: o.name }))}
        value={draft.organizationIds.map(String)}
        onChange={(v) =>
          setDraft((c) => ({ ...c, organizationIds: ids(v), locationIds: v.length ? c.locationIds : [] }))
        }
        error={organizations.isError ? t("devicesGrid.filters.organizationsError") : undefined}
      />
      <MultiSelect
        label={t("devicesGrid.filters.location")}
        searchable
        disabled={draft.organizationIds.length === 0}
        placeholder={
          draft.organizationIds.length === 0 ? t("devicesGrid.filters.locationPlaceholder") : undefined
        }
        data={locations.map((l) => ({
          value: String(l.id),
          label: t("devicesGrid.filters.locationOption", {
            location: l.name,
            organization: l.organizationName,
          }),
        }))}
        value={draft.locationIds.map(String)}
        onChange={(v) => set("locationIds", ids(v))}
      />
      <MultiSelect
        label={t("devicesGrid.filters.os")}
        data={OS_FAMILIES.map((value) => ({ value, label: t(osFamilyText[value]) }))}
        value={draft.os}
        onChange={(v) => set("os", v as OsFamilyValue[])}
      />
      <MultiSelect
        label={t("devicesGrid.filters.role")}
        searchable
        data={(roles.data ?? []).map((r) => ({ value: String(r.id), label: r.name }))}
        value={draft.roleIds.map(String)}
        onChange={(v) => set("roleIds", ids(v))}
      />
      {lockGroup ? null : (
        <Select
          label={t("devicesGrid.filters.group")}
          clearable
          searchable
          data={(groups.data ?? []).map((g) => ({ value: String(g.id), label: g.name }))}
          value={draft.groupId === null ? null : String(draft.groupId)}
          onChange={(v) => set("groupId", v ? Number(v) : null)}
          error={groups.isError ? t("devicesGrid.filters.groupsError") : undefined}
        />
      )}
      <TagsInput
        label={t("devicesGrid.filters.tags")}
        description={t("devicesGrid.filters.tagsDescription")}
        value={draft.tags}
        error={tagError}
        onChange={(values) => {
          const bad = values.map(validateTag).find((m) => m !== null) ?? null;
          setTagError(bad === null ? null : localizeText(bad));
          if (!bad) set("tags", values);
        }}
      />
      <Stack gap={6}>
        <Text size="sm" fw={500}>
          {t("devicesGrid.filters.customFields")}
        </Text>
        {draft.customFields.map((filter, index) => (
          <Group key={index} gap={6} wrap="nowrap" align="flex-start">
            <Select
              aria-label={t("devicesGrid.filters.customField")}
              w={140}
              searchable
              data={fields.map((f) => ({ value: String(f.id), label: f.label }))}
              value={String(filter.fieldId)}
              onChange={(v) => v && setCf(index, { ...filter, fieldId: Number(v) })}
            />
            <Select
              aria-label={t("devicesGrid.filters.condition")}
              w={120}
              allowDeselect={false}
              data={Object.entries(cfOpLabels).map(([value, label]) => ({ value, label: t(label) }))}
              value={filter.op}
              onChange={(v) => {
                const op = (v ?? "eq") as CustomFieldFilterOp;
                setCf(
                  index,
                  op === "set" || op === "unset" ? { fieldId: filter.fieldId, op } : { ...filter, op },
                );
              }}
            />
            {filter.op === "set" || filter.op === "unset" ? (
              <div style={{ flex: 1 }} />
            ) : (
              <TextInput
                aria-label={t("devicesGrid.filters.value")}
                style={{ flex: 1 }}
                maxLength={500}
                value={filter.value ?? ""}
                onChange={(e) => setCf(index, { ...filter, value: e.currentTarget.value })}
              />
            )}
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={t("devicesGrid.filters.removeCondition")}
              onClick={() => setCf(index, null)}
              mt={4}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        ))}
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconPlus size={14} />}
          disabled={fields.length === 0 || draft.customFields.length >= 20}
          onClick={() =>
            set("customFields", [...draft.customFields, { fieldId: fields[0]!.id, op: "eq", value: "" }])
          }
          style={{ alignSelf: "flex-start" }}
        >
          {fields.length === 0
            ? t("devicesGrid.filters.noCustomFields")
            : t("devicesGrid.filters.addCondition")}
        </Button>
      </Stack>
      <Checkbox
        label={t("devicesGrid.filters.includeArchived")}
        description={t("devicesGrid.filters.includeArchivedDescription")}
        checked={draft.includeArchived}
        onChange={(e) => set("includeArchived", e.currentTarget.checked)}
      />
      <Group justify="space-between" mt="md">
        <Button
          variant="default"
          onClick={() =>
            setDraft({
              ...draft,
              status: [],
              approval: [],
              health: [],
              organizationIds: [],
              locationIds: [],
              os: [],
              roleIds: [],
              groupId: lockGroup ? draft.groupId : null,
              tags: [],
              customFields: [],
              includeArchived: false,
            })
          }
        >
          {t("devicesGrid.filters.clear")}
        </Button>
        <Button
          onClick={() => {
            onApply({
              ...draft,
              customFields: draft.customFields.filter(
                (f) => f.op === "set" || f.op === "unset" || (f.value ?? "") !== "",
              ),
            });
            onClose();
          }}
        >
          {t("devicesGrid.filters.apply")}
        </Button>
      </Group>
    </Stack>
  );
}
