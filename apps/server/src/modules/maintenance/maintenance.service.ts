import type { FastifyRequest } from "fastify";
import { and, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import type { z } from "zod";
import type {
  MaintenanceWindow,
  MaintenanceWindowList,
  listMaintenanceWindowsQuery,
  saveMaintenanceWindowRequest,
} from "@steward/contracts";
import {
  maintenanceOccurrenceAt,
  maintenanceStatus,
  nextMaintenanceStart,
  withStartDate,
  type MaintenanceSuppression,
  type MaintenanceTiming,
  type Schedule,
} from "@steward/domain";
import type { Db } from "../../platform/db/database.js";
import { AppError } from "../../platform/errors/app-error.js";
import { audit, inScope, type Scope } from "../../platform/identity/index.js";
import { devices } from "../devices/devices.tables.js";
import { locations, organizations } from "../organizations/organizations.tables.js";
import type { DevicesService } from "../devices/index.js";
import { maintenanceWindows } from "./maintenance.tables.js";

type SaveInput = z.output<typeof saveMaintenanceWindowRequest>;
type ListQuery = z.output<typeof listMaintenanceWindowsQuery>;
type Row = typeof maintenanceWindows.$inferSelect;
type Targets = SaveInput["targets"];

/** The devices module on a database handle (resolves groups to device conditions). */
export type DevicesOn = (db: Db) => Pick<DevicesService, "whereOf">;

/** The person behind a change and the organizations their permission reaches. */
export interface MaintenanceEditor {
  request: FastifyRequest | null;
  userId: number | null;
  scope: Scope;
}

/** What a window suppresses, per device in maintenance. */
export type Suppressed = Record<MaintenanceSuppression, boolean>;

const notFound = () => new AppError("E_NOT_FOUND", 404, { id: "errors.maintenance.notFound" });
const listed = (ids: readonly number[]) => ids.slice(0, 10).join(", ");

export function timingOf(row: Row): MaintenanceTiming {
  if (row.kind === "RECURRING")
    return {
      kind: "RECURRING",
      schedule: row.schedule as Schedule,
      timeZone: row.timeZone ?? "UTC",
      durationMinutes: row.durationMinutes ?? 0,
    };
  return { kind: "ONE_OFF", startsAt: row.startsAt ?? new Date(0), endsAt: row.endsAt ?? new Date(0) };
}

function suppressedOf(row: Row): Suppressed {
  return {
    alerts: row.suppressAlerts,
    notifications: row.suppressNotifications,
    automations: row.suppressAutomations,
  };
}

/** Windows a caller sees: their organizations' windows; system-wide ones only with every organization. */
function visible(scope: Scope): SQL {
  if (scope.all) return sql`true`;
  return and(
    sql`${maintenanceWindows.organizationId} is not null`,
    inScope(scope, maintenanceWindows.organizationId),
  )!;
}

/**
 * Maintenance windows: saving through the caller's scope, listing by status, and the questions
 * other areas ask ("is this device in maintenance for alerts now?", "which devices are?"). Every
 * answer is computed from the stored windows and the instant asked about, so a window that
 * ended while the server was stopped is over as soon as it runs again.
 */
export function createMaintenanceService(
  deps: { db: Db; devicesOn: DevicesOn },
  options: { clock?: () => Date } = {},
) {
  const { db } = deps;
  const clock = options.clock ?? (() => new Date());

  /** The devices condition a group (saved search) selects now, or null when it no longer exists. */
  async function groupWhere(groupId: number): Promise<SQL | null> {
    try {
      return (await deps.devicesOn(db).whereOf({ groupId })) ?? sql`true`;
    } catch (error) {
      if (error instanceof AppError && error.code === "E_SAVED_SEARCH_NOT_FOUND") return null;
      throw error;
    }
  }

  /** The SQL condition over devices a window covers (an organization's window stays inside it). */
  async function coverage(row: Row): Promise<SQL | null> {
    const t = row.targets as Targets;
    const parts: SQL[] = [];
    if (t.deviceIds.length > 0) parts.push(inArray(devices.id, t.deviceIds));
    if (t.locationIds.length > 0) parts.push(inArray(devices.locationId, t.locationIds));
    if (t.organizationIds.length > 0) parts.push(inArray(devices.organizationId, t.organizationIds));
    for (const groupId of t.groupIds) {
      const where = await groupWhere(groupId);
      if (where) parts.push(where);
    }
    if (parts.length === 0) return null;
    return and(
      or(...parts),
      row.organizationId === null ? undefined : eq(devices.organizationId, row.organizationId),
    )!;
  }

  /** Refuses targets that do not exist or lie outside the window's organization (or the caller's scope). */
  async function checkTargets(targets: Targets, organizationId: number | null, scope: Scope) {
    const within = (column: Parameters<typeof inScope>[1]) =>
      and(inScope(scope, column), organizationId === null ? undefined : sql`${column} = ${organizationId}`);
    const missing = async <T extends { id: number }>(ids: number[], rows: Promise<T[]>) => {
      if (ids.length === 0) return [];
      const found = new Set((await rows).map((r) => r.id));
      return ids.filter((id) => !found.has(id));
    };
    const d = await missing(
      targets.deviceIds,
      db
        .select({ id: devices.id })
        .from(devices)
        .where(
          and(
            inArray(devices.id, targets.deviceIds.length ? targets.deviceIds : [0]),
            within(devices.organizationId),
          ),
        ),
    );
    if (d.length > 0)
      throw new AppError("E_DEVICE_NOT_FOUND", 404, {
        id: "errors.maintenance.noDevices",
        values: { ids: listed(d) },
      });
    const l = await missing(
      targets.locationIds,
      db
        .select({ id: locations.id })
        .from(locations)
        .where(
          and(
            inArray(locations.id, targets.locationIds.length ? targets.locationIds : [0]),
            within(locations.organizationId),
          ),
        ),
    );
    if (l.length > 0)
      throw new AppError("E_LOCATION_NOT_FOUND", 404, {
        id: "errors.maintenance.noLocations",
        values: { ids: listed(l) },
      });
    const o = await missing(
      targets.organizationIds,
      db
        .select({ id: organizations.id })
        .from(organizations)
        .where(
          and(
            inArray(organizations.id, targets.organizationIds.length ? targets.organizationIds : [0]),
            within(organizations.id),
          ),
        ),
    );
    if (o.length > 0)
      throw new AppError("E_ORGANIZATION_NOT_FOUND", 404, {
        id: "errors.maintenance.noOrganizations",
        values: { ids: listed(o) },
      });
    for (const groupId of targets.groupIds) {
      if (!(await groupWhere(groupId)))
        throw new AppError("E_SAVED_SEARCH_NOT_FOUND", 404, {
          id: "errors.maintenance.noGroup",
          values: { id: groupId },
        });
    }
  }

  /** The organization a caller names in a path: missing and out-of-scope ones answer alike. */
  async function organizationInScope(organizationId: number, scope: Scope): Promise<void> {
    const [row] = await db
      .select({ id: organizations.id })
      .from(organizations)
      .where(and(eq(organizations.id, organizationId), inScope(scope, organizations.id)));
    if (!row) throw new AppError("E_ORGANIZATION_NOT_FOUND", 404, { id: "errors.organizations.notFound" });
  }

  async function existing(id: number, scope: Scope): Promise<Row> {
    const [row] = await db
      .select()
      .from(maintenanceWindows)
      .where(and(eq(maintenanceWindows.id, id), visible(scope)));
    if (!row) throw notFound();
    return row;
  }

  function columnsOf(input: SaveInput) {
    const timing = input.timing;
    const recurring = timing.kind === "RECURRING";
    return {
      name: input.name,
      description: input.description,
      enabled: input.enabled,
      targets: input.targets,
      kind: timing.kind,
      startsAt: recurring ? null : new Date(timing.startsAt),
      endsAt: recurring ? null : new Date(timing.endsAt),
      schedule: recurring ? withStartDate(timing.schedule, timing.timeZone, clock()) : null,
      timeZone: recurring ? timing.timeZone : null,
      durationMinutes: recurring ? timing.durationMinutes : null,
      suppressAlerts: input.suppress.alerts,
      suppressNotifications: input.suppress.notifications,
      suppressAutomations: input.suppress.automations,
    };
  }

  async function present(rows: Row[], at: Date): Promise<MaintenanceWindow[]> {
    const orgIds = [...new Set(rows.map((r) => r.organizationId).filter((id): id is number => id !== null))];
    const names = new Map(
      orgIds.length === 0
        ? []
        : (
            await db
              .select({ id: organizations.id, name: organizations.name })
              .from(organizations)
              .where(inArray(organizations.id, orgIds))
          ).map((o) => [o.id, o.name]),
    );
    return rows.map((row) => {
      const timing = timingOf(row);
      const occurrence = row.enabled ? maintenanceOccurrenceAt(timing, at) : null;
      const status = occurrence ? "ACTIVE" : maintenanceStatus(timing, at) === "PAST" ? "PAST" : "UPCOMING";
      const next = nextMaintenanceStart(timing, occurrence ? occurrence.end : at);
      const t = row.targets as Targets;
      return {
        id: row.id,
        name: row.name,
        description: row.description,
        enabled: row.enabled,
        organizationId: row.organizationId,
        organizationName: row.organizationId === null ? null : (names.get(row.organizationId) ?? null),
        targets: {
          deviceIds: t.deviceIds ?? [],
          groupIds: t.groupIds ?? [],
          locationIds: t.locationIds ?? [],
          organizationIds: t.organizationIds ?? [],
        },
        timing:
          timing.kind === "ONE_OFF"
            ? {
                kind: "ONE_OFF",
                startsAt: timing.startsAt.toISOString(),
                endsAt: timing.endsAt.toISOString(),
              }
            : timing,
        suppress: suppressedOf(row),
        status,
        activeUntil: occurrence ? occurrence.end.toISOString() : null,
        nextStart: next ? next.toISOString() : null,
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
      };
    });
  }

  /** The enabled windows open at `at`. */
  async function openAt(at: Date): Promise<Row[]> {
    const rows = await db
      .select()
      .from(maintenanceWindows)
      .where(
        and(
          eq(maintenanceWindows.enabled, true),
          or(
            eq(maintenanceWindows.kind, "RECURRING"),
            and(sql`${maintenanceWindows.startsAt} <= ${at}`, sql`${maintenanceWindows.endsAt} > ${at}`),
          ),
        ),
      );
    return rows.filter((row) => maintenanceOccurrenceAt(timingOf(row), at) !== null);
  }

  const service = {
    /** One page of the windows the caller sees, optionally of one organization and one status. */
    async list(query: ListQuery, scope: Scope, organizationId?: number): Promise<MaintenanceWindowList> {
      if (organizationId !== undefined) await organizationInScope(organizationId, scope);
      const rows = await db
        .select()
        .from(maintenanceWindows)
        .where(
          and(
            visible(scope),
            organizationId === undefined ? undefined : eq(maintenanceWindows.organizationId, organizationId),
          ),
        )
        .orderBy(sql`lower(${maintenanceWindows.name})`, maintenanceWindows.id);
      const all = await present(rows, clock());
      const matching = query.status ? all.filter((w) => w.status === query.status) : all;
      const offset = (query.page - 1) * query.pageSize;
      return {
        items: matching.slice(offset, offset + query.pageSize),
        total: matching.length,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    async get(id: number, scope: Scope): Promise<MaintenanceWindow> {
      const [w] = await present([await existing(id, scope)], clock());
      return w!;
    },

    /** A window of one organization, or (organizationId null) a system-wide one, which needs every organization. */
    async create(
      input: SaveInput,
      organizationId: number | null,
      editor: MaintenanceEditor,
    ): Promise<MaintenanceWindow> {
      if (organizationId === null && !editor.scope.all)
        throw new AppError("E_FORBIDDEN", 403, { id: "errors.maintenance.systemNeedsAll" });
      if (organizationId !== null) await organizationInScope(organizationId, editor.scope);
      await checkTargets(input.targets, organizationId, editor.scope);
      const [row] = await db
        .insert(maintenanceWindows)
        .values({ ...columnsOf(input), organizationId, createdByUserId: editor.userId })
        .returning();
      await audit(db, editor.request, {
        action: "maintenance_window.create",
        targetType: "maintenance_window",
        targetId: row!.id,
        organizationId,
        data: { name: row!.name },
      });
      return service.get(row!.id, editor.scope);
    },

    async update(id: number, input: SaveInput, editor: MaintenanceEditor): Promise<MaintenanceWindow> {
      const before = await existing(id, editor.scope);
      await checkTargets(input.targets, before.organizationId, editor.scope);
      await db
        .update(maintenanceWindows)
        .set({ ...columnsOf(input), updatedByUserId: editor.userId, updatedAt: new Date() })
        .where(and(eq(maintenanceWindows.id, id), visible(editor.scope)));
      await audit(db, editor.request, {
        action: "maintenance_window.update",
        targetType: "maintenance_window",
        targetId: id,
        organizationId: before.organizationId,
        data: { name: input.name },
      });
      return service.get(id, editor.scope);
    },

    async remove(id: number, editor: MaintenanceEditor): Promise<void> {
      const before = await existing(id, editor.scope);
      await db.delete(maintenanceWindows).where(and(eq(maintenanceWindows.id, id), visible(editor.scope)));
      await audit(db, editor.request, {
        action: "maintenance_window.delete",
        targetType: "maintenance_window",
        targetId: id,
        organizationId: before.organizationId,
        data: { name: before.name },
      });
    },

    /**
     * The devices in maintenance at `at` (default now) and what their windows suppress (the
     * union over every open window covering them). Pass deviceIds to ask about those only.
     */
    async devicesInMaintenance(
      at: Date = clock(),
      deviceIds?: readonly number[],
    ): Promise<Map<number, Suppressed>> {
      const result = new Map<number, Suppressed>();
      if (deviceIds && deviceIds.length === 0) return result;
      for (const row of await openAt(at)) {
        const where = await coverage(row);
        if (!where) continue;
        const ids = await db
          .select({ id: devices.id })
          .from(devices)
          .where(and(where, deviceIds ? inArray(devices.id, [...deviceIds]) : undefined));
        const s = suppressedOf(row);
        for (const { id } of ids) {
          const had = result.get(id);
          result.set(
            id,
            had
              ? {
                  alerts: had.alerts || s.alerts,
                  notifications: had.notifications || s.notifications,
                  automations: had.automations || s.automations,
                }
              : { ...s },
          );
        }
      }
      return result;
    },

    /** True when a window open at `at` covers the device and suppresses `what`. */
    async isInMaintenance(deviceId: number, at: Date, what: MaintenanceSuppression): Promise<boolean> {
      const found = (await service.devicesInMaintenance(at, [deviceId])).get(deviceId);
      return found?.[what] === true;
    },
  };
  return service;
}

export type MaintenanceService = ReturnType<typeof createMaintenanceService>;
