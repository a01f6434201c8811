import { asc, eq, inArray } from "drizzle-orm";
import { isOrganizationPermission, permissions as allPermissions, type Permission } from "@steward/contracts";
import type { Db } from "../db/database.js";
import { technicianRoleOrganizations, technicianRoles, userTechnicianRoles } from "./identity.tables.js";
import { scopeOfOrganizations, systemScope, type Scope } from "./scope.js";

const known = new Set<string>(allPermissions);
const noOrganizations = scopeOfOrganizations([]);

/**
 * What a user may do: the permissions held somewhere, and for each the organizations it
 * applies in. System administrators hold every permission everywhere; a technician holds the
 * union of their roles, per organization.
 */
export interface Grants {
  readonly permissions: ReadonlySet<Permission>;
  /** The organizations this permission applies in (none when it is not held). */
  scopeFor(permission: Permission): Scope;
}

/** Every permission in every organization. */
export const fullGrants: Grants = {
  permissions: new Set(allPermissions),
  scopeFor: () => systemScope,
};

/** One role as the grants are computed from it. */
export interface RoleGrant {
  permissions: readonly string[];
  allOrganizations: boolean;
  organizationIds: readonly number[];
}

/** The union of roles, per organization (pure; the roles module and tests use it too). */
export function grantsFromRoles(roles: readonly RoleGrant[]): Grants {
  const everywhere = new Set<Permission>();
  const perOrganization = new Map<Permission, Set<number>>();
  for (const role of roles) {
    for (const name of role.permissions) {
      if (!known.has(name)) continue;
      const permission = name as Permission;
      // A global permission concerns no organization: any role that grants it grants it whole.
      if (role.allOrganizations || !isOrganizationPermission(permission)) {
        everywhere.add(permission);
        continue;
      }
      const set = perOrganization.get(permission) ?? new Set<number>();
      for (const id of role.organizationIds) set.add(id);
      perOrganization.set(permission, set);
    }
  }
  const held = new Set<Permission>(everywhere);
  const scopes = new Map<Permission, Scope>();
  for (const [permission, ids] of perOrganization) {
    if (everywhere.has(permission) || ids.size === 0) continue;
    held.add(permission);
    scopes.set(permission, scopeOfOrganizations(ids));
  }
  return {
    permissions: held,
    scopeFor: (permission) =>
      everywhere.has(permission) ? systemScope : (scopes.get(permission) ?? noOrganizations),
  };
}

/** The roles a user holds, with their organization lists, in two queries. */
export async function rolesOf(db: Db, userId: number): Promise<RoleGrant[]> {
  const rows = await db
    .select({
      id: technicianRoles.id,
      permissions: technicianRoles.permissions,
      allOrganizations: technicianRoles.allOrganizations,
    })
    .from(userTechnicianRoles)
    .innerJoin(technicianRoles, eq(technicianRoles.id, userTechnicianRoles.roleId))
    .where(eq(userTechnicianRoles.userId, userId));
  if (rows.length === 0) return [];
  const lists = await roleOrganizationLists(
    db,
    rows.filter((r) => !r.allOrganizations).map((r) => r.id),
  );
  return rows.map((r) => ({
    permissions: r.permissions,
    allOrganizations: r.allOrganizations,
    organizationIds: lists.get(r.id) ?? [],
  }));
}

/** The organization lists of these roles (limited roles), each sorted by organization id. */
export async function roleOrganizationLists(
  db: Db,
  roleIds: readonly number[],
): Promise<Map<number, number[]>> {
  const lists = new Map<number, number[]>();
  if (roleIds.length === 0) return lists;
  const links = await db
    .select({
      roleId: technicianRoleOrganizations.roleId,
      organizationId: technicianRoleOrganizations.organizationId,
    })
    .from(technicianRoleOrganizations)
    .where(inArray(technicianRoleOrganizations.roleId, [...roleIds]))
    .orderBy(asc(technicianRoleOrganizations.organizationId));
  for (const link of links) lists.set(link.roleId, [...(lists.get(link.roleId) ?? []), link.organizationId]);
  return lists;
}

/** A user's grants: everything for system administrators, else the union of their roles. */
export async function grantsFor(db: Db, user: { id: number; isSystemAdmin: boolean }): Promise<Grants> {
  if (user.isSystemAdmin) return fullGrants;
  return grantsFromRoles(await rolesOf(db, user.id));
}

/** A user's effective permissions (held in at least one organization). */
export async function permissionsFor(
  db: Db,
  user: { id: number; isSystemAdmin: boolean },
): Promise<Permission[]> {
  return [...(await grantsFor(db, user)).permissions];
}
