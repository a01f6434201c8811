import { and, asc, count, desc, eq, isNotNull, ne, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../platform/db/database.js";
// Read-model queries across modules' tables (read-only; each table's module alone writes it).
import { deviceRoles, devices, locations, organizations, users } from "../../platform/db/schema.js";

export interface DeviceScope {
  organizationId?: number;
  locationId?: number;
}

const n = (condition: SQL) => sql<number>`count(*) filter (where ${condition})`.mapWith(Number);

function scopeWhere(scope: DeviceScope): SQL | undefined {
  return and(
    scope.organizationId === undefined ? undefined : eq(devices.organizationId, scope.organizationId),
    scope.locationId === undefined ? undefined : eq(devices.locationId, scope.locationId),
  );
}

/** Every query the dashboards run; device figures are one aggregate pass each, never per device. */
export class DashboardRepository {
  constructor(readonly db: Db) {}

  async countOrganizations(): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(organizations);
    return row?.n ?? 0;
  }

  async countLocations(organizationId?: number): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(locations)
      .where(organizationId === undefined ? undefined : eq(locations.organizationId, organizationId));
    return row?.n ?? 0;
  }

  /** Technicians and administrators who can or soon will sign in (invited or active, not disabled). */
  async countTechnicians(): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(users).where(ne(users.status, "DISABLED"));
    return row?.n ?? 0;
  }

  /** Devices under management (every enrolled device, whatever its approval). */
  async countDevices(): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(devices);
    return row?.n ?? 0;
  }

  async anyDevice(): Promise<boolean> {
    return (await this.db.select({ id: devices.id }).from(devices).limit(1)).length > 0;
  }

  async anyOrganization(): Promise<boolean> {
    const rows = await this.db.select({ id: organizations.id }).from(organizations).limit(1);
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

  async findOrganization(id: number) {
    const [row] = await this.db
      .select({ id: organizations.id, name: organizations.name })
      .from(organizations)
      .where(eq(organizations.id, id));
    return row;
  }

  async findLocation(organizationId: number, locationId: number) {
    const [row] = await this.db
      .select({ id: locations.id, name: locations.name })
      .from(locations)
      .where(and(eq(locations.organizationId, organizationId), eq(locations.id, locationId)));
    return row;
  }

  /** Status, approval and OS family counts in one pass. */
  async breakdown(scope: DeviceScope) {
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
      .where(scopeWhere(scope));
    return row;
  }

  /** The organizations with the most devices. */
  byOrganization(limit: number) {
    return this.db
      .select({
        id: organizations.id,
        name: organizations.name,
        total: count(),
        up: n(sql`${devices.status} = 'UP'`),
      })
      .from(devices)
      .innerJoin(organizations, eq(organizations.id, devices.organizationId))
      .groupBy(organizations.id, organizations.name)
      .orderBy(desc(count()), asc(sql`lower(${organizations.name})`))
      .limit(limit);
  }

  /** Every location of an organization with its device counts (empty ones too). */
  byLocation(organizationId: number) {
    return this.db
      .select({
        id: locations.id,
        name: locations.name,
        total: count(devices.id),
        up: n(sql`${devices.status} = 'UP'`),
      })
      .from(locations)
      .leftJoin(devices, eq(devices.locationId, locations.id))
      .where(eq(locations.organizationId, organizationId))
      .groupBy(locations.id, locations.name)
      .orderBy(desc(count(devices.id)), asc(sql`lower(${locations.name})`));
  }

  /** Devices per role (id 0: devices without a role). */
  byRole(scope: DeviceScope) {
    return this.db
      .select({
        id: sql<number>`coalesce(${deviceRoles.id}, 0)`.mapWith(Number),
        name: sql<string>`coalesce(${deviceRoles.name}, 'No role')`,
        total: count(),
        up: n(sql`${devices.status} = 'UP'`),
      })
      .from(devices)
      .leftJoin(deviceRoles, eq(deviceRoles.id, devices.roleId))
      .where(scopeWhere(scope))
      .groupBy(deviceRoles.id, deviceRoles.name)
      .orderBy(desc(count()), asc(sql`coalesce(${deviceRoles.name}, 'No role')`));
  }

  /** The devices that went offline most recently (those whose agent was ever in touch). */
  recentlyOffline(scope: DeviceScope, limit: number) {
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
      .where(and(eq(devices.status, "DOWN"), isNotNull(devices.lastContactAt), scopeWhere(scope)))
      .orderBy(desc(devices.statusChangedAt), desc(devices.id))
      .limit(limit);
  }
}
