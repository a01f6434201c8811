import { and, count, desc, eq, inArray, isNull, sql, type SQL } from "drizzle-orm";
import type { PgSelect } from "drizzle-orm/pg-core";
import type { DeviceSort } from "@steward/contracts";
import { escapeLikePattern } from "@steward/domain";
import type { Db } from "../../platform/db/database.js";
import { inScope, type Scope } from "../../platform/identity/index.js";
import { deviceRoles } from "../device-roles/device-roles.tables.js";
import { locations, organizations } from "../organizations/organizations.tables.js";
import { orderBy } from "./devices.criteria.js";
import { deviceActivities, deviceInventories, devices } from "./devices.tables.js";

/**
 * What the grid shows of a device: its own columns plus the names of what it belongs to. The
 * names are scalar subqueries, evaluated for the rows of the page only and cheap to plan (PGlite
 * spends more time planning a four-table join than running the page query).
 */
export const summaryColumns = {
  id: devices.id,
  hostname: devices.hostname,
  displayName: devices.displayName,
  organizationId: devices.organizationId,
  organizationName: sql<string>`(select o.name from organizations o where o.id = "devices"."organization_id")`,
  locationId: devices.locationId,
  locationName: sql<string>`(select l.name from locations l where l.id = "devices"."location_id")`,
  osFamily: devices.osFamily,
  osName: devices.osName,
  osVersion: devices.osVersion,
  status: devices.status,
  approvalStatus: devices.approvalStatus,
  lastContactAt: devices.lastContactAt,
  statusChangedAt: devices.statusChangedAt,
  publicIp: devices.publicIp,
  ipAddresses: devices.ipAddresses,
  agentVersion: devices.agentVersion,
  pendingReboot: devices.pendingReboot,
  minFreeDiskPercent: devices.minFreeDiskPercent,
  totalMemoryBytes: devices.totalMemoryBytes,
  softwareCount: devices.softwareCount,
  roleId: devices.roleId,
  roleName: sql<string | null>`(select r.name from device_roles r where r.id = "devices"."role_id")`,
  tags: devices.tags,
  simulated: devices.simulated,
  enrolledAt: devices.enrolledAt,
  healthStatus: devices.healthStatus,
};

export type ActivityScope = { deviceId: number } | { organizationId: number } | { locationId: number };

/**
 * A condition narrowed to the devices of the caller's organizations: the organization list goes
 * straight onto devices.organization_id (its index), never through a per-row subquery.
 */
export function withinScope(scope: Scope, where: SQL | undefined): SQL {
  return and(inScope(scope, devices.organizationId), where)!;
}

