import { and, eq, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { DeviceAgentReport, agent as proto } from "@steward/contracts";
import type { Db } from "../../platform/db/database.js";
import { AppError } from "../../platform/errors/app-error.js";
import { inScope, type Scope } from "../../platform/identity/index.js";
import { devices } from "../devices/devices.tables.js";
import { agentReleases, deviceAgentReports } from "./agent-updates.tables.js";

/**
 * The numbers a version name starts with, to compare versions as numbers (1.10.0 is newer than
 * 1.9.2); null for a name that starts with no number, which is then neither older nor newer.
 */
function versionNumbers(version: AnyPgColumn | SQL): SQL {
  return sql`string_to_array((regexp_match(${version}, '^[0-9]+(?:\\.[0-9]+)*'))[1], '.')::numeric[]`;
}

/** The newest version published for self-update, as numbers (null when none is published). */
const newestRelease = (): SQL =>
  sql`(select max(${versionNumbers(agentReleases.version)}) from ${agentReleases})`;

/**
 * Devices whose agent runs an older version than the newest one published for self-update. A
 * device whose agent never said its version is not counted: there is nothing to compare.
 */
export function outdatedAgentCondition(): SQL {
  return sql`(${devices.agentVersion} <> '' and ${versionNumbers(devices.agentVersion)} < ${newestRelease()})`;
}

/** Stores what an agent said about itself in its hello (an older agent says nothing). */
export async function recordSelfReport(
  db: Db,
  deviceId: number,
  self: proto.AgentSelfReport | undefined,
  at: Date,
): Promise<void> {
  if (!self) return;
  const values = {
    platform: self.platform,
    arch: self.arch,
    packaging: self.packaging,
    installPath: self.installPath,
    installDir: self.installDir ?? null,
    serviceManager: self.serviceManager ?? null,
    lastErrors: self.lastErrors,
    reportedAt: at,
  };
  await upsert(db, deviceId, values);
}

/** Stores the last report an agent sent on an update (whichever rollout it belonged to). */
export async function recordUpdateResult(
  db: Db,
  deviceId: number,
  message: proto.UpdateStatusMessage,
  at: Date,
): Promise<void> {
  await upsert(db, deviceId, {
    lastUpdateVersion: message.version,
    lastUpdateStatus: message.status,
    lastUpdateReason: message.reason ?? null,
    lastUpdateAt: at,
  });
}

async function upsert(
  db: Db,
  deviceId: number,
  values: Partial<typeof deviceAgentReports.$inferInsert>,
): Promise<void> {
  const [device] = await db
    .select({ organizationId: devices.organizationId })
    .from(devices)
    .where(eq(devices.id, deviceId));
  if (!device) return;
  await db
    .insert(deviceAgentReports)
    .values({ deviceId, organizationId: device.organizationId, ...values })
    .onConflictDoUpdate({
      target: deviceAgentReports.deviceId,
      set: { organizationId: device.organizationId, ...values },
    });
}

/** One device's agent as the caller's scope allows (another organization's device is missing). */
export async function deviceAgentReport(db: Db, deviceId: number, scope: Scope): Promise<DeviceAgentReport> {
  const [row] = await db
    .select({
      agentVersion: devices.agentVersion,
      latestVersion: sql<
        string | null
      >`(select r.version from ${agentReleases} r order by ${versionNumbers(sql`r.version`)} desc nulls last, r.id desc limit 1)`,
      outdated: sql<boolean>`coalesce(${outdatedAgentCondition()}, false)`,
      report: deviceAgentReports,
    })
    .from(devices)
    .leftJoin(deviceAgentReports, eq(deviceAgentReports.deviceId, devices.id))
    .where(and(eq(devices.id, deviceId), inScope(scope, devices.organizationId)));
  if (!row) throw new AppError("E_DEVICE_NOT_FOUND", 404, { id: "errors.devices.noSuch" });
  const r = row.report;
  return {
    deviceId,
    agentVersion: row.agentVersion,
    latestVersion: row.latestVersion,
    outdated: Boolean(row.outdated),
    platform: r?.platform ?? null,
    arch: r?.arch ?? null,
    packaging: (r?.packaging ?? null) as DeviceAgentReport["packaging"],
    installPath: r?.installPath ?? null,
    installDir: r?.installDir ?? null,
    serviceManager: (r?.serviceManager ?? null) as DeviceAgentReport["serviceManager"],
    reportedAt: r?.reportedAt?.toISOString() ?? null,
    lastErrors: (r?.lastErrors ?? []) as DeviceAgentReport["lastErrors"],
    lastUpdate:
      r?.lastUpdateVersion && r.lastUpdateStatus && r.lastUpdateAt
        ? {
            version: r.lastUpdateVersion,
            status: r.lastUpdateStatus as NonNullable<DeviceAgentReport["lastUpdate"]>["status"],
            reason: r.lastUpdateReason,
            at: r.lastUpdateAt.toISOString(),
          }
        : null,
  };
}
