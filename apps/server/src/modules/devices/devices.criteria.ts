import { and, asc, desc, inArray, or, sql, type SQL } from "drizzle-orm";
import type { CustomFieldFilter, DeviceCriteria, DeviceSort, DeviceSortKey } from "@steward/contracts";
import {
  builtInSearches,
  escapeLikePattern,
  LOW_DISK_THRESHOLD_PERCENT,
  type FixedCondition,
  type FixedCriteria,
} from "@steward/domain";
import { deviceRoles } from "../device-roles/device-roles.tables.js";
import { locations, organizations } from "../organizations/organizations.tables.js";
import { devices } from "./devices.tables.js";

/**
 * Criteria with any saved search (group) already loaded: its criteria and free text narrow the
 * result further. Everything here is parameterized; agent-reported strings never become SQL.
 */
export interface ResolvedCriteria extends PlainCriteria {
  groups?: { criteria: PlainCriteria; search: string }[];
  /** Set when a saved search's stored criteria no longer parse: match no device, never all. */
  matchNothing?: boolean;
}

/**
 * A custom-field filter with the locations and organizations whose own value matches, looked up
 * beforehand (a small query): the device query then reaches those places' devices through the
 * devices' location and organization indexes, with exact values the planner can estimate.
 */
export interface ResolvedCustomField extends CustomFieldFilter {
  locationIds: number[];
  organizationIds: number[];
}

export type PlainCriteria = Omit<DeviceCriteria, "groupId" | "customFields"> & {
  customFields?: ResolvedCustomField[];
};

const conditionSql: Record<FixedCondition, () => SQL> = {
  lowDisk: () => sql`${devices.minFreeDiskPercent} < ${LOW_DISK_THRESHOLD_PERCENT}`,
  needsReboot: () => sql`${devices.pendingReboot}`,
  pendingApproval: () => sql`${devices.approvalStatus} = 'PENDING'`,
  noInventory: () => sql`${devices.inventoryUpdatedAt} is null`,
  neverConnected: () => sql`${devices.lastContactAt} is null`,
  // Nothing matches these yet: patching and network monitoring arrive with later issues, and
  // until then FAILED_PATCHES and NETWORK_DEVICES are honest empty searches.
  failedPatches: () => sql`false`,
  networkDevice: () => sql`false`,
};

/** A built-in search's fixed filter (packages/domain/src/device-search.ts) as SQL. */
export function fixedConditions(c: FixedCriteria): SQL[] {
  const out: SQL[] = [];
  if (c.status?.length) out.push(inArray(devices.status, c.status));
  if (c.approval?.length) out.push(inArray(devices.approvalStatus, c.approval));
  if (c.lowDisk) out.push(conditionSql.lowDisk());
  if (c.needsReboot) out.push(conditionSql.needsReboot());
  if (c.hasSoftwareInventory) out.push(sql`${devices.softwareCount} > 0`);
  if (c.failedPatches) out.push(conditionSql.failedPatches());
  if (c.networkDevice) out.push(conditionSql.networkDevice());
  if (c.anyOf?.length) out.push(or(...c.anyOf.map((name) => conditionSql[name]()))!);
  return out;
}

/**
 * The free-text filter: host name, display name, addresses and OS (one generated, lower-cased
 * column). A plain substring test: no pattern characters to escape, and cheaper than LIKE.
 */
export function searchCondition(text: string): SQL {
  return sql`strpos(${devices.searchText}, ${text.toLowerCase()}) > 0`;
}

export function valuePredicate(f: CustomFieldFilter): SQL {
  const value = f.value ?? "";
  const num = value.trim() === "" ? NaN : Number(value);
  const compare = (op: string) =>
    Number.isFinite(num) ? sql`v.value_num ${sql.raw(op)} ${num}` : sql`v.value_text ${sql.raw(op)} ${value}`;
  switch (f.op) {
    case "eq":
    case "neq":
      return sql`lower(v.value_text) = lower(${value})`;
    case "contains":
      return sql`lower(v.value_text) like ${`%${escapeLikePattern(value.toLowerCase())}%`}`;
    case "gt":
      return compare(">");
    case "gte":
      return compare(">=");
    case "lt":
      return compare("<");
    case "lte":
      return compare("<=");
    case "set":
    case "unset":
      return sql`true`;
  }
}

/** The locations and organizations with their own matching value of a field (alias v). */
export function matchingPlacesSql(f: CustomFieldFilter): SQL {
  return sql`select v.location_id, v.organization_id from custom_field_values v
    where v.field_id = ${f.fieldId} and v.device_id is null and ${valuePredicate(f)}`;
}

const intArray = (ids: number[]) => sql`${`{${ids.map((i) => Math.trunc(i)).join(",")}}`}::int[]`;

