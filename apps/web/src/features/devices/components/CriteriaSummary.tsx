import { Text } from "@mantine/core";
import type { DeviceCriteria } from "@steward/contracts";
import { builtInSearches } from "@steward/domain";
import { osFamilyLabels } from "../../../lib/os-labels";

/** A one-line reading of a saved search's criteria. */
export function criteriaText(criteria: DeviceCriteria): string {
  const parts: string[] = [];
  if (criteria.builtIn) parts.push(builtInSearches[criteria.builtIn].label);
  if (criteria.search) parts.push(`"${criteria.search}"`);
  if (criteria.status?.length)
    parts.push(`status ${criteria.status.map((s) => (s === "UP" ? "up" : "down")).join(" or ")}`);
  if (criteria.approval?.length)
    parts.push(`approval ${criteria.approval.map((a) => a.toLowerCase()).join(" or ")}`);
  if (criteria.organizationIds?.length) parts.push(`${criteria.organizationIds.length} organization(s)`);
  if (criteria.locationIds?.length) parts.push(`${criteria.locationIds.length} location(s)`);
  if (criteria.osFamilies?.length) parts.push(criteria.osFamilies.map((o) => osFamilyLabels[o]).join(" or "));
  if (criteria.roleIds?.length) parts.push(`${criteria.roleIds.length} role(s)`);
  if (criteria.tags?.length) parts.push(`tags ${criteria.tags.join(", ")}`);
  if (criteria.customFields?.length) parts.push(`${criteria.customFields.length} custom field condition(s)`);
  return parts.length ? parts.join(" · ") : "All devices";
}

export function CriteriaSummary({ criteria }: { criteria: DeviceCriteria }) {
  return (
    <Text size="sm" c="dimmed" lineClamp={1}>
      {criteriaText(criteria)}
    </Text>
  );
}
