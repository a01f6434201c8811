import { and, count, desc, eq, gte, inArray, lte, or, sql, type SQL } from "drizzle-orm";
import { unionAll } from "drizzle-orm/pg-core";
import type { Db } from "../../platform/db/database.js";
import { inScope, users, type Scope } from "../../platform/identity/index.js";
import { deviceActivities, devices } from "../devices/devices.tables.js";
import { jobs } from "../jobs/jobs.tables.js";
import { organizations } from "../organizations/organizations.tables.js";

// Read-model queries over the jobs and device_activities tables (owned by the jobs and devices
// modules): this module only reads them, always inside the caller's organization scope.

const OPEN_STATUSES = ["START_REQUESTED", "CANCEL_REQUESTED"];
const deviceName = sql<string>`coalesce(${devices.displayName}, ${devices.hostname})`;
const userName = sql<
  string | null
>`coalesce(nullif(trim(${users.firstName} || ' ' || ${users.lastName}), ''), ${users.email})`;

export interface PendingFilter {
  organizationId?: number | undefined;
  deviceId?: number | undefined;
}

export interface ActivityFilter {
  organizationId?: number | undefined;
  deviceId?: number | undefined;
  types?: string[] | undefined;
  /** Job statuses; SUCCESS / FAILURE mean COMPLETED with that result. */
  statuses?: string[] | undefined;
  userId?: number | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
}

export type PendingRow = Awaited<ReturnType<ActivitiesRepository["pending"]>>["items"][number];
export type ActivityRow = Awaited<ReturnType<ActivitiesRepository["activities"]>>["items"][number];

export class ActivitiesRepository {
  constructor(readonly db: Db) {}

  async organizationExists(scope: Scope, id: number): Promise<boolean> {
    const rows = await this.db
      .select({ id: organizations.id })
      .from(organizations)
      .where(and(eq(organizations.id, id), inScope(scope, organizations.id)));
    return rows.length === 1;
  }

  async deviceExists(scope: Scope, id: number): Promise<boolean> {
    const rows = await this.db
      .select({ id: devices.id })
      .from(devices)
      .where(and(eq(devices.id, id), inScope(scope, devices.organizationId)));
    return rows.length === 1;
  }