/**
 * Devices whose effective value of a field (device, else location, else organization) matches:
 * the device-level matches, plus devices without their own value in the matching locations,
 * plus devices without a device or location value in the matching organizations. The "without
 * their own value" checks are one index probe per device of those places (scalar subqueries,
 * which the planner keeps as probes instead of hashing every value of the field).
 */
function effectiveMatches(f: ResolvedCustomField): SQL {
  const fieldId = f.fieldId;
  const noDeviceValue = sql`(select 1 from custom_field_values x where x.device_id = d2.id and x.field_id = ${fieldId}) is null`;
  const noLocationValue = sql`(select 1 from custom_field_values x where x.location_id = d2.location_id and x.field_id = ${fieldId}) is null`;
  return sql`(
    select v.device_id from custom_field_values v
      where v.field_id = ${fieldId} and v.device_id is not null and ${valuePredicate(f)}
    union all
    select d2.id from devices d2
      where d2.location_id = any(${intArray(f.locationIds)}) and ${noDeviceValue}
    union all
    select d2.id from devices d2
      where d2.organization_id = any(${intArray(f.organizationIds)}) and ${noDeviceValue} and ${noLocationValue}
  )`;
}

export function customFieldCondition(f: ResolvedCustomField): SQL {
  const negated = f.op === "neq" || f.op === "unset";
  return sql`${devices.id} ${sql.raw(negated ? "not in" : "in")} ${effectiveMatches(f)}`;
}

function plainConditions(c: PlainCriteria): SQL[] {
  const out: SQL[] = [];
  if (c.status?.length) out.push(inArray(devices.status, c.status));
  if (c.approval?.length) out.push(inArray(devices.approvalStatus, c.approval));
  if (c.organizationIds?.length) out.push(inArray(devices.organizationId, c.organizationIds));
  if (c.locationIds?.length) out.push(inArray(devices.locationId, c.locationIds));
  if (c.osFamilies?.length) out.push(inArray(devices.osFamily, c.osFamilies));
  if (c.roleIds?.length) out.push(inArray(devices.roleId, c.roleIds));
  if (c.tags?.length) {
    out.push(
      sql`${devices.tags} @> array[${sql.join(
        c.tags.map((t) => sql`${t}`),
        sql`, `,
      )}]::text[]`,
    );
  }
  if (c.search) out.push(searchCondition(c.search));
  if (c.builtIn) out.push(...fixedConditions(builtInSearches[c.builtIn].criteria));
  for (const f of c.customFields ?? []) out.push(customFieldCondition(f));
  return out;
}

/** The WHERE clause for criteria over the devices table (undefined: every device). */
export function criteriaWhere(c: ResolvedCriteria): SQL | undefined {
  if (c.matchNothing) return sql`false`;
  const conditions = plainConditions(c);
  for (const g of c.groups ?? []) {
    conditions.push(...plainConditions(g.criteria));
    if (g.search) conditions.push(searchCondition(g.search));
  }
  return conditions.length ? and(...conditions) : undefined;
}

const nullable = new Set<DeviceSortKey>(["lastContact", "freeDisk", "publicIp", "role"]);

const sortExpressions: Record<DeviceSortKey, () => SQL[]> = {
  name: () => [sql`${devices.sortName}`],
  status: () => [sql`${devices.status}`],
  organization: () => [sql`lower(${organizations.name})`],
  location: () => [sql`lower(${locations.name})`],
  os: () => [sql`lower(${devices.osName})`, sql`${devices.osVersion}`],
  role: () => [sql`lower(${deviceRoles.name})`],
  lastContact: () => [sql`${devices.lastContactAt}`],
  enrolledAt: () => [sql`${devices.enrolledAt}`],
  approval: () => [sql`${devices.approvalStatus}`],
  agentVersion: () => [sql`${devices.agentVersion}`],
  freeDisk: () => [sql`${devices.minFreeDiskPercent}`],
  publicIp: () => [sql`${devices.publicIp}`],
};

/** ORDER BY for a sort key; ties by name then id, so paging is stable. */
export function orderBy(sort: DeviceSort): SQL[] {
  const descending = sort.startsWith("-");
  const key = (descending ? sort.slice(1) : sort) as DeviceSortKey;
  const dir = (e: SQL) =>
    nullable.has(key)
      ? sql`${e} ${sql.raw(descending ? "desc" : "asc")} nulls last`
      : descending
        ? desc(e)
        : asc(e);
  const tie = key === "name" ? [] : [descending ? desc(devices.sortName) : asc(devices.sortName)];
  return [...sortExpressions[key]().map(dir), ...tie, descending ? desc(devices.id) : asc(devices.id)];
}
