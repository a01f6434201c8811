import { permissions as allPermissions, type Permission, type TechnicianRole } from "@steward/contracts";
import type { RoleRow } from "./roles.repository.js";

const known = new Set<string>(allPermissions);

/** Row → contract; organizations without a name in `names` are outside the reader's scope and only counted. */
export function presentRole(row: RoleRow, names: ReadonlyMap<number, string>): TechnicianRole {
  const organizations = row.organizationIds
    .filter((id) => names.has(id))
    .map((id) => ({ id, name: names.get(id)! }))
    .sort((a, b) => a.name.localeCompare(b.name));
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    // A name no longer in the permission list grants nothing and is not shown.
    permissions: row.permissions.filter((p): p is Permission => known.has(p)),
    allOrganizations: row.allOrganizations,
    organizations,
    hiddenOrganizationCount: row.organizationIds.length - organizations.length,
    builtIn: row.isBuiltIn,
    holderCount: row.holderCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
