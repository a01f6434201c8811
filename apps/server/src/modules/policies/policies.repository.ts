import { and, asc, eq, inArray, or, sql } from "drizzle-orm";
import type { DeviceClass, PolicyItems } from "@steward/domain";
import type { Db } from "../../platform/db/database.js";
import { inScope, type Scope } from "../../platform/identity/index.js";
import { deviceRoles } from "../device-roles/device-roles.tables.js";
import { devices } from "../devices/devices.tables.js";
import { locations, organizations } from "../organizations/organizations.tables.js";
import {
  devicePolicyOverrides,
  devicePolicyStates,
  locationPolicyOverrides,
  organizationPolicyAssignments,
  policies,
} from "./policies.tables.js";

const policyColumns = {
  id: policies.id,
  name: policies.name,
  description: policies.description,
  deviceClass: policies.deviceClass,
  parentId: policies.parentId,
  isDefault: policies.isDefault,
  enabled: policies.enabled,
  items: policies.items,
  version: policies.version,
  createdAt: policies.createdAt,
  updatedAt: policies.updatedAt,
};

export interface PolicyRow {
  id: number;
  name: string;
  description: string;
  deviceClass: DeviceClass;
  parentId: number | null;
  isDefault: boolean;
  enabled: boolean;
  items: PolicyItems;
  version: number;
  createdAt: Date;
  updatedAt: Date;
}

/** What decides a device's class and the assignments that reach it. */
export interface DeviceFacts {
  id: number;
  organizationId: number;
  locationId: number;
  osFamily: string;
  osName: string;
  roleId: number | null;
  roleKey: string | null;
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

/** Every query for policies, their assignments and overrides. */
export class PoliciesRepository {
  constructor(readonly db: Db) {}

  /** Adds the Default policy of each class that has none (idempotent; safe with several servers starting). */
  async ensureDefaults(defaults: readonly { name: string; deviceClass: DeviceClass }[]): Promise<void> {
    await this.db
      .insert(policies)
      .values(defaults.map((d) => ({ ...d, isDefault: true })))
      .onConflictDoNothing();
  }

  /** Every policy (the whole forest: a few hundred rows at most). */
  async all(): Promise<PolicyRow[]> {
    const rows = await this.db
      .select(policyColumns)
      .from(policies)
      .orderBy(asc(policies.deviceClass), asc(sql`lower(${policies.name})`), asc(policies.id));
    return rows as PolicyRow[];
  }

  /** Locks every policy row until the transaction ends: changes to the forest happen one at a time. */
  async lockAll(): Promise<void> {
    await this.db.select({ id: policies.id }).from(policies).for("update");
  }

  async insert(values: {
    name: string;
    description: string;
    deviceClass: DeviceClass;
    parentId: number | null;
    enabled: boolean;
    items: PolicyItems;
  }): Promise<number> {
    const [row] = await this.db.insert(policies).values(values).returning({ id: policies.id });
    if (!row) throw new Error("policy insert returned no row");
    return row.id;
  }

  async update(
    id: number,
    values: Partial<Pick<PolicyRow, "name" | "description" | "parentId" | "enabled" | "items">>,
  ): Promise<void> {
    const set = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
    await this.db
      .update(policies)
      .set({ ...set, updatedAt: new Date() })
      .where(eq(policies.id, id));
  }

  async bumpVersions(ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .update(policies)
      .set({ version: sql`${policies.version} + 1`, updatedAt: new Date() })
      .where(inArray(policies.id, [...ids]));
  }

  async delete(id: number): Promise<void> {
    await this.db.delete(policies).where(eq(policies.id, id));
  }

  // ---- Devices ----

  /** A device in the caller's scope, with what decides its class. */
  async device(scope: Scope, deviceId: number): Promise<DeviceFacts | undefined> {
    const [row] = await this.db
      .select(deviceFactColumns)
      .from(devices)
      .leftJoin(deviceRoles, eq(deviceRoles.id, devices.roleId))
      .where(and(eq(devices.id, deviceId), inScope(scope, devices.organizationId)));
    return row;
  }

  /** The devices of this list in the caller's scope. */
  async devices(scope: Scope, deviceIds: readonly number[]): Promise<DeviceFacts[]> {
    if (deviceIds.length === 0) return [];
    return this.db
      .select(deviceFactColumns)
      .from(devices)
      .leftJoin(deviceRoles, eq(deviceRoles.id, devices.roleId))
      .where(and(inArray(devices.id, [...deviceIds]), inScope(scope, devices.organizationId)));
  }

