import { and, eq, inArray } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../platform/db/database.js";
import { systemScope } from "../../platform/identity/index.js";
import {
  DEFAULT_SCHEDULE_TIME_ZONE,
  scheduleKeyOf,
  slotAfterRun,
  slotCheck,
  type SlotSchedule,
  type SlotState,
} from "../../platform/schedule-slots.js";
import type { MaintenanceService } from "../maintenance/index.js";
import { plansOf, type PlanSource } from "./backup.plans.js";
import type { BackupRepository } from "./backup.repository.js";
import type { BackupService } from "./backup.service.js";
import { backupScheduleRuns } from "./backup.tables.js";

/** Devices whose plans are read per batch. */
const BATCH = 1000;

export interface BackupScheduleDeps {
  db: Db;
  repo: Pick<BackupRepository, "devices" | "runningBackups">;
  plans: PlanSource;
  backup: Pick<BackupService, "startBackup">;
  maintenance: Pick<MaintenanceService, "devicesInMaintenance">;
  clock?: () => Date;
  logger?: Pick<FastifyBaseLogger, "warn" | "error">;
}

/** A plan's slot that came due in a pass, and what became of it. */
export interface ScheduledBackup {
  deviceId: number;
  planId: string;
  /** The backup job started (null: none was). */
  jobUid: string | null;
  /** Why no backup started: a maintenance window suppressing automations, or a run still going. */
  skipped: "maintenance" | "running" | null;
  error: string | null;
}

interface Wanted {
  deviceId: number;
  planId: string;
  slot: SlotSchedule;
}

const keyOf = (deviceId: number, planId: string) => `${deviceId}:${planId}`;
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Runs the backup plans' schedules: each pass, every enabled plan with a schedule in an approved device's
 * effective policy whose slot has come starts one backup job of that plan on that device, as
 * the backup module starts any backup. A device in a maintenance window that suppresses
 * automations skips the slot, and so does a plan whose previous backup still runs there. Each
 * device and plan keeps its own schedule state, under the same slot rule as the policies'
 * scheduled automations; a slot is claimed with a conditional update, so two server nodes never
 * both run it.
 */
