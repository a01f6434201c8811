import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import {
  deviceCriteria,
  type DeviceCriteria,
  type DeviceDetail,
  type DeviceHealth,
  type DeviceList,
  type DeviceSort,
  type DeviceSummary,
  type listDevicesQuery,
  type queryDeviceRequest,
  type updateDeviceRequest,
} from "@steward/contracts";
import { validateTag } from "@steward/domain";
import type { z } from "zod";
import type { Db } from "../../platform/db/database.js";
import { AppError } from "../../platform/errors/app-error.js";
import { audit, inScope, scopeCovers, type Scope } from "../../platform/identity/index.js";
import { deviceRoles } from "../device-roles/device-roles.tables.js";
import { locations, organizations } from "../organizations/organizations.tables.js";
import { savedSearches } from "../saved-searches/saved-searches.tables.js";
import {
  actorName,
  createBulkChanges,
  MAX_TAGS_PER_DEVICE,
  type Actor,
  type Changed,
} from "./devices.bulk.js";
import { createDeviceCache, type DeviceCache } from "./devices.cache.js";
import { criteriaWhere, type ResolvedCriteria } from "./devices.criteria.js";
import { refreshFieldValues } from "./devices.fields.js";
import { createDeviceGrid, type ActivityScope } from "./devices.grid.js";
import { presentActivity, presentDevice, presentDeviceDetail } from "./devices.presenter.js";
import { devices } from "./devices.tables.js";

export interface DeviceManagementOptions {
  /** Called for every device deleted or rejected in the console: its agent must be disconnected. */
  onDeviceRemoved?: ((deviceId: number) => void) | undefined;
  cache?: DeviceCache;
  /** The database engine (the free-text filter is tuned per engine). */
  dbKind?: "pglite" | "postgres" | undefined;
}

type ListQuery = z.output<typeof listDevicesQuery>;
type FilterQuery = Omit<ListQuery, "page" | "pageSize">;
type UpdateInput = z.output<typeof updateDeviceRequest>;
type QueryDeviceInput = z.output<typeof queryDeviceRequest>;

export const STALE_INVENTORY_HOURS = 24;

export const deviceNotFound = () => new AppError("E_DEVICE_NOT_FOUND", 404);
const storedCriteria = deviceCriteria.omit({ groupId: true });

/** The grid's query parameters as criteria (the same object saved searches store). */
export function criteriaFromQuery(q: FilterQuery): DeviceCriteria {
  const c: DeviceCriteria = {};
  if (q.status?.length) c.status = q.status;
  if (q.approval?.length) c.approval = q.approval;
  if (q.organizationId?.length) c.organizationIds = q.organizationId;
  if (q.locationId?.length) c.locationIds = q.locationId;
  if (q.os?.length) c.osFamilies = q.os;
  if (q.roleId?.length) c.roleIds = q.roleId;
  if (q.health?.length) c.health = q.health;
  if (q.tags?.length) c.tags = q.tags;
  if (q.cf?.length) c.customFields = q.cf;
  if (q.builtIn) c.builtIn = q.builtIn;
  if (q.search) c.search = q.search;
  if (q.groupId !== undefined) c.groupId = q.groupId;
  if (q.includeArchived) c.includeArchived = true;
  return c;
}