/** The device grid's read queries: a page and its total in one or two queries; never one per device. */
export function createDeviceGrid(db: Db) {
  const summaries = () => db.select(summaryColumns).from(devices);

  /** Filters, orders and pages a select; joins only for orderings by another table's name. */
  function ordered<Q extends PgSelect>(
    query: Q,
    scope: Scope,
    where: SQL | undefined,
    sort: DeviceSort,
    limit: number,
    offset: number,
  ) {
    const key = sort.replace(/^-/, "");
    if (key === "organization") query.innerJoin(organizations, eq(organizations.id, devices.organizationId));
    if (key === "location") query.innerJoin(locations, eq(locations.id, devices.locationId));
    if (key === "role") query.leftJoin(deviceRoles, eq(deviceRoles.id, devices.roleId));
    return query
      .where(withinScope(scope, where))
      .orderBy(...orderBy(sort))
      .limit(limit)
      .offset(offset);
  }

  /** Ids of one page and the total, in one pass; no names yet (they are read for the page only). */
  function pageWithTotalQuery(
    scope: Scope,
    where: SQL | undefined,
    sort: DeviceSort,
    limit: number,
    offset: number,
  ) {
    const query = db
      .select({ id: devices.id, total: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(devices)
      .$dynamic();
    return ordered(query, scope, where, sort, limit, offset);
  }

  return {
    db,

    /** One page in grid order. */
    page(scope: Scope, where: SQL | undefined, sort: DeviceSort, limit: number, offset: number) {
      return ordered(summaries().$dynamic(), scope, where, sort, limit, offset);
    },

    /**
     * One page and the total from a single pass (count(*) over the matches), then the page's
     * summaries by id: for free text, which scans the table anyway, where a separate count would
     * scan it twice. The total is unknown (undefined) when the page is past the end.
     */
    async pageWithTotal(
      scope: Scope,
      where: SQL | undefined,
      sort: DeviceSort,
      limit: number,
      offset: number,
    ) {
      const page = await pageWithTotalQuery(scope, where, sort, limit, offset);
      const found = new Map(
        (await summaries().where(inArray(devices.id, page.length ? page.map((r) => r.id) : [0]))).map((r) => [
          r.id,
          r,
        ]),
      );
      return { rows: page.flatMap((r) => found.get(r.id) ?? []), total: page[0]?.total };
    },

    pageWithTotalQuery,

    async count(scope: Scope, where: SQL | undefined): Promise<number> {
      const [row] = await db.select({ n: count() }).from(devices).where(withinScope(scope, where));
      return row?.n ?? 0;
    },

    byIds(scope: Scope, ids: number[]) {
      return summaries().where(withinScope(scope, inArray(devices.id, ids.length ? ids : [0])));
    },

    async byId(scope: Scope, id: number) {
      const [row] = await summaries().where(withinScope(scope, eq(devices.id, id)));
      return row;
    },

    async detail(scope: Scope, id: number) {
      const [row] = await db
        .select({
          ...summaryColumns,
          inventory: deviceInventories.inventory,
          inventoryUpdatedAt: devices.inventoryUpdatedAt,
        })
        .from(devices)
        .leftJoin(deviceInventories, eq(deviceInventories.deviceId, devices.id))
        .where(withinScope(scope, eq(devices.id, id)));
      return row;
    },

    /** Installed software from the stored inventory, filtered and paged in the database. */
    async software(scope: Scope, id: number, search: string | undefined, limit: number, offset: number) {
      const filter = search
        ? sql`and (lower(s.value->>'name') like ${`%${escapeLikePattern(search.toLowerCase())}%`}
              or lower(coalesce(s.value->>'publisher', '')) like ${`%${escapeLikePattern(search.toLowerCase())}%`})`
        : sql``;
      const from = sql`from ${deviceInventories} i
        cross join lateral jsonb_array_elements(case when jsonb_typeof(i.inventory->'software') = 'array'
          then i.inventory->'software' else '[]'::jsonb end) s
        join devices d on d.id = i.device_id
        where i.device_id = ${id} and ${inScope(scope, sql`d.organization_id`)} ${filter}`;
      type SoftwareRow = {
        name: string | null;
        version: string | null;
        publisher: string | null;
        installed_at: string | null;
      };
      const [items, totals] = await Promise.all([
        db.execute(sql`
          select s.value->>'name' as name, s.value->>'version' as version, s.value->>'publisher' as publisher,
                 s.value->>'installedAt' as installed_at
          ${from}
          order by lower(s.value->>'name'), s.value->>'version'
          limit ${limit} offset ${offset}`),
        db.execute(sql`select count(*)::int as n ${from}`),
      ]);
      return {
        items: rowsOf<SoftwareRow>(items).map((r) => ({
          name: r.name ?? "",
          version: r.version ?? "",
          publisher: r.publisher,
          installedAt: r.installed_at,
        })),
        total: Number(rowsOf<{ n: number }>(totals)[0]?.n ?? 0),
      };
    },

    /** Activities, newest first, of a device, an organization or a location. */
    async activities(scope: Scope, of: ActivityScope, limit: number, offset: number) {
      const where = and(
        inScope(scope, deviceActivities.organizationId),
        "deviceId" in of
          ? eq(deviceActivities.deviceId, of.deviceId)
          : "organizationId" in of
            ? eq(deviceActivities.organizationId, of.organizationId)
            : inArray(
                deviceActivities.deviceId,
                db.select({ id: devices.id }).from(devices).where(eq(devices.locationId, of.locationId)),
              ),
      );
      const [items, [total]] = await Promise.all([
        db
          .select({
            id: deviceActivities.id,
            deviceId: deviceActivities.deviceId,
            deviceName: sql<string>`coalesce(${devices.displayName}, ${devices.hostname})`,
            organizationId: deviceActivities.organizationId,
            at: deviceActivities.at,
            type: deviceActivities.type,
            message: deviceActivities.message,
          })
          .from(deviceActivities)
          .innerJoin(devices, eq(devices.id, deviceActivities.deviceId))
          .where(where)
          .orderBy(desc(deviceActivities.at), desc(deviceActivities.id))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(deviceActivities).where(where),
      ]);
      return { items, total: total?.n ?? 0 };
    },

    /**
     * Counts for administration → devices → health status, in one pass. Archived devices are left
     * out, as the device grid these counts link to leaves them out.
     */
    async health(scope: Scope, staleBefore: Date) {
      const active = and(inScope(scope, devices.organizationId), isNull(devices.archivedAt));
      const [row] = await db
        .select({
          total: count(),
          up: sql<number>`count(*) filter (where ${devices.status} = 'UP')`.mapWith(Number),
          pending: sql<number>`count(*) filter (where ${devices.approvalStatus} = 'PENDING')`.mapWith(Number),
          rejected: sql<number>`count(*) filter (where ${devices.approvalStatus} = 'REJECTED')`.mapWith(
            Number,
          ),
          stale:
            sql<number>`count(*) filter (where ${devices.inventoryUpdatedAt} is null or ${devices.inventoryUpdatedAt} < ${staleBefore})`.mapWith(
              Number,
            ),
          neverConnected: sql<number>`count(*) filter (where ${devices.lastContactAt} is null)`.mapWith(
            Number,
          ),
        })
        .from(devices)
        .where(active);
      const versions = await db
        .select({ version: devices.agentVersion, count: count() })
        .from(devices)
        .where(active)
        .groupBy(devices.agentVersion)
        .orderBy(desc(count()), devices.agentVersion);
      return { counts: row, versions };
    },

    /** Ids matching a condition (bulk actions). */
    async ids(scope: Scope, where: SQL | undefined): Promise<number[]> {
      const rows = await db
        .select({ id: devices.id })
        .from(devices)
        .where(withinScope(scope, where))
        .orderBy(devices.id);
      return rows.map((r) => r.id);
    },

    exists: async (scope: Scope, where: SQL) =>
      (await db.select({ id: devices.id }).from(devices).where(withinScope(scope, where)).limit(1)).length >
      0,
  };
}

/** node-postgres answers { rows }, PGlite too; both through db.execute. */
function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}

export type DeviceGrid = ReturnType<typeof createDeviceGrid>;
export type SummaryRow = Awaited<ReturnType<DeviceGrid["page"]>>[number];
