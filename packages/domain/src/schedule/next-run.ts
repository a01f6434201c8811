import {
  civilDateOf,
  dayNumberOf,
  daysInMonth,
  formatIsoDate,
  parseIsoDate,
  weekdayOf,
} from "./civil-date.js";
import type { DayOfWeek, Schedule } from "./schedule.js";
import { wallClockAt, zonedDayNumber, zonedInstant } from "./zoned-time.js";

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;
/** Candidate days examined before giving up (a valid schedule needs at most ~13 months). */
const SEARCH_LIMIT = 2_000;

/** JS weekday number (0 = Sunday) of each DayOfWeek. */
const WEEKDAY_NUMBER: Record<DayOfWeek, number> = {
  MONDAY: 1,
  TUESDAY: 2,
  WEDNESDAY: 3,
  THURSDAY: 4,
  FRIDAY: 5,
  SATURDAY: 6,
  SUNDAY: 0,
};

const dayOf = (iso: string | null): number | null => {
  const d = iso === null ? null : parseIsoDate(iso);
  return d === null ? null : dayNumberOf(d);
};

/**
 * When a schedule runs next: the first run strictly after `after`, in the task's IANA time zone,
 * or null when it never runs again (ended, a one-off already run, or a kind that does not run on
 * a timer: None, On System Startup, On User Login). `occurrencesSoFar` counts the schedule's runs
 * so far (the "End After N" rule and the one-off kinds use it).
 *
 * - Daily / Weekly / Monthly keep the wall-clock time across daylight-saving changes; a skipped
 *   time runs once, shifted forward by the gap (02:30 → 03:30), and a repeated time runs once,
 *   at its first occurrence. "Every N" counts days, weeks (Monday-based) and months from startDate.
 * - Every N hours/minutes is a fixed interval of elapsed time from startDate at runAtHour:runAtMinute.
 * - Run Once runs at startDate runAtHour:runAtMinute; Run Once Immediately runs at `after` itself.
 * - End On (endDate) is inclusive: the run's calendar date in the zone must not be later.
 */
export function nextRun(
  schedule: Schedule,
  timeZone: string,
  after: Date,
  occurrencesSoFar: number,
): Date | null {
  const afterMs = after.getTime();
  if (Number.isNaN(afterMs)) throw new RangeError("nextRun: invalid date");
  const { end } = schedule;
  if (end.type === "AFTER" && end.occurenceCount !== null && occurrencesSoFar >= end.occurenceCount)
    return null;
  const endDay =
    end.type === "ON" ? (dayOf(end.endDate) ?? Number.NEGATIVE_INFINITY) : Number.POSITIVE_INFINITY;
  const startDay = dayOf(schedule.startDate);
  const at = (day: number) =>
    zonedInstant(civilDateOf(day), schedule.runAtHour, schedule.runAtMinute, timeZone);
  const result = (ms: number | null) => (ms === null ? null : new Date(ms));

  switch (schedule.repeats) {
    case "NONE":
    case "ON_SYSTEM_STARTUP":
    case "ON_USER_LOGIN":
      return null;
    case "RUN_ONCE_IMMEDIATELY":
      return occurrencesSoFar > 0 ? null : new Date(afterMs);
    case "RUN_ONCE": {
      if (occurrencesSoFar > 0 || startDay === null || startDay > endDay) return null;
      const t = at(startDay);
      return t > afterMs ? new Date(t) : null;
    }
    case "EVERY": {
      const anchor = at(startDay ?? 0);
      const interval =
        Math.max(1, schedule.repeatsEveryCount) *
        (schedule.repeatsEveryUnit === "MINUTES" ? MINUTE_MS : HOUR_MS);
      const t =
        afterMs < anchor ? anchor : anchor + (Math.floor((afterMs - anchor) / interval) + 1) * interval;
      return zonedDayNumber(t, timeZone) > endDay ? null : new Date(t);
    }
    case "DAILY":
    case "WEEKLY":
    case "MONTHLY":
      return result(calendarRun(schedule, startDay ?? 0, endDay, afterMs, at, timeZone));
  }
}