  /**
   * Every device an assignment of this policy could reach (its own override, its location's or its
   * organization's for its role); whether the policy wins is decided by the precedence rule.
   */
  async devicesReachedBy(policyId: number): Promise<DeviceFacts[]> {
    return this.db
      .select(deviceFactColumns)
      .from(devices)
      .leftJoin(deviceRoles, eq(deviceRoles.id, devices.roleId))
      .where(
        or(
          sql`${devices.id} in (select ${devicePolicyOverrides.deviceId} from ${devicePolicyOverrides} where ${devicePolicyOverrides.policyId} = ${policyId})`,
          sql`${devices.locationId} in (select ${locationPolicyOverrides.locationId} from ${locationPolicyOverrides} where ${locationPolicyOverrides.policyId} = ${policyId})`,
          sql`(${devices.organizationId}, ${devices.roleId}) in (select ${organizationPolicyAssignments.organizationId}, ${organizationPolicyAssignments.roleId} from ${organizationPolicyAssignments} where ${organizationPolicyAssignments.policyId} = ${policyId})`,
        ),
      );
  }

  /**
   * Every device in the caller's scope with the policies assigned to it at each level, in one
   * query: its own override, its organization's for its role, and its location's per class.
   */
  async devicesWithAssignments(scope: Scope): Promise<
    (DeviceFacts & {
      devicePolicyId: number | null;
      rolePolicyId: number | null;
      locationPolicies: Record<string, number> | null;
    })[]
  > {
    return this.db
      .select({
        ...deviceFactColumns,
        devicePolicyId: devicePolicyOverrides.policyId,
        rolePolicyId: organizationPolicyAssignments.policyId,
        locationPolicies: sql<Record<
          string,
          number
        > | null>`(select jsonb_object_agg(${locationPolicyOverrides.deviceClass}, ${locationPolicyOverrides.policyId}) from ${locationPolicyOverrides} where ${locationPolicyOverrides.locationId} = ${devices.locationId})`,
      })
      .from(devices)
      .leftJoin(deviceRoles, eq(deviceRoles.id, devices.roleId))
      .leftJoin(devicePolicyOverrides, eq(devicePolicyOverrides.deviceId, devices.id))
      .leftJoin(
        organizationPolicyAssignments,
        and(
          eq(organizationPolicyAssignments.organizationId, devices.organizationId),
          eq(organizationPolicyAssignments.roleId, devices.roleId),
        ),
      )
      .where(inScope(scope, devices.organizationId));
  }

  /**
   * Devices whose agents are to receive their policy: approved ones, either these (an agent that
   * just connected) or every one that is up (after a change).
   */
  async devicesForDelivery(deviceIds: readonly number[] | null): Promise<DeviceFacts[]> {
    return this.db
      .select(deviceFactColumns)
      .from(devices)
      .leftJoin(deviceRoles, eq(deviceRoles.id, devices.roleId))
      .where(
        and(
          eq(devices.approvalStatus, "APPROVED"),
          deviceIds === null ? eq(devices.status, "UP") : inArray(devices.id, [...deviceIds]),
        ),
      );
  }

  /** Every approved device (scheduled automations run on devices whether connected or not). */
  async approvedDevices(): Promise<DeviceFacts[]> {
    return this.db
      .select(deviceFactColumns)
      .from(devices)
      .leftJoin(deviceRoles, eq(deviceRoles.id, devices.roleId))
      .where(eq(devices.approvalStatus, "APPROVED"));
  }

  /** What these devices' agents last acknowledged applying. */
  async appliedStates(deviceIds: readonly number[]) {
    if (deviceIds.length === 0) return [];
    return this.db
      .select()
      .from(devicePolicyStates)
      .where(inArray(devicePolicyStates.deviceId, [...deviceIds]));
  }

  /** Records the policy and version a device's agent acknowledged applying. */
  async recordApplied(
    deviceId: number,
    applied: { policyId: number | null; version: number | null; enforced: boolean; appliedAt: Date },
  ): Promise<void> {
    await this.db
      .insert(devicePolicyStates)
      .values({ deviceId, ...applied })
      .onConflictDoUpdate({ target: devicePolicyStates.deviceId, set: applied });
  }

