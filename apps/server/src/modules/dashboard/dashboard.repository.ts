import { and, asc, count, desc, eq, isNotNull, ne, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../platform/db/database.js";
import { inScope, type Scope } from "../../platform/identity/index.js";
// Read-model queries across modules' tables (read-only; each table's module alone writes it).
import { deviceRoles, devices, locations, organizations, users } from "../../platform/db/schema.js";

export interface DeviceScope {
  organizationId?: number;
  locationId?: number;
}

const n = (condition: SQL) => sql<number>`count(*) filter (where ${condition})`.mapWith(Number);

/** The devices of one organization or location, always inside the caller's scope. */
function scopeWhere(scope: Scope, place: DeviceScope): SQL {
  return and(
    inScope(scope, devices.organizationId),
    place.organizationId === undefined ? undefined : eq(devices.organizationId, place.organizationId),
    place.locationId === undefined ? undefined : eq(devices.locationId, place.locationId),
  )!;
}

/**
 * Every query the dashboards run; device figures are one aggregate pass each, never per device.
 * Organization-owned rows are read through the caller's scope only.
 */
export class DashboardRepository {
  constructor(readonly db: Db) {}

  async countOrganizations(scope: Scope): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(organizations)
      .where(inScope(scope, organizations.id));
    return row?.n ?? 0;
  }

  async countLocations(scope: Scope, organizationId?: number): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(locations)
      .where(
        and(
          inScope(scope, locations.organizationId),
          organizationId === undefined ? undefined : eq(locations.organizationId, organizationId),
        ),
      );
    return row?.n ?? 0;
  }

  /** Technicians and administrators who can or soon will sign in (invited or active, not disabled). */
  async countTechnicians(): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(users).where(ne(users.status, "DISABLED"));
    return row?.n ?? 0;
  }

  /** Devices under management (every enrolled device, whatever its approval). */
  async countDevices(scope: Scope): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(devices)
      .where(inScope(scope, devices.organizationId));
    return row?.n ?? 0;
  }

  async anyDevice(scope: Scope): Promise<boolean> {
    const rows = await this.db
      .select({ id: devices.id })
      .from(devices)
      .where(inScope(scope, devices.organizationId))
      .limit(1);
    return rows.length > 0;
  }

  async anyOrganization(scope: Scope): Promise<boolean> {
    const rows = await this.db
      .select({ id: organizations.id })
      .from(organizations)
      .where(inScope(scope, organizations.id))
      .limit(1);
    return rows.length > 0;
  }

  /** Whether anyone was ever invited by another user (the first admin is created by setup, not invited). */
  async anyInvitedUser(): Promise<boolean> {
    const rows = await this.db
      .select({ id: users.id })
      .from(users)
      .where(isNotNull(users.invitedByUserId))
      .limit(1);
    return rows.length > 0;
  }

  async findOrganization(scope: Scope, id: number) {
    const [row] = await this.db
      .select({ id: organizations.id, name: organizations.name })
      .from(organizations)
      .where(and(eq(organizations.id, id), inScope(scope, organizations.id)));
    return row;
  }

  async findLocation(scope: Scope, organizationId: number, locationId: number) {
    const [row] = await this.db
      .select({ id: locations.id, name: locations.name })
      .from(locations)
      .where(
        and(
          eq(locations.organizationId, organizationId),
          eq(locations.id, locationId),
          inScope(scope, locations.organizationId),
        ),
      );
    return row;
  }

  /** Status, approval and OS family counts in one pass. */
  async breakdown(scope: Scope, place: DeviceScope) {
    const [row] = await this.db
      .select({
        total: count(),
        up: n(sql`${devices.status} = 'UP'`),
        approved: n(sql`${devices.approvalStatus} = 'APPROVED'`),
        pending: n(sql`${devices.approvalStatus} = 'PENDING'`),
        rejected: n(sql`${devices.approvalStatus} = 'REJECTED'`),
        windows: n(sql`${devices.osFamily} = 'WINDOWS'`),
        mac: n(sql`${devices.osFamily} = 'MAC'`),
        linux: n(sql`${devices.osFamily} = 'LINUX'`),
      })
      .from(devices)
      .where(scopeWhere(scope, place));
    return row;
  }

  /** The organizations with the most devices. */
  byOrganization(scope: Scope, limit: number) {
    return this.db
      .select({
        id: organizations.id,
        name: organizations.name,
        total: count(),
        up: n(sql`${devices.status} = 'UP'`),
      })
      .from(devices)
      .innerJoin(organizations, eq(organizations.id, devices.organizationId))
      .where(inScope(scope, devices.organizationId))
      .groupBy(organizations.id, organizations.name)
      .orderBy(desc(count()), asc(sql`lower(${organizations.name})`))
      .limit(limit);
  }

  /** Every location of an organization with its device counts (empty ones too). */
  byLocation(scope: Scope, organizationId: number) {
    return this.db
      .select({
        id: locations.id,
        name: locations.name,
        total: count(devices.id),
        up: n(sql`${devices.status} = 'UP'`),
      })
      .from(locations)
      .leftJoin(devices, eq(devices.locationId, locations.id))
      .where(and(eq(locations.organizationId, organizationId), inScope(scope, locations.organizationId)))
      .groupBy(locations.id, locations.name)
      .orderBy(desc(count(devices.id)), asc(sql`lower(${locations.name})`));
  }

  /** Devices per role (id 0: devices without a role). */
  byRole(scope: Scope, place: DeviceScope) {
    return this.db
      .select({
        id: sql<number>`coalesce(${deviceRoles.id}, 0)`.mapWith(Number),
        name: sql<string>`coalesce(${deviceRoles.name}, 'No role')`,
        total: count(),
        up: n(sql`${devices.status} = 'UP'`),
      })
      .from(devices)
      .leftJoin(deviceRoles, eq(deviceRoles.id, devices.roleId))
      .where(scopeWhere(scope, place))
      .groupBy(deviceRoles.id, deviceRoles.name)
      .orderBy(desc(count()), asc(sql`coalesce(${deviceRoles.name}, 'No role')`));
  }

  /** The devices that went offline most recently (those whose agent was ever in touch). */
  recentlyOffline(scope: Scope, place: DeviceScope, limit: number) {
    return this.db
      .select({
        id: devices.id,
        hostname: devices.hostname,
        displayName: devices.displayName,
        organizationId: devices.organizationId,
        organizationName: organizations.name,
        locationId: devices.locationId,
        locationName: locations.name,
        osFamily: devices.osFamily,
        wentDownAt: devices.statusChangedAt,
      })
      .from(devices)
      .innerJoin(organizations, eq(organizations.id, devices.organizationId))
      .innerJoin(locations, eq(locations.id, devices.locationId))
      .where(and(eq(devices.status, "DOWN"), isNotNull(devices.lastContactAt), scopeWhere(scope, place)))
      .orderBy(desc(devices.statusChangedAt), desc(devices.id))
      .limit(limit);
  }
}