/** Daily / Weekly / Monthly: walk candidate days from the day before `after` (in the zone). */
function calendarRun(
  s: Schedule,
  startDay: number,
  endDay: number,
  afterMs: number,
  at: (day: number) => number,
  timeZone: string,
): number | null {
  const n = Math.max(1, Math.floor(s.repeatsEveryCount));
  const from = Math.max(startDay, zonedDayNumber(afterMs, timeZone) - 1);
  for (const day of candidateDays(s, n, startDay, from)) {
    if (day > endDay) return null;
    const t = at(day);
    if (t > afterMs) return t;
  }
  return null;
}

function* candidateDays(s: Schedule, n: number, startDay: number, from: number): Generator<number> {
  if (s.repeats === "DAILY") {
    let day = startDay + Math.ceil((from - startDay) / n) * n;
    for (let i = 0; i < SEARCH_LIMIT; i += 1, day += n) yield day;
    return;
  }
  if (s.repeats === "WEEKLY") {
    const wanted = new Set(s.daysOfWeek.map((d) => WEEKDAY_NUMBER[d]));
    if (wanted.size === 0) return;
    const week0 = startDay - ((weekdayOf(startDay) + 6) % 7); // the Monday of startDate's week
    for (let day = from, i = 0; i < SEARCH_LIMIT; i += 1) {
      const week = Math.floor((day - week0) / 7);
      if (week % n !== 0) {
        day = week0 + (week + n - (week % n)) * 7;
        continue;
      }
      if (wanted.has(weekdayOf(day))) yield day;
      day += 1;
    }
    return;
  }
  // MONTHLY: the day of month, or the month's last day when it is shorter.
  const start = civilDateOf(startDay);
  const startMonth = start.year * 12 + (start.month - 1);
  const f = civilDateOf(from);
  let month = Math.max(startMonth, f.year * 12 + (f.month - 1));
  month = startMonth + Math.ceil((month - startMonth) / n) * n;
  for (let i = 0; i < SEARCH_LIMIT; i += 1, month += n) {
    const year = Math.floor(month / 12);
    const m = (month % 12) + 1;
    const day = dayNumberOf({ year, month: m, day: Math.min(s.dayOfMonth, daysInMonth(year, m)) });
    if (day >= startDay) yield day;
  }
}

/** The next `count` runs from `from` (the editor's preview), each strictly after the previous. */
export function previewRuns(
  schedule: Schedule,
  timeZone: string,
  from: Date,
  count: number,
  occurrencesSoFar = 0,
): Date[] {
  const runs: Date[] = [];
  let after = from;
  for (let i = 0; i < count; i += 1) {
    const t = nextRun(schedule, timeZone, after, occurrencesSoFar + i);
    if (t === null || (i > 0 && t.getTime() <= after.getTime())) break;
    runs.push(t);
    after = t;
  }
  return runs;
}

/** Today's date in a time zone, YYYY-MM-DD. */
export function todayIn(timeZone: string, now: Date): string {
  return formatIsoDate(wallClockAt(now, timeZone));
}

/**
 * A schedule as saved: without a startDate, recurring kinds start on the day they are saved (in
 * the task's zone), which anchors "every N days/weeks/months" and "every N hours/minutes".
 */
export function withStartDate(schedule: Schedule, timeZone: string, now: Date): Schedule {
  if (schedule.startDate !== null || !["DAILY", "WEEKLY", "MONTHLY", "EVERY"].includes(schedule.repeats))
    return schedule;
  return { ...schedule, startDate: todayIn(timeZone, now) };
}

/** The wall-clock reading of an instant in a zone, "YYYY-MM-DD HH:mm" (for previews and tests). */
export function formatWallClock(instant: Date, timeZone: string): string {
  const w = wallClockAt(instant, timeZone);
  return `${formatIsoDate(w)} ${String(w.hour).padStart(2, "0")}:${String(w.minute).padStart(2, "0")}`;
}
