import { inArray, eq } from "drizzle-orm";
import {
  defaultTechnicianPermissions,
  permissions as allPermissions,
  type Permission,
} from "@steward/contracts";
import type { Db } from "../db/database.js";
import { technicianRoles, userTechnicianRoles } from "./identity.tables.js";

const known = new Set<string>(allPermissions);

/** A user's effective permissions: all for system administrators, else the union of their roles. */
export async function permissionsFor(
  db: Db,
  user: { id: number; isSystemAdmin: boolean },
): Promise<Permission[]> {
  if (user.isSystemAdmin) return [...allPermissions];
  const rows = await db
    .select({ permissions: technicianRoles.permissions })
    .from(userTechnicianRoles)
    .innerJoin(technicianRoles, eq(technicianRoles.id, userTechnicianRoles.roleId))
    .where(inArray(userTechnicianRoles.userId, [user.id]));
  if (rows.length === 0) return [...defaultTechnicianPermissions];
  const set = new Set<Permission>();
  for (const row of rows) for (const p of row.permissions) if (known.has(p)) set.add(p as Permission);
  return [...set];
}
