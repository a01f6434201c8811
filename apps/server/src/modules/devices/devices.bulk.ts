import { fillTemplate, sharedEn } from "@steward/contracts";
import { and, eq, sql, type SQL } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { Db } from "../../platform/db/database.js";
import { AppError } from "../../platform/errors/app-error.js";
import type { Scope } from "../../platform/identity/index.js";
import { deviceRoles } from "../device-roles/device-roles.tables.js";
import type { ActivityType } from "./devices.repository.js";
import { withinScope } from "./devices.grid.js";
import { deviceActivities, devices } from "./devices.tables.js";

/** Who made a change: the request (for the actor's name and id), or null for the system. */
export type Actor = FastifyRequest | null;

export function actorName(actor: Actor): string {
  const user = actor?.auth?.session.user;
  return user ? `${user.firstName} ${user.lastName}`.trim() || user.email : "the system";
}

const actorId = (actor: Actor) => actor?.auth?.session.user.id ?? null;

function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}

export const MAX_TAGS_PER_DEVICE = 50;

export interface Changed {
  id: number;
  organizationId: number;
}

/**
 * Set-based device changes: each is one UPDATE (or DELETE) over the devices a condition selects,
 * with one activity per changed device written by the same statement. A bulk action over 100,000
 * devices is one round trip, and a single-device change is the same code with `id = …`. Every
 * change is narrowed to the caller's scope: devices of other organizations are never touched.
 */
export function createBulkChanges(db: Db) {
  async function updateWithActivity(
    scope: Scope,
    set: SQL,
    where: SQL,
    activity: { type: ActivityType; message: SQL | string; data?: Record<string, unknown> },
    actor: Actor,
  ): Promise<Changed[]> {
    const result = await db.execute(sql`
      with changed as (
        update ${devices} set ${set} where ${withinScope(scope, where)}
        returning ${devices.id} as id, ${devices.organizationId} as organization_id, ${devices.hostname} as hostname
      ), logged as (
        insert into ${deviceActivities} (device_id, organization_id, type, message, data, actor_user_id)
        select id, organization_id, ${activity.type}, ${activity.message}, ${JSON.stringify(activity.data ?? {})}::jsonb, ${actorId(actor)}
        from changed
      )
      select id, organization_id from changed`);
    return rowsOf<{ id: number; organization_id: number }>(result).map((r) => ({
      id: Number(r.id),
      organizationId: Number(r.organization_id),
    }));
  }

  return {
    updateWithActivity,

    /** Sets (or clears) the role of the devices of the role's OS family. */
    async setRole(scope: Scope, where: SQL, roleId: number | null, actor: Actor): Promise<Changed[]> {
      if (roleId === null) {
        return updateWithActivity(
          scope,
          sql`role_id = null`,
          and(where, sql`${devices.roleId} is not null`)!,
          {
            type: "UPDATED",
            message: fillTemplate(sharedEn.activity.roleClearedBy, { actor: actorName(actor) }),
            data: { roleId: null },
          },
          actor,
        );
      }
      const [role] = await db.select().from(deviceRoles).where(eq(deviceRoles.id, roleId));
      if (!role) throw new AppError("E_DEVICE_ROLE_NOT_FOUND", 404);
      return updateWithActivity(
        scope,
        sql`role_id = ${roleId}`,
        and(where, eq(devices.osFamily, role.osFamily), sql`${devices.roleId} is distinct from ${roleId}`)!,
        {
          type: "UPDATED",
          message: fillTemplate(sharedEn.activity.roleSetBy, { role: role.name, actor: actorName(actor) }),
          data: { roleId },
        },
        actor,
      );
    },

    /** Adds a tag to the devices that lack it and have room for it. */
    async addTag(scope: Scope, where: SQL, tag: string, actor: Actor): Promise<Changed[]> {
      return updateWithActivity(
        scope,
        sql`tags = array_append(tags, ${tag}::text)`,
        and(
          where,
          sql`not (${tag}::text = any(${devices.tags}))`,
          sql`cardinality(${devices.tags}) < ${MAX_TAGS_PER_DEVICE}`,
        )!,
        {
          type: "TAGS_CHANGED",
          message: fillTemplate(sharedEn.activity.tagAddedBy, { tag, actor: actorName(actor) }),
          data: { added: tag },
        },
        actor,
      );
    },

    async removeTag(scope: Scope, where: SQL, tag: string, actor: Actor): Promise<Changed[]> {
      return updateWithActivity(
        scope,
        sql`tags = array_remove(tags, ${tag}::text)`,
        and(where, sql`${tag}::text = any(${devices.tags})`)!,
        {
          type: "TAGS_CHANGED",
          message: fillTemplate(sharedEn.activity.tagRemovedBy, { tag, actor: actorName(actor) }),
          data: { removed: tag },
        },
        actor,
      );
    },

    /** PENDING → APPROVED or REJECTED; devices in other states are left alone. */
    async decide(
      scope: Scope,
      where: SQL,
      decision: "APPROVED" | "REJECTED",
      actor: Actor,
    ): Promise<Changed[]> {
      return updateWithActivity(
        scope,
        sql`approval_status = ${decision}`,
        and(where, eq(devices.approvalStatus, "PENDING"))!,
        {
          type: decision,
          message: fillTemplate(
            decision === "APPROVED" ? sharedEn.activity.approvedBy : sharedEn.activity.rejectedBy,
            { actor: actorName(actor) },
          ),
        },
        actor,
      );
    },

    /** Deletes the devices (their activities, inventory and values go with them). */
    async remove(scope: Scope, where: SQL): Promise<(Changed & { hostname: string })[]> {
      const rows = await db
        .delete(devices)
        .where(withinScope(scope, where))
        .returning({ id: devices.id, organizationId: devices.organizationId, hostname: devices.hostname });
      return rows;
    },
  };
}

export type BulkChanges = ReturnType<typeof createBulkChanges>;
