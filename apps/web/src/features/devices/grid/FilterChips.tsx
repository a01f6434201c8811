import { Badge, CloseButton, Group } from "@mantine/core";
import { useT, type MessageKey } from "../../../i18n";
import { useDeviceRoles } from "../../device-roles";
import { useCustomFieldDefinitions } from "../../custom-fields";
import { useLocationOptions, useOrganizationOptions } from "../../organizations";
import { useGroups } from "../api";
import { osFamilyText } from "./columns";
import type { ApprovalValue, DeviceFilters } from "./grid-state";
import { cfOpLabels, statusText } from "./FiltersDrawer";
import { healthText } from "../components/DeviceHealth";

/** An approval state inside a chip ("Approval: pending"). */
const approvalChipText: Record<ApprovalValue, MessageKey> = {
  APPROVED: "devicesGrid.chips.approvalValue.APPROVED",
  PENDING: "devicesGrid.chips.approvalValue.PENDING",
  REJECTED: "devicesGrid.chips.approvalValue.REJECTED",
};

interface Chip {
  key: string;
  label: string;
  remove: (f: DeviceFilters) => DeviceFilters;
}

/** The active filters as removable chips. */
export function FilterChips({
  filters,
  onChange,
  lockGroup = false,
}: {
  filters: DeviceFilters;
  onChange: (filters: DeviceFilters) => void;
  lockGroup?: boolean;
}) {
  const t = useT();
  const organizations = useOrganizationOptions();
  const locations = useLocationOptions(filters.organizationIds);
  const roles = useDeviceRoles();
  const groups = useGroups();
  const definitions = useCustomFieldDefinitions();
  const orgName = (id: number) => organizations.data?.find((o) => o.id === id)?.name ?? `#${id}`;
  const fieldName = (id: number) =>
    [...(definitions.data?.globalCustomFields ?? []), ...(definitions.data?.roleCustomFields ?? [])].find(
      (f) => f.id === id,
    )?.label ?? t("devicesGrid.chips.unknownField", { id });

  const chips: Chip[] = [
    ...filters.status.map((s) => ({
      key: `status-${s}`,
      label: t("devicesGrid.chips.status", { value: t(statusText[s]) }),
      remove: (f: DeviceFilters) => ({ ...f, status: f.status.filter((x) => x !== s) }),
    })),
    ...filters.approval.map((a) => ({
      key: `approval-${a}`,
      label: t("devicesGrid.chips.approval", { value: t(approvalChipText[a]) }),
      remove: (f: DeviceFilters) => ({ ...f, approval: f.approval.filter((x) => x !== a) }),
    })),
    ...filters.health.map((h) => ({
      key: `health-${h}`,
      label: t("devicesGrid.chips.health", { value: t(healthText[h]) }),
      remove: (f: DeviceFilters) => ({ ...f, health: f.health.filter((x) => x !== h) }),
    })),
    ...filters.organizationIds.map((id) => ({
      key: `org-${id}`,
      label: t("devicesGrid.chips.organization", { value: orgName(id) }),
      remove: (f: DeviceFilters) => {
        const organizationIds = f.organizationIds.filter((x) => x !== id);
        return { ...f, organizationIds, locationIds: organizationIds.length ? f.locationIds : [] };
      },
    })),
    ...filters.locationIds.map((id) => ({
      key: `loc-${id}`,
      label: t("devicesGrid.chips.location", {
        value: locations.find((l) => l.id === id)?.name ?? `#${id}`,
      }),
      remove: (f: DeviceFilters) => ({ ...f, locationIds: f.locationIds.filter((x) => x !== id) }),
    })),
    ...filters.os.map((os) => ({
      key: `os-${os}`,
      label: t("devicesGrid.chips.os", { value: t(osFamilyText[os]) }),
      remove: (f: DeviceFilters) => ({ ...f, os: f.os.filter((x) => x !== os) }),
    })),
    ...filters.roleIds.map((id) => ({
      key: `role-${id}`,
      label: t("devicesGrid.chips.role", { value: roles.data?.find((r) => r.id === id)?.name ?? `#${id}` }),
      remove: (f: DeviceFilters) => ({ ...f, roleIds: f.roleIds.filter((x) => x !== id) }),
    })),
    ...(filters.groupId !== null && !lockGroup
      ? [
          {
            key: "group",
            label: t("devicesGrid.chips.group", {
              value: groups.data?.find((g) => g.id === filters.groupId)?.name ?? `#${filters.groupId}`,
            }),
            remove: (f: DeviceFilters) => ({ ...f, groupId: null }),
          },
        ]
      : []),
    ...filters.tags.map((tag) => ({
      key: `tag-${tag}`,
      label: t("devicesGrid.chips.tag", { value: tag }),
      remove: (f: DeviceFilters) => ({ ...f, tags: f.tags.filter((x) => x !== tag) }),
    })),
    ...filters.customFields.map((cf, index) => ({
      key: `cf-${index}`,
      label:
        cf.value === undefined
          ? t("devicesGrid.chips.customFieldNoValue", {
              field: fieldName(cf.fieldId),
              condition: t(cfOpLabels[cf.op]),
            })
          : t("devicesGrid.chips.customField", {
              field: fieldName(cf.fieldId),
              condition: t(cfOpLabels[cf.op]),
              value: cf.value,
            }),
      remove: (f: DeviceFilters) => ({ ...f, customFields: f.customFields.filter((_, i) => i !== index) }),
    })),
    ...(filters.includeArchived
      ? [
          {
            key: "archived",
            label: t("devicesGrid.chips.includeArchived"),
            remove: (f: DeviceFilters) => ({ ...f, includeArchived: false }),
          },
        ]
      : []),
  ];

  if (chips.length === 0) return null;
  return (
    <Group gap={6} aria-label={t("devicesGrid.chips.label")}>
      {chips.map((chip) => (
        <Badge
          key={chip.key}
          variant="light"
          tt="none"
          size="lg"
          fw={500}
          rightSection={
            <CloseButton
              size="xs"
              variant="transparent"
              aria-label={t("devicesGrid.chips.remove", { filter: chip.label })}
              onClick={() => onChange(chip.remove(filters))}
            />
          }
        >
          {chip.label}
        </Badge>
      ))}
    </Group>
  );
}
