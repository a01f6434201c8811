import { and, asc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { DeviceClass, DynamicSections } from "@steward/domain";
import type { Db } from "../../platform/db/database.js";
import { inScope, type Scope } from "../../platform/identity/index.js";
import { deviceRoles } from "../device-roles/device-roles.tables.js";
import { devices } from "../devices/devices.tables.js";
import type { DeviceFacts } from "./dynamic-policies.facts.js";
import { dynamicPolicies } from "./dynamic-policies.tables.js";

export interface DynamicPolicyRow {
  id: number;
  name: string;
  description: string;
  deviceClass: DeviceClass;
  enabled: boolean;
  priority: number;
  criteria: Record<string, unknown>;
  sections: DynamicSections;
  version: number;
  createdAt: Date;
  updatedAt: Date;
}

const deviceFactColumns = {
  id: devices.id,
  organizationId: devices.organizationId,
  locationId: devices.locationId,
  osFamily: devices.osFamily,
  osName: devices.osName,
  roleId: devices.roleId,
  roleKey: deviceRoles.key,
};

/** Every query for dynamic policies, and the device lookups their matching needs. */
export class DynamicPoliciesRepository {
  constructor(readonly db: Db) {}

  /** Serializes changes to the order (a few rows: the whole table is locked). */
  async lockAll(): Promise<void> {
    await this.db.execute(sql`lock table ${dynamicPolicies} in share row exclusive mode`);
  }

  /** Every dynamic policy, by class then priority. */
  async all(): Promise<DynamicPolicyRow[]> {
    const rows = await this.db
      .select()
      .from(dynamicPolicies)
      .orderBy(asc(dynamicPolicies.deviceClass), asc(dynamicPolicies.priority), asc(dynamicPolicies.id));
    return rows as DynamicPolicyRow[];
  }

  async find(id: number): Promise<DynamicPolicyRow | undefined> {
    const [row] = await this.db.select().from(dynamicPolicies).where(eq(dynamicPolicies.id, id));
    return row as DynamicPolicyRow | undefined;
  }

  async ofClass(deviceClass: DeviceClass): Promise<DynamicPolicyRow[]> {
    const rows = await this.db
      .select()
      .from(dynamicPolicies)
      .where(eq(dynamicPolicies.deviceClass, deviceClass))
      .orderBy(asc(dynamicPolicies.priority), asc(dynamicPolicies.id));
    return rows as DynamicPolicyRow[];
  }

  async insert(
    values: Omit<DynamicPolicyRow, "id" | "version" | "createdAt" | "updatedAt">,
  ): Promise<number> {
    const [row] = await this.db.insert(dynamicPolicies).values(values).returning({ id: dynamicPolicies.id });
    return row!.id;
  }

  /** Changes the given fields and moves the version. */
  async update(
    id: number,
    values: Partial<
      Pick<DynamicPolicyRow, "name" | "description" | "enabled" | "criteria" | "sections" | "priority">
    >,
  ): Promise<void> {
    await this.db
      .update(dynamicPolicies)
      .set({ ...values, version: sql`${dynamicPolicies.version} + 1`, updatedAt: new Date() })
      .where(eq(dynamicPolicies.id, id));
  }

  async delete(id: number): Promise<boolean> {
    const rows = await this.db
      .delete(dynamicPolicies)
      .where(eq(dynamicPolicies.id, id))
      .returning({ id: dynamicPolicies.id });
    return rows.length > 0;
  }

  /** The ids among `ids` (or every device when null) that a condition over devices selects. */
  async matching(where: SQL | undefined, ids: readonly number[] | null): Promise<number[]> {
    if (ids !== null && ids.length === 0) return [];
    const rows = await this.db
      .select({ id: devices.id })
      .from(devices)
      .where(and(where, ids === null ? undefined : inArray(devices.id, [...ids])));
    return rows.map((r) => r.id);
  }

  /** What decides the class of the devices of these OS families a condition selects in a scope. */
  async factsMatching(scope: Scope, where: SQL | undefined, osFamily: string): Promise<DeviceFacts[]> {
    return this.db
      .select(deviceFactColumns)
      .from(devices)
      .leftJoin(deviceRoles, eq(deviceRoles.id, devices.roleId))
      .where(and(where, eq(devices.osFamily, osFamily), inScope(scope, devices.organizationId)));
  }
}
