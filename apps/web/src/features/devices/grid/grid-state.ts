import { builtInSearchNames, type BuiltInSearchName } from "@steward/domain";
import {
  deviceSortKeys,
  type CustomFieldFilter,
  type CustomFieldFilterOp,
  type DeviceCriteria,
  type DeviceSort,
  type DeviceSortKey,
} from "@steward/contracts";

export type DeviceStatusValue = "UP" | "DOWN";
export type ApprovalValue = "APPROVED" | "PENDING" | "REJECTED";
export type OsFamilyValue = "WINDOWS" | "MAC" | "LINUX" | "OTHER";
export type HealthValue = "HEALTHY" | "NEEDS_ATTENTION" | "UNHEALTHY" | "UNKNOWN";

/** Everything the device grid filters on; the URL of /deviceSearch holds it. */
export interface DeviceFilters {
  search: string;
  builtIn: BuiltInSearchName | null;
  status: DeviceStatusValue[];
  approval: ApprovalValue[];
  health: HealthValue[];
  organizationIds: number[];
  locationIds: number[];
  os: OsFamilyValue[];
  roleIds: number[];
  groupId: number | null;
  tags: string[];
  customFields: CustomFieldFilter[];
  /** Archived devices (agent uninstalled from the console) are listed too; hidden by default. */
  includeArchived: boolean;
}

export interface GridState {
  filters: DeviceFilters;
  sort: DeviceSort;
  page: number;
  pageSize: number;
}

export const PAGE_SIZES = [25, 50, 100, 200] as const;
export const DEFAULT_PAGE_SIZE = 50;

export const emptyFilters = (): DeviceFilters => ({
  search: "",
  builtIn: null,
  status: [],
  approval: [],
  health: [],
  organizationIds: [],
  locationIds: [],
  os: [],
  roleIds: [],
  groupId: null,
  tags: [],
  customFields: [],
  includeArchived: false,
});

const STATUSES: readonly DeviceStatusValue[] = ["UP", "DOWN"];
const APPROVALS: readonly ApprovalValue[] = ["APPROVED", "PENDING", "REJECTED"];
const OS_FAMILIES: readonly OsFamilyValue[] = ["WINDOWS", "MAC", "LINUX", "OTHER"];
const HEALTHS: readonly HealthValue[] = ["HEALTHY", "NEEDS_ATTENTION", "UNHEALTHY", "UNKNOWN"];
const CF_OPS: readonly CustomFieldFilterOp[] = [
  "eq",
  "neq",
  "contains",
  "gt",
  "gte",
  "lt",
  "lte",
  "set",
  "unset",
];

function listOf(params: URLSearchParams, key: string): string[] {
  return params
    .getAll(key)
    .flatMap((v) => v.split(","))
    .map((v) => v.trim())
    .filter((v) => v !== "");
}

function enumList<T extends string>(params: URLSearchParams, key: string, allowed: readonly T[]): T[] {
  return [...new Set(listOf(params, key).filter((v): v is T => (allowed as readonly string[]).includes(v)))];
}

function idList(params: URLSearchParams, key: string): number[] {
  return [
    ...new Set(
      listOf(params, key)
        .filter((v) => /^\d+$/.test(v))
        .map(Number)
        .filter((n) => n > 0),
    ),
  ];
}

/** `cf=<fieldId>:<op>:<value>`, the server's own query syntax. */
export function parseCustomFieldParam(raw: string): CustomFieldFilter | null {
  const m = /^(\d+):([a-z]+)(?::([\s\S]*))?$/.exec(raw);
  if (!m || !(CF_OPS as readonly string[]).includes(m[2] ?? "")) return null;
  const op = m[2] as CustomFieldFilterOp;
  return { fieldId: Number(m[1]), op, ...(m[3] === undefined ? {} : { value: m[3] }) };
}

export function formatCustomFieldParam(filter: CustomFieldFilter): string {
  return filter.value === undefined
    ? `${filter.fieldId}:${filter.op}`
    : `${filter.fieldId}:${filter.op}:${filter.value}`;
}

const SORTS = new Set<string>([...deviceSortKeys, ...deviceSortKeys.map((k) => `-${k}`)]);

/** Reads the grid's state from a /deviceSearch URL; unknown or malformed values are dropped. */
export function parseGridState(params: URLSearchParams): GridState {
  const builtIn = params.get("builtIn");
  const groupId = Number(params.get("groupId"));
  const sort = params.get("sort") ?? "name";
  const page = Number(params.get("page"));
  const pageSize = Number(params.get("pageSize"));
  return {
    filters: {
      search: (params.get("search") ?? "").slice(0, 200),
      builtIn:
        builtIn && (builtInSearchNames as string[]).includes(builtIn) ? (builtIn as BuiltInSearchName) : null,
      status: enumList(params, "status", STATUSES),
      approval: enumList(params, "approval", APPROVALS),
      health: enumList(params, "health", HEALTHS),
      organizationIds: idList(params, "organizationId"),
      locationIds: idList(params, "locationId"),
      os: enumList(params, "os", OS_FAMILIES),
      roleIds: idList(params, "roleId"),
      groupId: Number.isInteger(groupId) && groupId > 0 ? groupId : null,
      tags: [...new Set(listOf(params, "tags"))].slice(0, 20),
      customFields: params
        .getAll("cf")
        .map(parseCustomFieldParam)
        .filter((f): f is CustomFieldFilter => f !== null)
        .slice(0, 20),
      includeArchived: params.get("includeArchived") === "true",
    },
    sort: SORTS.has(sort) ? (sort as DeviceSort) : "name",
    page: Number.isInteger(page) && page > 0 ? page : 1,
    pageSize: (PAGE_SIZES as readonly number[]).includes(pageSize) ? pageSize : DEFAULT_PAGE_SIZE,
  };
}

