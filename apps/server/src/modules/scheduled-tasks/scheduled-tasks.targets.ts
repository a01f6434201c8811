import { and, asc, eq, inArray, not, or, sql, type SQL } from "drizzle-orm";
import type { ScheduledTaskTargets } from "@steward/contracts";
import type { Db } from "../../platform/db/database.js";
import { AppError } from "../../platform/errors/app-error.js";
import { inScope, scopeIsEmpty, systemScope, type Scope } from "../../platform/identity/index.js";
import type { DevicesService } from "../devices/index.js";
import { devices } from "../devices/devices.tables.js";
import { organizations } from "../organizations/organizations.tables.js";
import { scheduledTasks } from "./scheduled-tasks.tables.js";

const PAGE = 5_000;

/** The devices module's group resolution on a database handle (the caller's transaction, if any). */
export type DevicesOn = (db: Db) => Pick<DevicesService, "whereOf">;

/** The devices a group (saved search) selects now, or null when the group no longer exists. */
async function groupWhere(db: Db, devicesOn: DevicesOn, groupId: number): Promise<SQL | null> {
  try {
    return (await devicesOn(db).whereOf({ groupId })) ?? sql`true`;
  } catch (error) {
    if (error instanceof AppError && error.code === "E_SAVED_SEARCH_NOT_FOUND") return null;
    throw error;
  }
}

/** True when the group selects a device outside the scope (a group reaches organizations through its devices). */
async function groupReachesOutside(db: Db, where: SQL, scope: Scope): Promise<boolean> {
  if (scope.all) return false;
  const [row] = await db
    .select({ id: devices.id })
    .from(devices)
    .where(and(where, not(inScope(scope, devices.organizationId))))
    .limit(1);
  return row !== undefined;
}

/**
 * The approved devices a task's targets mean right now, inside `scope`: its devices, the
 * members of its groups (saved searches, resolved by the devices module) and the devices of its
 * organizations. A group or device deleted since the task was saved simply contributes nothing.
 * The scheduler passes systemScope; "Run now" the caller's jobs.run scope.
 */
export async function resolveTargetDevices(
  db: Db,
  devicesOn: DevicesOn,
  targets: ScheduledTaskTargets,
  scope: Scope,
): Promise<number[]> {
  const parts: SQL[] = [];
  if (targets.deviceIds.length > 0) parts.push(inArray(devices.id, targets.deviceIds));
  if (targets.organizationIds.length > 0)
    parts.push(inArray(devices.organizationId, targets.organizationIds));
  for (const groupId of targets.groupIds) {
    const where = await groupWhere(db, devicesOn, groupId);
    if (where) parts.push(where);
  }
  if (parts.length === 0) return [];
  const where = and(
    or(...parts),
    eq(devices.approvalStatus, "APPROVED"),
    inScope(scope, devices.organizationId),
  );
  const ids: number[] = [];
  for (let offset = 0; ; offset += PAGE) {
    const rows = await db
      .select({ id: devices.id })
      .from(devices)
      .where(where)
      .orderBy(asc(sql`lower(coalesce(${devices.displayName}, ${devices.hostname}))`), asc(devices.id))
      .limit(PAGE)
      .offset(offset);
    ids.push(...rows.map((r) => r.id));
    if (rows.length < PAGE) return ids;
  }
}

const listed = (ids: readonly number[]) => ids.slice(0, 10).join(", ");

/**
 * Refuses targets that do not exist when the task is saved (404 with the missing ids). A target
 * outside the caller's scope (a device or organization there, a group that selects a device
 * there) is refused exactly the same way, so the answer does not tell it exists.
 */