/** Console-side device management: the grid, a device's pages, and the changes technicians make. */
export function createDeviceManagement(db: Db, options: DeviceManagementOptions = {}) {
  const grid = createDeviceGrid(db);
  const bulk = createBulkChanges(db);
  const cache = options.cache ?? createDeviceCache();

  /** Loads a group's criteria. Stored criteria that no longer parse match nothing (never everything). */
  async function resolve(criteria: DeviceCriteria): Promise<ResolvedCriteria> {
    const { groupId, ...rest } = criteria;
    if (groupId === undefined) return rest;
    const [group] = await db.select().from(savedSearches).where(eq(savedSearches.id, groupId));
    if (!group) throw new AppError("E_SAVED_SEARCH_NOT_FOUND", 404);
    const parsed = storedCriteria.safeParse(group.criteria);
    if (!parsed.success) return { ...rest, matchNothing: true };
    return { ...rest, groups: [{ criteria: parsed.data, search: group.search }] };
  }

  const substring = options.dbKind === "pglite" ? "strpos" : "like";
  const whereOf = async (criteria: DeviceCriteria) => criteriaWhere(await resolve(criteria), substring);

  /**
   * Changes one device through the set-based path; 404 when it does not exist or lies outside the
   * scope (the change is narrowed to the scope, so it touches nothing there).
   */
  async function one<T>(scope: Scope, id: number, change: (where: SQL) => Promise<T[]>): Promise<T[]> {
    const changed = await change(eq(devices.id, id));
    if (changed.length === 0 && !(await grid.exists(scope, eq(devices.id, id)))) throw deviceNotFound();
    cache.invalidate([id]);
    return changed;
  }

  function removed(rows: Changed[]) {
    cache.invalidate(rows.map((r) => r.id));
    for (const r of rows) options.onDeviceRemoved?.(r.id);
  }

  async function summary(scope: Scope, id: number): Promise<DeviceSummary> {
    const row = await grid.byId(scope, id);
    if (!row) throw deviceNotFound();
    return presentDevice(row);
  }

  /** Records an approval decision on one device in the audit log. */
  async function auditDecision(
    actor: Actor,
    action: "device.approve" | "device.reject",
    changed: readonly { id: number; organizationId: number }[],
  ): Promise<void> {
    for (const device of changed)
      await audit(db, actor, {
        action,
        targetType: "device",
        targetId: device.id,
        organizationId: device.organizationId,
      });
  }

  return {
    grid,
    bulk,
    cache,
    resolve,
    whereOf,

    /**
     * One page of the grid and the total. Free-text searches scan the table anyway and get both
     * from one pass; the others use an index-ordered page plus a count.
     */
    async list(scope: Scope, query: ListQuery): Promise<DeviceList> {
      const resolved = await resolve(criteriaFromQuery(query));
      const where = criteriaWhere(resolved, substring);
      const offset = (query.page - 1) * query.pageSize;
      const result = { page: query.page, pageSize: query.pageSize };
      if (scansAnyway(resolved)) {
        const { rows, total } = await grid.pageWithTotal(scope, where, query.sort, query.pageSize, offset);
        return {
          ...result,
          items: rows.map(presentDevice),
          total: total ?? (await grid.count(scope, where)),
        };
      }
      const [rows, total] = await Promise.all([
        grid.page(scope, where, query.sort, query.pageSize, offset),
        grid.count(scope, where),
      ]);
      return { ...result, items: rows.map(presentDevice), total };
    },

    /**
     * Every matching device in grid order, a batch at a time (CSV export). The criteria are
     * resolved first, so that a bad query fails before anything is sent.
     */
    async batches(
      scope: Scope,
      query: FilterQuery,
      batchSize = 2000,
    ): Promise<AsyncGenerator<DeviceSummary[]>> {
      const where = await whereOf(criteriaFromQuery(query));
      const sort: DeviceSort = query.sort;
      return (async function* () {
        for (let offset = 0; ; offset += batchSize) {
          const rows = await grid.page(scope, where, sort, batchSize, offset);
          if (rows.length > 0) yield rows.map(presentDevice);
          if (rows.length < batchSize) return;
        }
      })();
    },

    summary,

    async detail(scope: Scope, id: number): Promise<DeviceDetail> {
      const row = await grid.detail(scope, id);
      if (!row) throw deviceNotFound();
      return presentDeviceDetail(row);
    },

    async software(
      scope: Scope,
      id: number,
      q: { page: number; pageSize: number; search?: string | undefined },
    ) {
      if (!(await grid.exists(scope, eq(devices.id, id)))) throw deviceNotFound();
      const { items, total } = await grid.software(
        scope,
        id,
        q.search || undefined,
        q.pageSize,
        (q.page - 1) * q.pageSize,
      );
      return { items, total, page: q.page, pageSize: q.pageSize };
    },

    async activities(scope: Scope, of: ActivityScope, page: { page: number; pageSize: number }) {
      if ("deviceId" in of && !(await grid.exists(scope, eq(devices.id, of.deviceId))))
        throw deviceNotFound();
      const { items, total } = await grid.activities(
        scope,
        of,
        page.pageSize,
        (page.page - 1) * page.pageSize,
      );
      return { items: items.map(presentActivity), total, page: page.page, pageSize: page.pageSize };
    },

    /** Checks an organization in the scope (and a location of it) exist, for the activity feeds. */
    async requirePlace(scope: Scope, organizationId: number, locationId?: number) {
      const [org] = await db
        .select({ id: organizations.id })
        .from(organizations)
        .where(and(eq(organizations.id, organizationId), inScope(scope, organizations.id)));
      if (!org) throw new AppError("E_ORGANIZATION_NOT_FOUND", 404);
      if (locationId === undefined) return;
      const [loc] = await db
        .select({ id: locations.id })
        .from(locations)
        .where(and(eq(locations.id, locationId), eq(locations.organizationId, organizationId)));
      if (!loc) throw new AppError("E_LOCATION_NOT_FOUND", 404);
    },

    async update(scope: Scope, id: number, input: UpdateInput, actor: Actor): Promise<DeviceSummary> {
      const current = await summary(scope, id);
      if (input.roleId !== undefined && input.roleId !== null && input.roleId !== current.roleId) {
        const [role] = await db.select().from(deviceRoles).where(eq(deviceRoles.id, input.roleId));
        if (!role) throw new AppError("E_DEVICE_ROLE_NOT_FOUND", 404);
        if (role.osFamily !== current.osFamily) {
          throw new AppError("E_VALIDATION", 400, {
            id: "errors.devices.roleWrongOs",
            values: { role: role.name, os: role.osFamily },
          });
        }
      }
      const notes: string[] = [];
      const set: SQL[] = [];
      if (input.displayName !== undefined) {
        const displayName = input.displayName === null || input.displayName === "" ? null : input.displayName;
        if (displayName !== current.displayName) {
          set.push(sql`display_name = ${displayName}`);
          notes.push(displayName === null ? "display name cleared" : `renamed to ${displayName}`);
        }
      }
      if (input.locationId !== undefined && input.locationId !== current.locationId) {
        const [loc] = await db
          .select({ name: locations.name })
          .from(locations)
          .where(
            and(eq(locations.id, input.locationId), eq(locations.organizationId, current.organizationId)),
          );
        if (!loc)
          throw new AppError("E_LOCATION_NOT_FOUND", 404, { id: "errors.locations.notInDeviceOrganization" });
        set.push(sql`location_id = ${input.locationId}`);
        notes.push(`moved to ${loc.name}`);
      }
      if (set.length > 0) {
        await bulk.updateWithActivity(
          scope,
          sql.join(set, sql`, `),
          eq(devices.id, id),
          {
            type: "UPDATED",
            message: `${capitalize(notes.join(", "))} by ${actorName(actor)}`,
            data: { ...input },
          },
          actor,
        );
      }
      if (input.roleId !== undefined && input.roleId !== current.roleId) {
        await bulk.setRole(scope, eq(devices.id, id), input.roleId, actor);
      }
      // Moved: the values it inherits come from its new location now.
      if (input.locationId !== undefined && input.locationId !== current.locationId) {
        await refreshFieldValues(db, { deviceId: id });
      }
      cache.invalidate([id]);
      return summary(scope, id);
    },

    async approve(scope: Scope, id: number, actor: Actor): Promise<DeviceSummary> {
      const changed = await one(scope, id, (w) => bulk.decide(scope, w, "APPROVED", actor));
      if (changed.length === 0) throw notPending();
      await auditDecision(actor, "device.approve", changed);
      return summary(scope, id);
    },

    /** PENDING → REJECTED; the agent is disconnected (onDeviceRemoved). */
    async reject(scope: Scope, id: number, actor: Actor): Promise<DeviceSummary> {
      const changed = await one(scope, id, (w) => bulk.decide(scope, w, "REJECTED", actor));
      if (changed.length === 0) throw notPending();
      removed(changed);
      await auditDecision(actor, "device.reject", changed);
      return summary(scope, id);
    },

    async remove(scope: Scope, id: number, actor: Actor): Promise<void> {
      const [row] = await one(scope, id, (w) => bulk.remove(scope, w));
      if (!row) throw deviceNotFound();
      removed([row]);
      await audit(db, actor, {
        action: "device.delete",
        targetType: "device",
        targetId: id,
        organizationId: row.organizationId,
        data: { hostname: row.hostname },
      });
    },

    async addTag(scope: Scope, id: number, tag: string, actor: Actor): Promise<string[]> {
      const problem = validateTag(tag);
      if (problem) throw new AppError("E_TAG_INVALID", 400, { english: problem });
      const current = await summary(scope, id);
      if (!current.tags.includes(tag) && current.tags.length >= MAX_TAGS_PER_DEVICE) {
        throw new AppError("E_VALIDATION", 400, {
          id: "errors.devices.tooManyTags",
          values: { max: MAX_TAGS_PER_DEVICE },
        });
      }
      await one(scope, id, (w) => bulk.addTag(scope, w, tag, actor));
      return (await summary(scope, id)).tags;
    },

    async removeTag(scope: Scope, id: number, tag: string, actor: Actor): Promise<string[]> {
      await one(scope, id, (w) => bulk.removeTag(scope, w, tag, actor));
      return (await summary(scope, id)).tags;
    },

    /**
     * POST /api/query/device: summaries by id through the cache; qa mode always reads fresh. The
     * cache is shared by every caller, so cached summaries are filtered by the caller's scope and
     * ids outside it are answered like ids that do not exist (left out).
     */
    async queryNodes(scope: Scope, input: QueryDeviceInput) {
      const ids = [...new Set(input.nodeIds)];
      if (input.mode === "qa") {
        const rows = ids.length ? await grid.byIds(scope, ids) : [];
        const byId = new Map(rows.map((r) => [r.id, presentDevice(r)]));
        return { nodes: ids.flatMap((i) => byId.get(i) ?? []), cacheExpiration: Date.now() };
      }
      const looked = cache.lookup(ids);
      const found = looked.found.filter((f) => scopeCovers(scope, f.node.organizationId));
      const missing = looked.missing;
      const fresh = missing.length ? (await grid.byIds(scope, missing)).map(presentDevice) : [];
      const freshUntil = cache.store(fresh);
      const byId = new Map<number, DeviceSummary>([
        ...found.map((f) => [f.node.id, f.node] as const),
        ...fresh.map((n) => [n.id, n] as const),
      ]);
      const expiries = [...found.map((f) => f.expiresAt), ...(fresh.length ? [freshUntil] : [])];
      return {
        nodes: ids.flatMap((i) => byId.get(i) ?? []),
        cacheExpiration: expiries.length ? Math.min(...expiries) : Date.now() + cache.ttlMs,
      };
    },

    /** Invalidate cached summaries after changes made elsewhere (bulk actions). */
    changed(rows: { id: number }[]) {
      cache.invalidate(rows.map((r) => r.id));
    },
    removed,

    async health(scope: Scope): Promise<DeviceHealth> {
      const { counts, versions } = await grid.health(
        scope,
        new Date(Date.now() - STALE_INVENTORY_HOURS * 3600_000),
      );
      const total = counts?.total ?? 0;
      const up = counts?.up ?? 0;
      return {
        total,
        up,
        down: total - up,
        pendingApproval: counts?.pending ?? 0,
        rejected: counts?.rejected ?? 0,
        staleInventory: counts?.stale ?? 0,
        staleInventoryHours: STALE_INVENTORY_HOURS,
        neverConnected: counts?.neverConnected ?? 0,
        agentVersions: versions.map((v) => ({ version: v.version, count: v.count })),
      };
    },

    idsWhere: (ids: number[]) => inArray(devices.id, ids.length ? ids : [0]),
  };
}

/** Whether criteria hold a filter no index serves: free text. */
function scansAnyway(c: ResolvedCriteria): boolean {
  return Boolean(c.search) || (c.groups ?? []).some((g) => Boolean(g.search) || Boolean(g.criteria.search));
}

const notPending = () => new AppError("E_DEVICE_NOT_PENDING", 409);
const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export type DeviceManagement = ReturnType<typeof createDeviceManagement>;
