import type { ScheduledTask, ScheduledTaskAction, ScheduledTaskTargets } from "@steward/contracts";
import { describeSchedule, scheduleTrigger, type Schedule } from "@steward/domain";
import type { ScheduledTaskRow } from "./scheduled-tasks.repository.js";

const iso = (d: Date | null) => (d === null ? null : d.toISOString());

export function presentScheduledTask(row: ScheduledTaskRow): ScheduledTask {
  const schedule = row.schedule as Schedule;
  const targets = row.targets as ScheduledTaskTargets;
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    enabled: row.enabled,
    targets: {
      deviceIds: targets.deviceIds,
      groupIds: targets.groupIds,
      organizationIds: targets.organizationIds,
    },
    action: row.action as ScheduledTaskAction,
    schedule,
    timeZone: row.timeZone,
    trigger: scheduleTrigger(schedule),
    summary: describeSchedule(schedule),
    nextRunAt: iso(row.nextRunAt),
    lastRunAt: iso(row.lastRunAt),
    runCount: row.runCount,
    occurrences: row.occurrences,
    lastRun: row.lastRunAt === null ? null : { jobCount: row.lastRunJobCount ?? 0, error: row.lastRunError },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
