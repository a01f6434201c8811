import { and, asc, desc, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import type { CustomFieldFilter, DeviceCriteria, DeviceSort, DeviceSortKey } from "@steward/contracts";
import {
  builtInSearches,
  escapeLikePattern,
  LOW_DISK_THRESHOLD_PERCENT,
  type FixedCondition,
  type FixedCriteria,
} from "@steward/domain";
import { outdatedAgentCondition } from "../agent-updates/index.js";
import { deviceRoles } from "../device-roles/device-roles.tables.js";
import { locations, organizations } from "../organizations/organizations.tables.js";
import { deviceFieldValues } from "./device-field-values.tables.js";
import { devices, healthRank } from "./devices.tables.js";

/**
 * Criteria with any saved search (group) already loaded: its criteria and free text narrow the
 * result further. Everything here is parameterized; agent-reported strings never become SQL.
 */
export interface ResolvedCriteria extends PlainCriteria {
  groups?: { criteria: PlainCriteria; search: string }[];
  /** Set when a saved search's stored criteria no longer parse: match no device, never all. */
  matchNothing?: boolean;
}

export type PlainCriteria = Omit<DeviceCriteria, "groupId">;

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
  if (c.health?.length) out.push(inArray(devices.healthStatus, c.health));
  if (c.lowDisk) out.push(conditionSql.lowDisk());
  if (c.needsReboot) out.push(conditionSql.needsReboot());
  if (c.hasSoftwareInventory) out.push(sql`${devices.softwareCount} > 0`);
  if (c.failedPatches) out.push(conditionSql.failedPatches());
  if (c.networkDevice) out.push(conditionSql.networkDevice());
  if (c.anyOf?.length) out.push(or(...c.anyOf.map((name) => conditionSql[name]()))!);
  if (c.outdatedAgent) out.push(outdatedAgentCondition());
  return out;
}

/** How the free-text filter tests for a substring (see searchCondition). */
export type SubstringTest = "like" | "strpos";

/**
 * The free-text filter: host name, display name, addresses and OS (one generated, lower-cased
 * column). On PostgreSQL it is LIKE (pattern characters escaped): the planner then estimates from
 * the column's statistics how many devices match, where for a function call it assumes a third
 * of the fleet and walks the name index through every row. PGlite's LIKE costs a third more per
 * row than strpos() and its planner copes, so there it is strpos(). Same result either way.
 */
export function searchCondition(text: string, test: SubstringTest = "like"): SQL {
  const needle = text.toLowerCase();
  return test === "strpos"
    ? sql`strpos(${devices.searchText}, ${needle}) > 0`
    : sql`${devices.searchText} like ${`%${escapeLikePattern(needle)}%`}`;
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

/**
 * Devices whose effective value of a field (device, else location, else organization) matches:
 * one index range over the materialized effective values (device_field_values).
 */
export function customFieldCondition(f: CustomFieldFilter): SQL {
  const negated = f.op === "neq" || f.op === "unset";
  const matches = sql`(select v.device_id from ${deviceFieldValues} v where v.field_id = ${f.fieldId} and ${valuePredicate(f)})`;
  return sql`${devices.id} ${sql.raw(negated ? "not in" : "in")} ${matches}`;
}

function plainConditions(c: PlainCriteria, test: SubstringTest): SQL[] {
  const out: SQL[] = [];
  if (c.status?.length) out.push(inArray(devices.status, c.status));
  if (c.approval?.length) out.push(inArray(devices.approvalStatus, c.approval));
  if (c.organizationIds?.length) out.push(inArray(devices.organizationId, c.organizationIds));
  if (c.locationIds?.length) out.push(inArray(devices.locationId, c.locationIds));
  if (c.osFamilies?.length) out.push(inArray(devices.osFamily, c.osFamilies));
  if (c.roleIds?.length) out.push(inArray(devices.roleId, c.roleIds));
  if (c.health?.length) out.push(inArray(devices.healthStatus, c.health));
  if (c.tags?.length) {
    out.push(
      sql`${devices.tags} @> array[${sql.join(
        c.tags.map((t) => sql`${t}`),
        sql`, `,
      )}]::text[]`,
    );
  }
  if (c.search) out.push(searchCondition(c.search, test));
  if (c.builtIn) out.push(...fixedConditions(builtInSearches[c.builtIn].criteria));
  for (const f of c.customFields ?? []) out.push(customFieldCondition(f));
  return out;
}

/**
 * The WHERE clause for criteria over the devices table. Archived devices (their agent was
 * uninstalled from the console) are left out unless the criteria ask to include them.
 */
export function criteriaWhere(c: ResolvedCriteria, test: SubstringTest = "like"): SQL | undefined {
  if (c.matchNothing) return sql`false`;
  const conditions = plainConditions(c, test);
  // A saved search that includes archived devices includes them wherever it is used.
  if (!c.includeArchived && !c.groups?.some((g) => g.criteria.includeArchived))
    conditions.push(isNull(devices.archivedAt));
  for (const g of c.groups ?? []) {
    conditions.push(...plainConditions(g.criteria, test));
    if (g.search) conditions.push(searchCondition(g.search, test));
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
  // Worst first, as the alerts list ranks it, not by the code's spelling: ascending (the grid's
  // first click) is Unhealthy, Needs attention, Unknown, Healthy; descending the reverse.
  health: () => [healthRank(devices.healthStatus)],
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
