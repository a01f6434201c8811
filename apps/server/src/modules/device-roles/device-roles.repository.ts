import { asc, desc, eq, sql } from "drizzle-orm";
import { builtInDeviceRoles } from "@steward/domain";
import type { Db } from "../../platform/db/database.js";
import { inScope, type Scope } from "../../platform/identity/index.js";
import { customFields } from "../custom-fields/custom-fields.tables.js";
import { devices } from "../devices/devices.tables.js";
import { deviceRoles } from "./device-roles.tables.js";

/**
 * A role's columns. Roles are global, but the devices that hold one belong to organizations: the
 * device count covers the caller's organizations only.
 */
const columns = (scope: Scope) => ({
  id: deviceRoles.id,
  key: deviceRoles.key,
  name: deviceRoles.name,
  osFamily: deviceRoles.osFamily,
  description: deviceRoles.description,
  builtIn: deviceRoles.builtIn,
  createdAt: deviceRoles.createdAt,
  deviceCount:
    sql<number>`(select count(*) from ${devices} where ${devices}.role_id = ${deviceRoles}.id and ${inScope(scope, sql`${devices}.organization_id`)})`.mapWith(
      Number,
    ),
  customFieldCount:
    sql<number>`(select count(*) from ${customFields} where ${customFields}.role_id = ${deviceRoles}.id)`.mapWith(
      Number,
    ),
});

export type DeviceRoleRow = Awaited<ReturnType<DeviceRolesRepository["list"]>>[number];

/** Every query for device roles. */
export class DeviceRolesRepository {
  constructor(readonly db: Db) {}

  /** Adds the built-in roles that are missing (idempotent; safe with several servers starting). */
  async ensureBuiltIns(): Promise<void> {
    await this.db
      .insert(deviceRoles)
      .values(
        builtInDeviceRoles.map((r) => ({ key: r.key, name: r.name, osFamily: r.osFamily, builtIn: true })),
      )
      .onConflictDoNothing();
  }

  list(scope: Scope) {
    return this.db
      .select(columns(scope))
      .from(deviceRoles)
      .orderBy(asc(deviceRoles.osFamily), desc(deviceRoles.builtIn), asc(sql`lower(${deviceRoles.name})`));
  }

  async find(scope: Scope, id: number) {
    const [row] = await this.db.select(columns(scope)).from(deviceRoles).where(eq(deviceRoles.id, id));
    return row;
  }

  async insert(values: { name: string; osFamily: string; description: string }): Promise<number> {
    const [row] = await this.db.insert(deviceRoles).values(values).returning({ id: deviceRoles.id });
    if (!row) throw new Error("role insert returned no row");
    return row.id;
  }

  async update(
    id: number,
    values: { name?: string | undefined; description?: string | undefined },
  ): Promise<void> {
    const set = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
    if (Object.keys(set).length > 0) await this.db.update(deviceRoles).set(set).where(eq(deviceRoles.id, id));
  }

  async delete(id: number): Promise<void> {
    await this.db.delete(deviceRoles).where(eq(deviceRoles.id, id));
  }
}
