import { and, inArray } from "drizzle-orm";
import type { Db } from "../../platform/db/database.js";
import { inScope, type Scope } from "../../platform/identity/index.js";
import { devices } from "../devices/devices.tables.js";
import { jobs } from "../jobs/jobs.tables.js";
import { organizations } from "../organizations/organizations.tables.js";

/** The reads behind a live stream's topics: which of the named things exist inside a scope. */
export class LiveRepository {
  constructor(private readonly db: Db) {}

  async organizationsInScope(scope: Scope, ids: readonly number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db
      .select({ id: organizations.id })
      .from(organizations)
      .where(and(inArray(organizations.id, [...ids]), inScope(scope, organizations.id)));
    return new Set(rows.map((r) => r.id));
  }

  async devicesInScope(scope: Scope, ids: readonly number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db
      .select({ id: devices.id })
      .from(devices)
      .where(and(inArray(devices.id, [...ids]), inScope(scope, devices.organizationId)));
    return new Set(rows.map((r) => r.id));
  }

  async jobsInScope(scope: Scope, uids: readonly string[]): Promise<Set<string>> {
    if (uids.length === 0) return new Set();
    const rows = await this.db
      .select({ jobUid: jobs.jobUid })
      .from(jobs)
      .where(and(inArray(jobs.jobUid, [...uids]), inScope(scope, jobs.organizationId)));
    return new Set(rows.map((r) => r.jobUid));
  }
}
