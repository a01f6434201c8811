import { isOrganizationPermission, permissions as allPermissions, type Permission } from "@steward/contracts";
import {
  scopeContains,
  scopeOfOrganizations,
  systemScope,
  type Grants,
  type RoleGrant,
  type Scope,
} from "../../platform/identity/index.js";

const known = new Set<string>(allPermissions);

/**
 * The organizations a caller can see at all: every organization where they hold some
 * organization permission. Organizations outside it answer like organizations that do not exist.
 */
export function visibleScope(grants: Grants): Scope {
  const ids = new Set<number>();
  for (const permission of grants.permissions) {
    if (!isOrganizationPermission(permission)) continue;
    const scope = grants.scopeFor(permission);
    if (scope.all) return systemScope;
    for (const id of scope.organizationIds) ids.add(id);
  }
  return scopeOfOrganizations(ids);
}

/**
 * The permissions of a role the granter does not hold over all of the role's organizations
 * (empty: the granter may create, edit into, or hand out this role). A global permission must
 * be held as such; an organization permission over every organization the role applies in.
 */
export function permissionsBeyond(grants: Grants, role: RoleGrant): Permission[] {
  const limited = scopeOfOrganizations(role.organizationIds);
  return role.permissions
    .filter((name): name is Permission => known.has(name))
    .filter((permission) => {
      const needed = role.allOrganizations || !isOrganizationPermission(permission) ? systemScope : limited;
      return !scopeContains(grants.scopeFor(permission), needed);
    });
}