export function createBackupSchedule(deps: BackupScheduleDeps) {
  const clock = deps.clock ?? (() => new Date());
  const { db } = deps;

  const unreadable = (w: Wanted) => (error: unknown) =>
    deps.logger?.error(
      { err: error, deviceId: w.deviceId, planId: w.planId },
      "backup plan has an unreadable schedule",
    );

  /** The scheduled, enabled plans of these devices. */
  async function wantedOf(deviceIds: number[]): Promise<Wanted[]> {
    const out: Wanted[] = [];
    for (const [deviceId, plans] of await plansOf(deps.plans, deviceIds))
      for (const [planId, plan] of plans) {
        if (!plan.enabled || !plan.schedule) continue;
        const timeZone = DEFAULT_SCHEDULE_TIME_ZONE;
        const schedule = plan.schedule as SlotSchedule["schedule"];
        out.push({
          deviceId,
          planId,
          slot: { schedule, timeZone, scheduleKey: scheduleKeyOf(schedule, timeZone) },
        });
      }
    return out;
  }

  /** The stored states of these devices, by device and plan; states no plan wants are removed. */
  async function statesOf(deviceIds: number[], wanted: Wanted[]): Promise<Map<string, SlotState>> {
    const keep = new Set(wanted.map((w) => keyOf(w.deviceId, w.planId)));
    const found = new Map<string, SlotState>();
    const rows = await db
      .select()
      .from(backupScheduleRuns)
      .where(inArray(backupScheduleRuns.deviceId, deviceIds));
    for (const r of rows) {
      const key = keyOf(r.deviceId, r.planId);
      if (keep.has(key)) found.set(key, r);
      else
        await db
          .delete(backupScheduleRuns)
          .where(and(eq(backupScheduleRuns.deviceId, r.deviceId), eq(backupScheduleRuns.planId, r.planId)));
    }
    return found;
  }

  const rowOf = (w: Wanted) =>
    and(eq(backupScheduleRuns.deviceId, w.deviceId), eq(backupScheduleRuns.planId, w.planId));

  /** Moves the state past the slot unless another node already did; true when this pass owns it. */
  async function claim(w: Wanted, stored: SlotState, now: Date): Promise<boolean> {
    const after = slotAfterRun(stored, w.slot, now, unreadable(w));
    const claimed = await db
      .update(backupScheduleRuns)
      .set({ nextRunAt: after.nextRunAt, occurrences: after.occurrences, lastRunAt: now })
      .where(
        and(
          rowOf(w),
          eq(backupScheduleRuns.scheduleKey, stored.scheduleKey),
          eq(backupScheduleRuns.occurrences, stored.occurrences),
        ),
      )
      .returning({ deviceId: backupScheduleRuns.deviceId });
    return claimed.length > 0;
  }

  async function start(w: Wanted): Promise<Pick<ScheduledBackup, "jobUid" | "error">> {
    const label = `Backup schedule of plan "${w.planId}"`;
    try {
      const { jobUid } = await deps.backup.startBackup(
        { userId: 0, name: label, audit: { actorUserId: null, actorLabel: label, ip: null } },
        systemScope,
        w.deviceId,
        w.planId,
        false,
      );
      await db.update(backupScheduleRuns).set({ lastJobUid: jobUid }).where(rowOf(w));
      return { jobUid, error: null };
    } catch (error) {
      deps.logger?.warn(
        { err: error, deviceId: w.deviceId, planId: w.planId },
        "scheduled backup failed to start",
      );
      return { jobUid: null, error: messageOf(error) };
    }
  }

  async function batch(deviceIds: number[], now: Date): Promise<ScheduledBackup[]> {
    const wanted = await wantedOf(deviceIds);
    const states = await statesOf(deviceIds, wanted);
    const due: { w: Wanted; stored: SlotState }[] = [];
    for (const w of wanted) {
      const stored = states.get(keyOf(w.deviceId, w.planId));
      const { fresh, due: isDue } = slotCheck(stored, w.slot, now, unreadable(w));
      if (fresh) {
        const values = { ...fresh, lastRunAt: null, lastJobUid: null };
        await db
          .insert(backupScheduleRuns)
          .values({ deviceId: w.deviceId, planId: w.planId, ...values })
          .onConflictDoUpdate({
            target: [backupScheduleRuns.deviceId, backupScheduleRuns.planId],
            set: values,
          });
      }
      if (isDue) due.push({ w, stored: fresh ?? stored! });
    }
    if (due.length === 0) return [];
    const reached = [...new Set(due.map((d) => d.w.deviceId))];
    const inMaintenance = await deps.maintenance.devicesInMaintenance(now, reached);
    const running = await deps.repo.runningBackups(reached);
    const out: ScheduledBackup[] = [];
    for (const { w, stored } of due) {
      if (!(await claim(w, stored, now))) continue;
      const base = { deviceId: w.deviceId, planId: w.planId };
      if (inMaintenance.get(w.deviceId)?.automations === true)
        out.push({ ...base, jobUid: null, skipped: "maintenance", error: null });
      else if (running.has(keyOf(w.deviceId, w.planId)))
        out.push({ ...base, jobUid: null, skipped: "running", error: null });
      else out.push({ ...base, skipped: null, ...(await start(w)) });
    }
    return out;
  }

  return {
    /** One pass: starts the backup of every plan slot due now. */
    async tick(): Promise<ScheduledBackup[]> {
      const now = clock();
      const ids = (await deps.repo.devices(systemScope, { approvedOnly: true })).map((d) => d.id);
      const out: ScheduledBackup[] = [];
      for (let i = 0; i < ids.length; i += BATCH) out.push(...(await batch(ids.slice(i, i + BATCH), now)));
      return out;
    },
  };
}
export type BackupSchedule = ReturnType<typeof createBackupSchedule>;
