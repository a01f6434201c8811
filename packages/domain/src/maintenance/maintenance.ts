import { nextRun } from "../schedule/next-run.js";
import type { Schedule, ScheduleRepeats } from "../schedule/schedule.js";

/** What a maintenance window can hold back while it is active. */
export const MAINTENANCE_SUPPRESSIONS = ["alerts", "notifications", "automations"] as const;
export type MaintenanceSuppression = (typeof MAINTENANCE_SUPPRESSIONS)[number];

/** Schedule kinds a recurring window may use: the ones that fire on a timer and repeat. */
export const MAINTENANCE_REPEATS = [
  "DAILY",
  "WEEKLY",
  "MONTHLY",
  "EVERY",
] as const satisfies readonly ScheduleRepeats[];

/** The longest occurrence of a recurring window: 31 days, in minutes. */
export const MAX_MAINTENANCE_DURATION_MINUTES = 31 * 24 * 60;

const MINUTE_MS = 60_000;

/** When a window is open: once between two instants, or on a schedule for a fixed length each time. */
export type MaintenanceTiming =
  | { kind: "ONE_OFF"; startsAt: Date; endsAt: Date }
  | { kind: "RECURRING"; schedule: Schedule; timeZone: string; durationMinutes: number };

export interface MaintenanceInterval {
  start: Date;
  end: Date;
}

/**
 * The occurrence of a window that covers `at`, or null when the window is closed then. The
 * answer depends only on the window and the instant, never on anything having fired, so a window
 * that ended while the server was stopped is simply over when it starts again.
 *
 * - One-off: open from startsAt (included) to endsAt (excluded).
 * - Recurring: each start of the schedule opens it for durationMinutes of elapsed time (so across
 *   a daylight-saving change the wall-clock end moves by the shift). The schedule engine places
 *   the starts: wall-clock times kept, a skipped time shifted forward by the gap, a repeated one
 *   taken at its first occurrence; an End On date bounds the starts, and an occurrence that
 *   started on that date runs its full length. "End After N" is not used by windows.
 */
export function maintenanceOccurrenceAt(timing: MaintenanceTiming, at: Date): MaintenanceInterval | null {
  const t = at.getTime();
  if (timing.kind === "ONE_OFF") {
    return timing.startsAt.getTime() <= t && t < timing.endsAt.getTime()
      ? { start: timing.startsAt, end: timing.endsAt }
      : null;
  }
  const length = timing.durationMinutes * MINUTE_MS;
  if (!(length > 0)) return null;
  // The first start strictly after (at − length): if it is not later than `at`, it still runs.
  let start = nextRun(timing.schedule, timing.timeZone, new Date(t - length), 0);
  if (start === null || start.getTime() > t) return null;
  // Occurrences may overlap (longer than the interval): the latest one that has started counts.
  for (;;) {
    const later = nextRun(timing.schedule, timing.timeZone, start, 0);
    if (later === null || later.getTime() > t || later.getTime() <= start.getTime()) break;
    start = later;
  }
  return { start, end: new Date(start.getTime() + length) };
}

/** True when the window is open at `at`. */
export function isMaintenanceActive(timing: MaintenanceTiming, at: Date): boolean {
  return maintenanceOccurrenceAt(timing, at) !== null;
}

/**
 * The next time the window opens strictly after `at` (for "upcoming"), or null when it never
 * opens again.
 */
export function nextMaintenanceStart(timing: MaintenanceTiming, at: Date): Date | null {
  if (timing.kind === "ONE_OFF") return timing.startsAt.getTime() > at.getTime() ? timing.startsAt : null;
  return nextRun(timing.schedule, timing.timeZone, at, 0);
}

/** Where a window stands at an instant: open now, opening later, or over for good. */
export type MaintenanceStatus = "ACTIVE" | "UPCOMING" | "PAST";

export function maintenanceStatus(timing: MaintenanceTiming, at: Date): MaintenanceStatus {
  if (isMaintenanceActive(timing, at)) return "ACTIVE";
  return nextMaintenanceStart(timing, at) === null ? "PAST" : "UPCOMING";
}