export async function checkTargets(
  db: Db,
  devicesOn: DevicesOn,
  targets: ScheduledTaskTargets,
  scope: Scope,
): Promise<void> {
  if (targets.deviceIds.length > 0) {
    const rows = await db
      .select({ id: devices.id })
      .from(devices)
      .where(and(inArray(devices.id, targets.deviceIds), inScope(scope, devices.organizationId)));
    const found = new Set(rows.map((d) => d.id));
    const missing = targets.deviceIds.filter((id) => !found.has(id));
    if (missing.length > 0)
      throw new AppError("E_DEVICE_NOT_FOUND", 404, {
        id: "errors.scheduledTasks.noDevices",
        values: { ids: listed(missing) },
      });
  }
  if (targets.organizationIds.length > 0) {
    const rows = await db
      .select({ id: organizations.id })
      .from(organizations)
      .where(and(inArray(organizations.id, targets.organizationIds), inScope(scope, organizations.id)));
    const found = new Set(rows.map((o) => o.id));
    const missing = targets.organizationIds.filter((id) => !found.has(id));
    if (missing.length > 0)
      throw new AppError("E_ORGANIZATION_NOT_FOUND", 404, {
        id: "errors.scheduledTasks.noOrganizations",
        values: { ids: listed(missing) },
      });
  }
  for (const groupId of targets.groupIds) {
    const where = await groupWhere(db, devicesOn, groupId);
    if (!where || (await groupReachesOutside(db, where, scope)))
      throw new AppError("E_SAVED_SEARCH_NOT_FOUND", 404, {
        id: "errors.scheduledTasks.noGroup",
        values: { id: groupId },
      });
  }
}

declare const taskScopeBrand: unique symbol;

/**
 * Which scheduled tasks a caller may see and change: those whose every target lies in their
 * scope. Devices and organizations are checked in SQL; a group reaches organizations through
 * the devices it selects, which only the devices module can resolve, so the groups of saved
 * tasks that select a device outside the scope are found first and listed here. For a caller
 * limited to some organizations, a target deleted since the task was saved (a device or group)
 * no longer shows where it was, so its task is hidden from them too.
 */
export type TaskScope = {
  readonly scope: Scope;
  readonly hiddenGroupIds: readonly number[];
  readonly [taskScopeBrand]: true;
};

/** Every task: the server's own view (scheduler, tests), never a console caller's. */
export const everyTask = { scope: systemScope, hiddenGroupIds: [] } as unknown as TaskScope;

/** The caller's view of scheduled tasks (see TaskScope). */
export async function taskScopeFor(db: Db, devicesOn: DevicesOn, scope: Scope): Promise<TaskScope> {
  const hiddenGroupIds: number[] = [];
  if (!scope.all) {
    const groups = await db
      .selectDistinct({ id: sql<number>`(g.value)::int`.mapWith(Number) })
      .from(
        sql`${scheduledTasks}, jsonb_array_elements_text(${scheduledTasks.targets} -> 'groupIds') as g(value)`,
      );
    for (const { id } of groups) {
      if (scopeIsEmpty(scope)) {
        hiddenGroupIds.push(id);
        continue;
      }
      const where = await groupWhere(db, devicesOn, id);
      // A group deleted since the task was saved can no longer show where it reached: hidden.
      if (!where || (await groupReachesOutside(db, where, scope))) hiddenGroupIds.push(id);
    }
  }
  return { scope, hiddenGroupIds } as unknown as TaskScope;
}

/** The SQL condition "every target of this task is in the caller's view". */
export function taskVisible(view: TaskScope): SQL {
  const { scope, hiddenGroupIds } = view;
  if (scope.all) return sql`true`;
  const targets = scheduledTasks.targets;
  const conditions: SQL[] = [
    sql`not exists (select 1 from jsonb_array_elements_text(${targets} -> 'organizationIds') as o(value)
      where not (${inScope(scope, sql`(o.value)::int`)}))`,
    sql`not exists (select 1 from jsonb_array_elements_text(${targets} -> 'deviceIds') as d(value)
      where not exists (select 1 from ${devices}
        where ${devices.id} = (d.value)::int and ${inScope(scope, devices.organizationId)}))`,
  ];
  if (hiddenGroupIds.length > 0)
    conditions.push(
      sql`not exists (select 1 from jsonb_array_elements_text(${targets} -> 'groupIds') as g(value)
        where (g.value)::int in (${sql.join(
          hiddenGroupIds.map((id) => sql`${id}`),
          sql`, `,
        )}))`,
    );
  return and(...conditions)!;
}
