import { and, asc, eq, inArray, ne, sql } from "drizzle-orm";
import type { Db } from "../../platform/db/database.js";
import { organizations } from "../../platform/db/schema.js";
import {
  roleOrganizationLists,
  inScope,
  technicianRoleOrganizations,
  technicianRoles,
  userTechnicianRoles,
  type Scope,
} from "../../platform/identity/index.js";

export interface RoleRow {
  id: number;
  name: string;
  description: string;
  permissions: string[];
  isBuiltIn: boolean;
  allOrganizations: boolean;
  organizationIds: number[];
  holderCount: number;
  createdAt: Date;
  updatedAt: Date;
}

export interface RoleValues {
  name: string;
  description: string;
  permissions: string[];
  allOrganizations: boolean;
  organizationIds: readonly number[];
}

const columns = {
  id: technicianRoles.id,
  name: technicianRoles.name,
  description: technicianRoles.description,
  permissions: technicianRoles.permissions,
  isBuiltIn: technicianRoles.isBuiltIn,
  allOrganizations: technicianRoles.allOrganizations,
  createdAt: technicianRoles.createdAt,
  updatedAt: technicianRoles.updatedAt,
  holderCount: sql<number>`(select count(*)::int from user_technician_roles h where h.role_id = "technician_roles"."id")`,
};

/**
 * Every query on technician roles, their organization lists and who holds them. Roles are
 * global (they are not owned by an organization); the organizations they list are read
 * through the caller's scope where names are shown.
 */
export function createRolesRepository(db: Db) {
  async function withOrganizations(rows: Omit<RoleRow, "organizationIds">[]): Promise<RoleRow[]> {
    const lists = await roleOrganizationLists(
      db,
      rows.filter((r) => !r.allOrganizations).map((r) => r.id),
    );
    return rows.map((r) => ({
      ...r,
      organizationIds: r.allOrganizations ? [] : (lists.get(r.id) ?? []),
    }));
  }

  async function replaceOrganizations(tx: Pick<Db, "delete" | "insert">, roleId: number, values: RoleValues) {
    await tx.delete(technicianRoleOrganizations).where(eq(technicianRoleOrganizations.roleId, roleId));
    if (!values.allOrganizations && values.organizationIds.length > 0)
      await tx
        .insert(technicianRoleOrganizations)
        .values(values.organizationIds.map((organizationId) => ({ roleId, organizationId })));
  }

  return {
    async list(): Promise<RoleRow[]> {
      const rows = await db
        .select(columns)
        .from(technicianRoles)
        .orderBy(
          sql`${technicianRoles.isBuiltIn} desc`,
          sql`lower(${technicianRoles.name})`,
          asc(technicianRoles.id),
        );
      return withOrganizations(rows);
    },

    async byId(id: number): Promise<RoleRow | undefined> {
      const rows = await db.select(columns).from(technicianRoles).where(eq(technicianRoles.id, id)).limit(1);
      return (await withOrganizations(rows))[0];
    },

    async byIds(ids: readonly number[]): Promise<RoleRow[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .select(columns)
        .from(technicianRoles)
        .where(inArray(technicianRoles.id, [...ids]));
      return withOrganizations(rows);
    },

    /** True when another role already has this name, compared case-insensitively. */
    async nameTaken(name: string, exceptId?: number): Promise<boolean> {
      const rows = await db
        .select({ id: technicianRoles.id })
        .from(technicianRoles)
        .where(
          and(
            eq(sql`lower(${technicianRoles.name})`, name.toLowerCase()),
            exceptId === undefined ? undefined : ne(technicianRoles.id, exceptId),
          ),
        )
        .limit(1);
      return rows.length > 0;
    },

    async insert(values: RoleValues): Promise<number> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(technicianRoles)
          .values({
            name: values.name,
            description: values.description,
            permissions: values.permissions,
            allOrganizations: values.allOrganizations,
            isBuiltIn: false,
          })
          .returning({ id: technicianRoles.id });
        if (!row) throw new Error("insert failed");
        await replaceOrganizations(tx, row.id, values);
        return row.id;
      });
    },

    async update(id: number, values: RoleValues): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .update(technicianRoles)
          .set({
            name: values.name,
            description: values.description,
            permissions: values.permissions,
            allOrganizations: values.allOrganizations,
            updatedAt: new Date(),
          })
          .where(and(eq(technicianRoles.id, id), eq(technicianRoles.isBuiltIn, false)));
        await replaceOrganizations(tx, id, values);
      });
    },

    /** Deletes a custom role nobody holds; false when it is held (or gone, or built in). */
    async removeUnheld(id: number): Promise<boolean> {
      const rows = await db
        .delete(technicianRoles)
        .where(
          and(
            eq(technicianRoles.id, id),
            eq(technicianRoles.isBuiltIn, false),
            sql`not exists (select 1 from user_technician_roles h where h.role_id = ${id})`,
          ),
        )
        .returning({ id: technicianRoles.id });
      return rows.length > 0;
    },

    /** The names of these organizations that the scope covers (the others stay unnamed). */
    async organizationNames(ids: readonly number[], scope: Scope): Promise<Map<number, string>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({ id: organizations.id, name: organizations.name })
        .from(organizations)
        .where(and(inArray(organizations.id, [...ids]), inScope(scope, organizations.id)));
      return new Map(rows.map((r) => [r.id, r.name]));
    },

    async roleIdsOfUsers(userIds: readonly number[]): Promise<Map<number, number[]>> {
      const byUser = new Map<number, number[]>();
      if (userIds.length === 0) return byUser;
      const rows = await db
        .select({ userId: userTechnicianRoles.userId, roleId: userTechnicianRoles.roleId })
        .from(userTechnicianRoles)
        .where(inArray(userTechnicianRoles.userId, [...userIds]))
        .orderBy(asc(userTechnicianRoles.roleId));
      for (const r of rows) byUser.set(r.userId, [...(byUser.get(r.userId) ?? []), r.roleId]);
      return byUser;
    },

    /** Replaces the roles a user holds. */
    async setUserRoles(userId: number, roleIds: readonly number[]): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(userTechnicianRoles).where(eq(userTechnicianRoles.userId, userId));
        if (roleIds.length > 0)
          await tx.insert(userTechnicianRoles).values(roleIds.map((roleId) => ({ userId, roleId })));
      });
    },
  };
}

export type RolesRepository = ReturnType<typeof createRolesRepository>;
