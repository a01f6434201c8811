import { and, or, sql, type SQL } from "drizzle-orm";
import type { ScheduledTaskTargets } from "@steward/contracts";
import type { Db } from "../../platform/db/database.js";
import { AppError } from "../../platform/errors/app-error.js";
import { createDevicesService } from "../devices/index.js";

const PAGE = 5_000;

/**
 * The approved devices a task's targets mean right now: its devices, the members of its groups
 * (saved searches, resolved by the devices module) and the devices of its organizations. A
 * group or device deleted since the task was saved simply contributes nothing.
 */
export async function resolveTargetDevices(db: Db, targets: ScheduledTaskTargets): Promise<number[]> {
  const devices = createDevicesService({ db });
  const parts: SQL[] = [];
  if (targets.deviceIds.length > 0) parts.push(devices.idsWhere(targets.deviceIds));
  if (targets.organizationIds.length > 0)
    parts.push((await devices.whereOf({ organizationIds: targets.organizationIds })) ?? sql`true`);
  for (const groupId of targets.groupIds) {
    try {
      parts.push((await devices.whereOf({ groupId })) ?? sql`true`);
    } catch (error) {
      if (!(error instanceof AppError && error.code === "E_SAVED_SEARCH_NOT_FOUND")) throw error;
    }
  }
  if (parts.length === 0) return [];
  const where = and(or(...parts), await devices.whereOf({ approval: ["APPROVED"] }));
  const ids: number[] = [];
  for (let offset = 0; ; offset += PAGE) {
    const rows = await devices.grid.page(where, "name", PAGE, offset);
    ids.push(...rows.map((r) => r.id));
    if (rows.length < PAGE) return ids;
  }
}

/** Refuses targets that do not exist when the task is saved (404 with the missing ids). */
export async function checkTargetsExist(db: Db, targets: ScheduledTaskTargets): Promise<void> {
  const devices = createDevicesService({ db });
  if (targets.deviceIds.length > 0) {
    const found = new Set((await devices.grid.byIds(targets.deviceIds)).map((d) => d.id));
    const missing = targets.deviceIds.filter((id) => !found.has(id));
    if (missing.length > 0)
      throw new AppError(
        "E_DEVICE_NOT_FOUND",
        404,
        `targets.deviceIds: no device with id ${missing.slice(0, 10).join(", ")}`,
      );
  }
  for (const groupId of targets.groupIds) {
    try {
      await devices.resolve({ groupId });
    } catch (error) {
      if (error instanceof AppError && error.code === "E_SAVED_SEARCH_NOT_FOUND") {
        throw new AppError("E_SAVED_SEARCH_NOT_FOUND", 404, `targets.groupIds: no group with id ${groupId}`);
      }
      throw error;
    }
  }
}