  /** The policies assigned at each level to these devices. */
  async assignmentsOf(list: readonly DeviceFacts[]): Promise<{
    device: Map<number, number>;
    location: Map<string, number>;
    organizationRole: Map<string, number>;
  }> {
    const ids = list.map((d) => d.id);
    const locationIds = [...new Set(list.map((d) => d.locationId))];
    const organizationIds = [...new Set(list.map((d) => d.organizationId))];
    if (ids.length === 0) return { device: new Map(), location: new Map(), organizationRole: new Map() };
    const [own, byLocation, byRole] = await Promise.all([
      this.db
        .select({ deviceId: devicePolicyOverrides.deviceId, policyId: devicePolicyOverrides.policyId })
        .from(devicePolicyOverrides)
        .where(inArray(devicePolicyOverrides.deviceId, ids)),
      this.db
        .select({
          locationId: locationPolicyOverrides.locationId,
          deviceClass: locationPolicyOverrides.deviceClass,
          policyId: locationPolicyOverrides.policyId,
        })
        .from(locationPolicyOverrides)
        .where(inArray(locationPolicyOverrides.locationId, locationIds)),
      this.db
        .select({
          organizationId: organizationPolicyAssignments.organizationId,
          roleId: organizationPolicyAssignments.roleId,
          policyId: organizationPolicyAssignments.policyId,
        })
        .from(organizationPolicyAssignments)
        .where(inArray(organizationPolicyAssignments.organizationId, organizationIds)),
    ]);
    return {
      device: new Map(own.map((r) => [r.deviceId, r.policyId])),
      location: new Map(byLocation.map((r) => [`${r.locationId}:${r.deviceClass}`, r.policyId])),
      organizationRole: new Map(byRole.map((r) => [`${r.organizationId}:${r.roleId}`, r.policyId])),
    };
  }

  async setDeviceOverrides(
    list: readonly { id: number; organizationId: number }[],
    policyId: number | null,
  ): Promise<void> {
    if (list.length === 0) return;
    const ids = list.map((d) => d.id);
    if (policyId === null) {
      await this.db.delete(devicePolicyOverrides).where(inArray(devicePolicyOverrides.deviceId, ids));
      return;
    }
    await this.db
      .insert(devicePolicyOverrides)
      .values(list.map((d) => ({ deviceId: d.id, organizationId: d.organizationId, policyId })))
      .onConflictDoUpdate({
        target: devicePolicyOverrides.deviceId,
        set: {
          policyId,
          organizationId: sql`excluded.organization_id`,
          updatedAt: new Date(),
        },
      });
  }

  // ---- Organizations and locations ----

  async organizationExists(scope: Scope, organizationId: number): Promise<boolean> {
    const [row] = await this.db
      .select({ id: organizations.id })
      .from(organizations)
      .where(and(eq(organizations.id, organizationId), inScope(scope, organizations.id)));
    return row !== undefined;
  }

  async locationExists(scope: Scope, organizationId: number, locationId: number): Promise<boolean> {
    const [row] = await this.db
      .select({ id: locations.id })
      .from(locations)
      .where(
        and(
          eq(locations.id, locationId),
          eq(locations.organizationId, organizationId),
          inScope(scope, locations.organizationId),
        ),
      );
    return row !== undefined;
  }

  /** Every device role with the organization's policy for it (null where it has none). */
  organizationAssignments(organizationId: number) {
    return this.db
      .select({
        roleId: deviceRoles.id,
        roleName: deviceRoles.name,
        roleKey: deviceRoles.key,
        osFamily: deviceRoles.osFamily,
        policyId: organizationPolicyAssignments.policyId,
      })
      .from(deviceRoles)
      .leftJoin(
        organizationPolicyAssignments,
        and(
          eq(organizationPolicyAssignments.roleId, deviceRoles.id),
          eq(organizationPolicyAssignments.organizationId, organizationId),
        ),
      )
      .orderBy(asc(deviceRoles.osFamily), asc(sql`lower(${deviceRoles.name})`));
  }

  async roles(ids: readonly number[]) {
    if (ids.length === 0) return [];
    return this.db
      .select({ id: deviceRoles.id, name: deviceRoles.name, osFamily: deviceRoles.osFamily })
      .from(deviceRoles)
      .where(inArray(deviceRoles.id, [...ids]));
  }

  async replaceOrganizationAssignments(
    organizationId: number,
    assignments: readonly { roleId: number; policyId: number }[],
  ): Promise<void> {
    await this.db
      .delete(organizationPolicyAssignments)
      .where(eq(organizationPolicyAssignments.organizationId, organizationId));
    if (assignments.length > 0)
      await this.db
        .insert(organizationPolicyAssignments)
        .values(assignments.map((a) => ({ organizationId, ...a })));
  }

  locationOverrides(locationId: number) {
    return this.db
      .select({
        deviceClass: locationPolicyOverrides.deviceClass,
        policyId: locationPolicyOverrides.policyId,
      })
      .from(locationPolicyOverrides)
      .where(eq(locationPolicyOverrides.locationId, locationId))
      .orderBy(asc(locationPolicyOverrides.deviceClass));
  }

  async replaceLocationOverrides(
    organizationId: number,
    locationId: number,
    overrides: readonly { deviceClass: DeviceClass; policyId: number }[],
  ): Promise<void> {
    await this.db.delete(locationPolicyOverrides).where(eq(locationPolicyOverrides.locationId, locationId));
    if (overrides.length > 0)
      await this.db
        .insert(locationPolicyOverrides)
        .values(overrides.map((o) => ({ organizationId, locationId, ...o })));
  }
}
