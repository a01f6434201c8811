import { count, isNotNull, ne } from "drizzle-orm";
import type { Db } from "../../platform/db/database.js";
// Read-model queries across modules' tables (read-only; each table's module alone writes it).
import { locations, organizations, users } from "../../platform/db/schema.js";

/** Every query the dashboards run. */
export class DashboardRepository {
  constructor(readonly db: Db) {}

  async countOrganizations(): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(organizations);
    return row?.n ?? 0;
  }

  async countLocations(): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(locations);
    return row?.n ?? 0;
  }

  /** Technicians and administrators who can or soon will sign in (invited or active, not disabled). */
  async countTechnicians(): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(users).where(ne(users.status, "DISABLED"));
    return row?.n ?? 0;
  }

  /**
   * Devices under management. Devices do not exist yet: the device module replaces this with a
   * count over its table; every dashboard figure about devices comes from here.
   */
  countDevices(): Promise<number> {
    return Promise.resolve(0);
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
}