  /** Jobs still waiting to run or to be cancelled, newest first, with device and script names. */
  async pending(scope: Scope, filter: PendingFilter, page: number, pageSize: number) {
    const where = and(
      inScope(scope, jobs.organizationId),
      inArray(jobs.jobStatus, OPEN_STATUSES),
      filter.organizationId ? eq(jobs.organizationId, filter.organizationId) : undefined,
      filter.deviceId ? eq(jobs.deviceId, filter.deviceId) : undefined,
    );
    const [items, [total]] = await Promise.all([
      this.db
        .select({
          jobUid: jobs.jobUid,
          jobType: jobs.jobType,
          jobStatus: jobs.jobStatus,
          jobName: jobs.jobName,
          scriptName: sql<string | null>`${jobs.content} -> 'script' ->> 'name'`,
          scriptId: sql<
            number | null
          >`case when jsonb_typeof(${jobs.content} -> 'scriptId') = 'number' then (${jobs.content} ->> 'scriptId')::int end`,
          deviceId: jobs.deviceId,
          deviceName,
          organizationId: jobs.organizationId,
          organizationName: organizations.name,
          delivery: jobs.delivery,
          userId: jobs.appUserId,
          userName,
          createdAt: jobs.createdAt,
        })
        .from(jobs)
        .innerJoin(devices, eq(devices.id, jobs.deviceId))
        .innerJoin(organizations, eq(organizations.id, jobs.organizationId))
        .leftJoin(users, eq(users.id, jobs.appUserId))
        .where(where)
        .orderBy(desc(jobs.createdAt), desc(jobs.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize),
      this.db.select({ n: count() }).from(jobs).where(where),
    ]);
    return { items, total: total?.n ?? 0 };
  }

  private jobWhere(scope: Scope, f: ActivityFilter): SQL | undefined {
    const statuses = f.statuses?.filter((s) => s !== "SUCCESS" && s !== "FAILURE") ?? [];
    const results = f.statuses?.filter((s) => s === "SUCCESS" || s === "FAILURE") ?? [];
    return and(
      inScope(scope, jobs.organizationId),
      f.organizationId ? eq(jobs.organizationId, f.organizationId) : undefined,
      f.deviceId ? eq(jobs.deviceId, f.deviceId) : undefined,
      f.types ? inArray(jobs.jobType, f.types) : undefined,
      f.statuses
        ? or(
            statuses.length ? inArray(jobs.jobStatus, statuses) : undefined,
            results.length
              ? and(eq(jobs.jobStatus, "COMPLETED"), inArray(jobs.jobResult, results))
              : undefined,
          )
        : undefined,
      f.userId ? eq(jobs.appUserId, f.userId) : undefined,
      f.from ? gte(jobs.createdAt, f.from) : undefined,
      f.to ? lte(jobs.createdAt, f.to) : undefined,
    );
  }

  private deviceWhere(scope: Scope, f: ActivityFilter): SQL | undefined {
    return and(
      inScope(scope, deviceActivities.organizationId),
      // Device activities have no status: a status filter leaves them all out.
      f.statuses ? sql`false` : undefined,
      f.organizationId ? eq(deviceActivities.organizationId, f.organizationId) : undefined,
      f.deviceId ? eq(deviceActivities.deviceId, f.deviceId) : undefined,
      f.types ? inArray(deviceActivities.type, f.types) : undefined,
      f.userId ? eq(deviceActivities.actorUserId, f.userId) : undefined,
      f.from ? gte(deviceActivities.at, f.from) : undefined,
      f.to ? lte(deviceActivities.at, f.to) : undefined,
    );
  }

  /** Jobs and device activities merged, newest first. */
  async activities(scope: Scope, f: ActivityFilter, page: number, pageSize: number) {
    const jobWhere = this.jobWhere(scope, f);
    const deviceWhere = this.deviceWhere(scope, f);
    const fromJobs = this.db
      .select({
        source: sql<"JOB" | "DEVICE">`'JOB'`.as("source"),
        key: sql<string>`'JOB-' || ${jobs.jobUid}`.as("key"),
        at: sql<Date>`${jobs.createdAt}`.mapWith(jobs.createdAt).as("at"),
        sortId: sql<number>`${jobs.id}`.mapWith(Number).as("sort_id"),
        type: sql<string>`${jobs.jobType}`.as("type"),
        status: sql<string | null>`${jobs.jobStatus}`.as("status"),
        result: sql<string | null>`${jobs.jobResult}`.as("result"),
        message: sql<string | null>`coalesce(${jobs.resultContent} ->> 'errorMessage', ${jobs.message})`.as(
          "message",
        ),
        jobUid: sql<string | null>`${jobs.jobUid}`.as("job_uid"),
        jobName: sql<string | null>`coalesce(${jobs.data} ->> 'originalJobName', ${jobs.jobName})`.as(
          "job_name",
        ),
        deviceId: sql<number>`${jobs.deviceId}`.mapWith(Number).as("device_id"),
        deviceName: sql<string>`${deviceName}`.as("device_name"),
        organizationId: sql<number>`${jobs.organizationId}`.mapWith(Number).as("organization_id"),
        userId: sql<number | null>`${jobs.appUserId}`.as("user_id"),
        userName: sql<string | null>`${userName}`.as("user_name"),
      })
      .from(jobs)
      .innerJoin(devices, eq(devices.id, jobs.deviceId))
      .leftJoin(users, eq(users.id, jobs.appUserId))
      .where(jobWhere);
    const fromDevices = this.db
      .select({
        source: sql<"JOB" | "DEVICE">`'DEVICE'`.as("source"),
        key: sql<string>`'DEVICE-' || ${deviceActivities.id}`.as("key"),
        at: sql<Date>`${deviceActivities.at}`.mapWith(deviceActivities.at).as("at"),
        sortId: sql<number>`${deviceActivities.id}`.mapWith(Number).as("sort_id"),
        type: sql<string>`${deviceActivities.type}`.as("type"),
        status: sql<string | null>`null::text`.as("status"),
        result: sql<string | null>`null::text`.as("result"),
        message: sql<string | null>`${deviceActivities.message}`.as("message"),
        jobUid: sql<string | null>`null::text`.as("job_uid"),
        jobName: sql<string | null>`null::text`.as("job_name"),
        deviceId: sql<number>`${deviceActivities.deviceId}`.mapWith(Number).as("device_id"),
        deviceName: sql<string>`${deviceName}`.as("device_name"),
        organizationId: sql<number>`${deviceActivities.organizationId}`.mapWith(Number).as("organization_id"),
        userId: sql<number | null>`${deviceActivities.actorUserId}`.as("user_id"),
        userName: sql<string | null>`${userName}`.as("user_name"),
      })
      .from(deviceActivities)
      .innerJoin(devices, eq(devices.id, deviceActivities.deviceId))
      .leftJoin(users, eq(users.id, deviceActivities.actorUserId))
      .where(deviceWhere);

    const [items, [jobTotal], [deviceTotal]] = await Promise.all([
      unionAll(fromJobs, fromDevices)
        .orderBy(sql`"at" desc`, sql`"source" desc`, sql`"sort_id" desc`)
        .limit(pageSize)
        .offset((page - 1) * pageSize),
      this.db.select({ n: count() }).from(jobs).where(jobWhere),
      this.db.select({ n: count() }).from(deviceActivities).where(deviceWhere),
    ]);
    return { items, total: (jobTotal?.n ?? 0) + (deviceTotal?.n ?? 0) };
  }
}
