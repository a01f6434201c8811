import { useState } from "react";
import {
  ActionIcon,
  Button,
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
import { useCustomFieldDefinitions } from "../../custom-fields";
import { osFamilyOptions } from "../../../lib/os-labels";
import { useDeviceRoles } from "../../device-roles";
import { useLocationOptions, useOrganizationOptions } from "../../organizations";
import { useGroups } from "../api";
import type { ApprovalValue, DeviceFilters, DeviceStatusValue, OsFamilyValue } from "./grid-state";

export const cfOpLabels: Record<CustomFieldFilterOp, string> = {
  eq: "is",
  neq: "is not",
  contains: "contains",
  gt: "greater than",
  gte: "at least",
  lt: "less than",
  lte: "at most",
  set: "has a value",
  unset: "has no value",
};

interface FiltersDrawerProps {
  opened: boolean;
  onClose: () => void;
  filters: DeviceFilters;
  onApply: (filters: DeviceFilters) => void;
  /** A group page fixes its group; the filter is not offered there. */
  lockGroup?: boolean;
}

export function FiltersDrawer({ opened, onClose, filters, onApply, lockGroup = false }: FiltersDrawerProps) {
  return (
    <Drawer opened={opened} onClose={onClose} position="right" size={420} title="Filter devices">
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
        label="Status"
        data={[
          { value: "UP", label: "Up" },
          { value: "DOWN", label: "Down" },
        ]}
        value={draft.status}
        onChange={(v) => set("status", v as DeviceStatusValue[])}
      />
      <MultiSelect
        label="Approval"
        data={[
          { value: "APPROVED", label: "Approved" },
          { value: "PENDING", label: "Pending approval" },
          { value: "REJECTED", label: "Rejected" },
        ]}
        value={draft.approval}
        onChange={(v) => set("approval", v as ApprovalValue[])}
      />
      <MultiSelect
        label="Organization"
        searchable
        data={(organizations.data ?? []).map((o) => ({ value: String(o.id), label: o.name }))}
        value={draft.organizationIds.map(String)}
        onChange={(v) =>
          setDraft((c) => ({ ...c, organizationIds: ids(v), locationIds: v.length ? c.locationIds : [] }))
        }
        error={organizations.isError ? "Could not load organizations" : undefined}
      />
      <MultiSelect
        label="Location"
        searchable
        disabled={draft.organizationIds.length === 0}
        placeholder={draft.organizationIds.length === 0 ? "Choose an organization first" : undefined}
        data={locations.map((l) => ({ value: String(l.id), label: `${l.name} (${l.organizationName})` }))}
        value={draft.locationIds.map(String)}
        onChange={(v) => set("locationIds", ids(v))}
      />
      <MultiSelect
        label="OS"
        data={osFamilyOptions}
        value={draft.os}
        onChange={(v) => set("os", v as OsFamilyValue[])}
      />
      <MultiSelect
        label="Role"
        searchable
        data={(roles.data ?? []).map((r) => ({ value: String(r.id), label: r.name }))}
        value={draft.roleIds.map(String)}
        onChange={(v) => set("roleIds", ids(v))}
      />
      {lockGroup ? null : (
        <Select
          label="Group"
          clearable
          searchable
          data={(groups.data ?? []).map((g) => ({ value: String(g.id), label: g.name }))}
          value={draft.groupId === null ? null : String(draft.groupId)}
          onChange={(v) => set("groupId", v ? Number(v) : null)}
          error={groups.isError ? "Error fetching groups" : undefined}
        />
      )}
      <TagsInput
        label="Tags"
        description="Devices with all of these tags"
        value={draft.tags}
        error={tagError}
        onChange={(values) => {
          const bad = values.map(validateTag).find((m) => m !== null) ?? null;
          setTagError(bad);
          if (!bad) set("tags", values);
        }}
      />
      <Stack gap={6}>
        <Text size="sm" fw={500}>
          Custom fields
        </Text>
        {draft.customFields.map((filter, index) => (
          <Group key={index} gap={6} wrap="nowrap" align="flex-start">
            <Select
              aria-label="Custom field"
              w={140}
              searchable
              data={fields.map((f) => ({ value: String(f.id), label: f.label }))}
              value={String(filter.fieldId)}
              onChange={(v) => v && setCf(index, { ...filter, fieldId: Number(v) })}
            />
            <Select
              aria-label="Condition"
              w={120}
              allowDeselect={false}
              data={Object.entries(cfOpLabels).map(([value, label]) => ({ value, label }))}
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
                aria-label="Value"
                style={{ flex: 1 }}
                maxLength={500}
                value={filter.value ?? ""}
                onChange={(e) => setCf(index, { ...filter, value: e.currentTarget.value })}
              />
            )}
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label="Remove condition"
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
          {fields.length === 0 ? "No custom fields defined" : "Add custom field condition"}
        </Button>
      </Stack>
      <Group justify="space-between" mt="md">
        <Button
          variant="default"
          onClick={() =>
            setDraft({
              ...draft,
              status: [],
              approval: [],
              organizationIds: [],
              locationIds: [],
              os: [],
              roleIds: [],
              groupId: lockGroup ? draft.groupId : null,
              tags: [],
              customFields: [],
            })
          }
        >
          Clear filters
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
          Apply filters
        </Button>
      </Group>
    </Stack>
  );
}