/** The filters as query parameters (URL of the page, GET /api/devices, the CSV export). */
export function filtersToParams(filters: DeviceFilters, into = new URLSearchParams()): URLSearchParams {
  const search = filters.search.trim();
  if (search) into.set("search", search);
  if (filters.builtIn && filters.builtIn !== "ALL") into.set("builtIn", filters.builtIn);
  if (filters.status.length) into.set("status", filters.status.join(","));
  if (filters.approval.length) into.set("approval", filters.approval.join(","));
  if (filters.health.length) into.set("health", filters.health.join(","));
  if (filters.organizationIds.length) into.set("organizationId", filters.organizationIds.join(","));
  if (filters.locationIds.length) into.set("locationId", filters.locationIds.join(","));
  if (filters.os.length) into.set("os", filters.os.join(","));
  if (filters.roleIds.length) into.set("roleId", filters.roleIds.join(","));
  if (filters.groupId !== null) into.set("groupId", String(filters.groupId));
  if (filters.tags.length) into.set("tags", filters.tags.join(","));
  for (const cf of filters.customFields) into.append("cf", formatCustomFieldParam(cf));
  if (filters.includeArchived) into.set("includeArchived", "true");
  return into;
}

/** The page URL's query: filters, then sort and paging when they differ from the defaults. */
export function gridStateToParams(state: GridState): URLSearchParams {
  const params = filtersToParams(state.filters);
  if (state.sort !== "name") params.set("sort", state.sort);
  if (state.page !== 1) params.set("page", String(state.page));
  if (state.pageSize !== DEFAULT_PAGE_SIZE) params.set("pageSize", String(state.pageSize));
  return params;
}

/** GET /api/devices query string (always with page, size and sort). */
export function deviceListQueryString(state: GridState): string {
  const params = filtersToParams(state.filters);
  params.set("page", String(state.page));
  params.set("pageSize", String(state.pageSize));
  params.set("sort", state.sort);
  return params.toString();
}

/** The filters as saved-search criteria (groups, bulk actions over "all matching"). */
export function filtersToCriteria(filters: DeviceFilters, { withGroup = true } = {}): DeviceCriteria {
  const c: DeviceCriteria = {};
  const search = filters.search.trim();
  if (search) c.search = search;
  if (filters.builtIn && filters.builtIn !== "ALL") c.builtIn = filters.builtIn;
  if (filters.status.length) c.status = filters.status;
  if (filters.approval.length) c.approval = filters.approval;
  if (filters.health.length) c.health = filters.health;
  if (filters.organizationIds.length) c.organizationIds = filters.organizationIds;
  if (filters.locationIds.length) c.locationIds = filters.locationIds;
  if (filters.os.length) c.osFamilies = filters.os;
  if (filters.roleIds.length) c.roleIds = filters.roleIds;
  if (filters.tags.length) c.tags = filters.tags;
  if (filters.customFields.length) c.customFields = filters.customFields;
  if (withGroup && filters.groupId !== null) c.groupId = filters.groupId;
  if (filters.includeArchived) c.includeArchived = true;
  return c;
}

/** A saved search's criteria back as grid filters (opening a group). */
export function criteriaToFilters(criteria: DeviceCriteria): DeviceFilters {
  return {
    ...emptyFilters(),
    search: criteria.search ?? "",
    builtIn: criteria.builtIn ?? null,
    status: criteria.status ?? [],
    approval: criteria.approval ?? [],
    health: criteria.health ?? [],
    organizationIds: criteria.organizationIds ?? [],
    locationIds: criteria.locationIds ?? [],
    os: criteria.osFamilies ?? [],
    roleIds: criteria.roleIds ?? [],
    groupId: criteria.groupId ?? null,
    tags: criteria.tags ?? [],
    customFields: criteria.customFields ?? [],
    includeArchived: criteria.includeArchived ?? false,
  };
}

/** How many filters narrow the grid (the built-in search and free text not counted). */
export function activeFilterCount(filters: DeviceFilters): number {
  return (
    filters.status.length +
    filters.approval.length +
    filters.health.length +
    filters.organizationIds.length +
    filters.locationIds.length +
    filters.os.length +
    filters.roleIds.length +
    (filters.groupId === null ? 0 : 1) +
    filters.tags.length +
    filters.customFields.length +
    (filters.includeArchived ? 1 : 0)
  );
}

/** Clicking a column header: ascending first, then descending. */
export function nextSort(current: DeviceSort, key: DeviceSortKey): DeviceSort {
  return current === key ? (`-${key}` as DeviceSort) : key;
}

/** A /deviceSearch link with the given filters (dashboard counts use these). */
export function deviceSearchLink(filters: Partial<DeviceFilters>): string {
  const qs = filtersToParams({ ...emptyFilters(), ...filters }).toString();
  return qs ? `/deviceSearch?${qs}` : "/deviceSearch";
}

/** The /deviceSearch link for some filters, for other features' counts and shortcuts. */
export function useDeviceSearchLink(filters: Partial<DeviceFilters> = {}): string {
  return deviceSearchLink(filters);
}
