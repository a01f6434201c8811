import { z } from "zod";
import { coercedId, id as idType, pageNumber, text } from "../common.js";
import { builtInSearchNames, type BuiltInSearchName } from "@steward/domain";
import { osFamily } from "../agent/inventory.js";
import { approvalStatus, deviceHealthStatus, deviceStatus } from "./devices.js";
import { fillTemplate } from "../i18n/localize.js";
import { validationEn } from "../i18n/shared/en/validation.js";

const id = idType();

export const builtInSearchName = z.enum(builtInSearchNames as [BuiltInSearchName, ...BuiltInSearchName[]]);

export const customFieldFilterOp = z.enum([
  "eq",
  "neq",
  "contains",
  "gt",
  "gte",
  "lt",
  "lte",
  "set",
  "unset",
]);
export type CustomFieldFilterOp = z.infer<typeof customFieldFilterOp>;

/** A filter on a custom field's effective value (device, else location, else organization). */
export const customFieldFilter = z.object({
  fieldId: id,
  op: customFieldFilterOp.default("eq"),
  value: text().max(500).optional(),
});
export type CustomFieldFilter = z.infer<typeof customFieldFilter>;

/**
 * What a device search matches: every given filter must hold (lists match any of their values,
 * tags all of theirs). Saved searches store this object; the grid's query string maps onto it.
 */
export const deviceCriteria = z
  .object({
    status: z.array(deviceStatus).max(2).optional(),
    approval: z.array(approvalStatus).max(3).optional(),
    organizationIds: z.array(id).max(500).optional(),
    locationIds: z.array(id).max(500).optional(),
    osFamilies: z.array(osFamily).max(4).optional(),
    roleIds: z.array(id).max(100).optional(),
    /** Devices whose health is one of these. */
    health: z.array(deviceHealthStatus).max(4).optional(),
    /** Devices carrying all of these tags. */
    tags: z.array(text().min(1).max(25)).max(20).optional(),
    customFields: z.array(customFieldFilter).max(20).optional(),
    /** A built-in search's fixed filter (ALL, UP, DOWN, WARNING …). */
    builtIn: builtInSearchName.optional(),
    /** Free text: host name, display name, IP addresses, OS. */
    search: text().trim().max(200).optional(),
    /** A saved search (group) whose criteria also apply. */
    groupId: id.optional(),
    /** Also match archived devices (agent uninstalled from the console); left out by default. */
    includeArchived: z.boolean().optional(),
  })
  .strict();
export type DeviceCriteria = z.infer<typeof deviceCriteria>;

/** A query-string list: repeated (`a=1&a=2`) or comma-separated (`a=1,2`). */
function listParam<T extends z.ZodType>(item: T, max = 100) {
  return z
    .union([text(), z.array(text())])
    .transform((v): unknown[] =>
      (Array.isArray(v) ? v : [v])
        .flatMap((s) => s.split(","))
        .map((s) => s.trim())
        .filter((s) => s !== ""),
    )
    .pipe(z.array(item).max(max));
}

const intItem = coercedId();

/** `cf=<fieldId>:<op>:<value>` (repeatable; the value may hold colons and commas). */
const customFieldParam = z
  .union([text(), z.array(text())])
  .transform((v, ctx): unknown[] => {
    const out: { fieldId: number; op: string; value?: string }[] = [];
    for (const raw of Array.isArray(v) ? v : [v]) {
      const m = /^(\d+):([a-z]+)(?::([\s\S]*))?$/.exec(raw);
      if (!m) {
        ctx.issues.push({
          code: "custom",
          message: fillTemplate(validationEn.customFieldDefinition.filter, {
            format: "<fieldId>:<op>:<value>",
          }),
          input: raw,
        });
        return z.NEVER;
      }
      out.push({ fieldId: Number(m[1]), op: m[2] ?? "eq", ...(m[3] === undefined ? {} : { value: m[3] }) });
    }
    return out;
  })
  .pipe(z.array(customFieldFilter).max(20));

export const deviceSortKeys = [
  "name",
  "status",
  "organization",
  "location",
  "os",
  "role",
  "lastContact",
  "enrolledAt",
  "approval",
  "agentVersion",
  "freeDisk",
  "publicIp",
  "health",
] as const;
export type DeviceSortKey = (typeof deviceSortKeys)[number];
export const deviceSort = z.enum([...deviceSortKeys, ...deviceSortKeys.map((k) => `-${k}` as const)] as [
  DeviceSortKey | `-${DeviceSortKey}`,
  ...(DeviceSortKey | `-${DeviceSortKey}`)[],
]);
export type DeviceSort = z.infer<typeof deviceSort>;

/** The grid's filters as query parameters (GET /api/devices and its CSV export). */
const filterParams = {
  search: text().trim().max(200).optional(),
  status: listParam(deviceStatus, 2).optional(),
  approval: listParam(approvalStatus, 3).optional(),
  organizationId: listParam(intItem, 500).optional(),
  locationId: listParam(intItem, 500).optional(),
  os: listParam(osFamily, 4).optional(),
  roleId: listParam(intItem).optional(),
  health: listParam(deviceHealthStatus, 4).optional(),
  groupId: coercedId().optional(),
  tags: listParam(text().max(25), 20).optional(),
  cf: customFieldParam.optional(),
  builtIn: builtInSearchName.optional(),
  /** "true": archived devices are listed too. */
  includeArchived: z
    .enum(["true", "false"])
    .transform((v) => v === "true")
    .optional(),
  sort: deviceSort.default("name"),
};

export const listDevicesQuery = z.object({
  page: pageNumber(),
  pageSize: z.coerce.number().int().min(1).max(500).default(50),
  ...filterParams,
});
export type ListDevicesQuery = z.input<typeof listDevicesQuery>;

/** Columns of the CSV export, in the order given by `columns` (default: all of these). */
export const deviceColumns = [
  "id",
  "name",
  "hostname",
  "displayName",
  "status",
  "approval",
  "organization",
  "location",
  "role",
  "osFamily",
  "os",
  "ipAddresses",
  "publicIp",
  "lastContact",
  "agentVersion",
  "freeDiskPercent",
  "memoryBytes",
  "pendingReboot",
  "tags",
  "enrolledAt",
  "health",
] as const;
export type DeviceColumn = (typeof deviceColumns)[number];

export const exportDevicesQuery = z.object({
  ...filterParams,
  columns: listParam(z.enum(deviceColumns), deviceColumns.length).optional(),
});
export type ExportDevicesQuery = z.input<typeof exportDevicesQuery>;
