import { useCallback } from "react";
import { Text } from "@mantine/core";
import type { DeviceCriteria } from "@steward/contracts";
import type { BuiltInSearchName } from "@steward/domain";
import { useT, type MessageKey, type Translate } from "../../../i18n";
import { osFamilyText } from "../../../lib/os-labels";
import { healthText } from "./DeviceHealth";

/** The built-in searches' names, as the device grid offers them and criteria summaries read them. */
export const builtInText: Record<BuiltInSearchName, MessageKey> = {
  ALL: "devicesGrid.builtIn.ALL",
  UP: "devicesGrid.builtIn.UP",
  DOWN: "devicesGrid.builtIn.DOWN",
  WARNING: "devicesGrid.builtIn.WARNING",
  SOFTWARE_INVENTORY: "devicesGrid.builtIn.SOFTWARE_INVENTORY",
  LOW_DISK_SPACE: "devicesGrid.builtIn.LOW_DISK_SPACE",
  FAILED_PATCHES: "devicesGrid.builtIn.FAILED_PATCHES",
  NETWORK_DEVICES: "devicesGrid.builtIn.NETWORK_DEVICES",
  NEEDS_REBOOT: "devicesGrid.builtIn.NEEDS_REBOOT",
  INSTALL_ISSUES: "devicesGrid.builtIn.INSTALL_ISSUES",
  UNHEALTHY: "devicesGrid.builtIn.UNHEALTHY",
  NEEDS_ATTENTION: "devicesGrid.builtIn.NEEDS_ATTENTION",
  OUTDATED_AGENTS: "devicesGrid.builtIn.OUTDATED_AGENTS",
};

const statusText: Record<NonNullable<DeviceCriteria["status"]>[number], MessageKey> = {
  UP: "devices.criteria.statusValue.UP",
  DOWN: "devices.criteria.statusValue.DOWN",
};

const approvalText: Record<NonNullable<DeviceCriteria["approval"]>[number], MessageKey> = {
  APPROVED: "devices.criteria.approvalValue.APPROVED",
  PENDING: "devices.criteria.approvalValue.PENDING",
  REJECTED: "devices.criteria.approvalValue.REJECTED",
};

/** A one-line reading of a saved search's criteria, in the reader's language. */
export function criteriaText(criteria: DeviceCriteria, t: Translate): string {
  // Alternatives read "a or b" ("a oder b"), as the reader's language joins them.
  const anyOf = (values: string[]) => new Intl.ListFormat(t.locale, { type: "disjunction" }).format(values);
  const parts: string[] = [];
  if (criteria.builtIn) parts.push(t(builtInText[criteria.builtIn]));
  if (criteria.search) parts.push(t("devices.criteria.search", { text: criteria.search }));
  if (criteria.status?.length)
    parts.push(t("devices.criteria.status", { values: anyOf(criteria.status.map((s) => t(statusText[s]))) }));
  if (criteria.approval?.length)
    parts.push(
      t("devices.criteria.approval", { values: anyOf(criteria.approval.map((a) => t(approvalText[a]))) }),
    );
  if (criteria.health?.length)
    parts.push(t("devices.criteria.health", { values: anyOf(criteria.health.map((h) => t(healthText[h]))) }));
  if (criteria.organizationIds?.length)
    parts.push(t("devices.criteria.organizations", { count: criteria.organizationIds.length }));
  if (criteria.locationIds?.length)
    parts.push(t("devices.criteria.locations", { count: criteria.locationIds.length }));
  if (criteria.osFamilies?.length) parts.push(anyOf(criteria.osFamilies.map((o) => t(osFamilyText[o]))));
  if (criteria.roleIds?.length) parts.push(t("devices.criteria.roles", { count: criteria.roleIds.length }));
  if (criteria.tags?.length) parts.push(t("devices.criteria.tags", { tags: criteria.tags.join(", ") }));
  if (criteria.customFields?.length)
    parts.push(t("devices.criteria.customFields", { count: criteria.customFields.length }));
  if (criteria.includeArchived) parts.push(t("devices.criteria.includeArchived"));
  return parts.length ? parts.join(" · ") : t("devices.criteria.all");
}

/** The criteria in words, in the reader's language (other features show a search's criteria). */
export function useCriteriaText(): (criteria: DeviceCriteria) => string {
  const t = useT();
  return useCallback((criteria: DeviceCriteria) => criteriaText(criteria, t), [t]);
}

export function CriteriaSummary({ criteria }: { criteria: DeviceCriteria }) {
  const t = useT();
  return (
    <Text size="sm" c="dimmed" lineClamp={1}>
      {criteriaText(criteria, t)}
    </Text>
  );
}
