import type { SessionUser, TechnicianRole } from "@steward/contracts";

/**
 * Whether the signed-in user may hand out (or take away) a role: they must hold every permission
 * the role grants; system administrators hold everything. Organization limits are the server's
 * to check: it refuses a role over organizations where the user lacks those permissions.
 */
export function canGrantRole(
  user: Pick<SessionUser, "isSystemAdmin" | "permissions"> | null,
  role: Pick<TechnicianRole, "permissions">,
): boolean {
  if (!user) return false;
  if (user.isSystemAdmin) return true;
  return role.permissions.every((permission) => user.permissions.includes(permission));
}
