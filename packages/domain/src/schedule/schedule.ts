/**
 * Script schedules: the current schema 2.0, its kinds,
 * end rules, defaults and maximums. Pure data; next-run computation lives in next-run.ts.
 */

/** Schedule kinds (spec: Daily, Weekly, Monthly, Run Once, Run Once Immediately, None, Every, On System Startup, On User Login). */
export const SCHEDULE_REPEATS = [
  "DAILY",
  "WEEKLY",
  "MONTHLY",
  "RUN_ONCE",
  "RUN_ONCE_IMMEDIATELY",
  "NONE",
  "EVERY",
  "ON_SYSTEM_STARTUP",
  "ON_USER_LOGIN",
] as const;
export type ScheduleRepeats = (typeof SCHEDULE_REPEATS)[number];

export const SCHEDULE_KIND_LABELS: Record<ScheduleRepeats, string> = {
  DAILY: "Daily",
  WEEKLY: "Weekly",
  MONTHLY: "Monthly",
  RUN_ONCE: "Run Once",
  RUN_ONCE_IMMEDIATELY: "Run Once Immediately",
  NONE: "None",
  EVERY: "Every",
  ON_SYSTEM_STARTUP: "On System Startup",
  ON_USER_LOGIN: "On User Login",
};

/** End of recurrence (spec: Never, After, On). */
export const SCHEDULE_END_TYPES = ["NEVER", "AFTER", "ON"] as const;
export type ScheduleEndType = (typeof SCHEDULE_END_TYPES)[number];
export const SCHEDULE_END_LABELS: Record<ScheduleEndType, string> = {
  NEVER: "Never",
  AFTER: "After",
  ON: "On",
};

/** Monday first, as the editor shows them. */
export const DAYS_OF_WEEK = [
  "MONDAY",
  "TUESDAY",
  "WEDNESDAY",
  "THURSDAY",
  "FRIDAY",
  "SATURDAY",
  "SUNDAY",
] as const;
export type DayOfWeek = (typeof DAYS_OF_WEEK)[number];

/** The unit of an "Every" schedule (every N hours, or every N minutes). */
export const EVERY_UNITS = ["HOURS", "MINUTES"] as const;
export type EveryUnit = (typeof EVERY_UNITS)[number];

export interface ScheduleEnd {
  type: ScheduleEndType;
  /** The spec's spelling. Used when type is AFTER: how many runs in all. */
  occurenceCount: number | null;
  /** YYYY-MM-DD in the task's time zone, inclusive. Used when type is ON. */
  endDate: string | null;
}

/** Schedule schema 2.0. Dates are calendar dates (YYYY-MM-DD) in the task's time zone. */
export interface Schedule {
  repeats: ScheduleRepeats;
  repeatsEveryCount: number;
  /** Only for EVERY: hours (the spec's "hourly" maximum applies) or minutes. */
  repeatsEveryUnit: EveryUnit;
  runAtHour: number;
  runAtMinute: number;
  /** For MONTHLY; a day the month does not have means its last day (31 in February → 28 or 29). */
  dayOfMonth: number;
  /** For WEEKLY. */
  daysOfWeek: DayOfWeek[];
  /** First day runs may happen on; also the anchor of "every N days/weeks/months" and of EVERY. Required for RUN_ONCE (its date). */
  startDate: string | null;
  end: ScheduleEnd;
}

/** A new schedule repeats daily, every 1, at 09:00, day of month 1, Monday, ending Never. */
export const SCHEDULE_DEFAULTS: Readonly<Schedule> = Object.freeze({
  repeats: "DAILY",
  repeatsEveryCount: 1,
  repeatsEveryUnit: "HOURS",
  runAtHour: 9,
  runAtMinute: 0,
  dayOfMonth: 1,
  daysOfWeek: ["MONDAY"],
  startDate: null,
  end: { type: "NEVER", occurenceCount: null, endDate: null },
} satisfies Schedule);

/**
 * Recurrence maximums for "every N": daily 365, hourly 12, weekly 52, monthly 12.
 * MINUTES has no inherited limit; 720 minutes matches the hourly maximum (12 h).
 */
export const SCHEDULE_MAXIMUMS = { DAILY: 365, HOURLY: 12, WEEKLY: 52, MONTHLY: 12, MINUTES: 720 } as const;

/** The largest occurrence count (the 32-bit integer maximum). */
export const MAX_OCCURENCE_COUNT = 2147483647;

/** A fresh copy of the defaults. */
export function defaultSchedule(): Schedule {
  return {
    ...SCHEDULE_DEFAULTS,
    daysOfWeek: [...SCHEDULE_DEFAULTS.daysOfWeek],
    end: { ...SCHEDULE_DEFAULTS.end },
  };
}

/** The largest "every N" for a schedule, or null when the kind does not repeat by a count. */
export function maxRepeatsEveryCount(s: Pick<Schedule, "repeats" | "repeatsEveryUnit">): number | null {
  switch (s.repeats) {
    case "DAILY":
      return SCHEDULE_MAXIMUMS.DAILY;
    case "WEEKLY":
      return SCHEDULE_MAXIMUMS.WEEKLY;
    case "MONTHLY":
      return SCHEDULE_MAXIMUMS.MONTHLY;
    case "EVERY":
      return s.repeatsEveryUnit === "MINUTES" ? SCHEDULE_MAXIMUMS.MINUTES : SCHEDULE_MAXIMUMS.HOURLY;
    default:
      return null;
  }
}

/**
 * What makes a schedule fire: a timer (the scheduler computes nextRunAt), the save itself, an
 * agent event (system startup, user login: never on a timer, nextRunAt stays null), or nothing.
 */
export const SCHEDULE_TRIGGERS = ["TIMER", "ON_SAVE", "SYSTEM_STARTUP", "USER_LOGIN", "NONE"] as const;
export type ScheduleTrigger = (typeof SCHEDULE_TRIGGERS)[number];

export function scheduleTrigger(s: Pick<Schedule, "repeats">): ScheduleTrigger {
  switch (s.repeats) {
    case "RUN_ONCE_IMMEDIATELY":
      return "ON_SAVE";
    case "ON_SYSTEM_STARTUP":
      return "SYSTEM_STARTUP";
    case "ON_USER_LOGIN":
      return "USER_LOGIN";
    case "NONE":
      return "NONE";
    default:
      return "TIMER";
  }
}

/**
 * Canonical form: days of week de-duplicated and Monday first, end fields kept only for their
 * end type, startDate kept only where it means something.
 */
export function normalizeSchedule(s: Schedule): Schedule {
  const days = DAYS_OF_WEEK.filter((d) => s.daysOfWeek.includes(d));
  const end: ScheduleEnd =
    s.end.type === "AFTER"
      ? { type: "AFTER", occurenceCount: s.end.occurenceCount, endDate: null }
      : s.end.type === "ON"
        ? { type: "ON", occurenceCount: null, endDate: s.end.endDate }
        : { type: "NEVER", occurenceCount: null, endDate: null };
  return { ...s, daysOfWeek: days, end };
}

const pad = (n: number) => String(n).padStart(2, "0");
const plural = (n: number, one: string) => (n === 1 ? one : `${n} ${one}s`);
const titleDay = (d: DayOfWeek) => d.charAt(0) + d.slice(1).toLowerCase();

/** One line for lists and the editor, e.g. "Every 2 weeks on Monday, Friday at 09:00, 5 times". */
export function describeSchedule(s: Schedule): string {
  const at = `at ${pad(s.runAtHour)}:${pad(s.runAtMinute)}`;
  const n = s.repeatsEveryCount;
  let text: string;
  switch (s.repeats) {
    case "DAILY":
      text = `${n === 1 ? "Daily" : `Every ${plural(n, "day")}`} ${at}`;
      break;
    case "WEEKLY":
      text = `${n === 1 ? "Weekly" : `Every ${plural(n, "week")}`} on ${s.daysOfWeek.map(titleDay).join(", ")} ${at}`;
      break;
    case "MONTHLY":
      text = `${n === 1 ? "Monthly" : `Every ${plural(n, "month")}`} on day ${s.dayOfMonth}${s.dayOfMonth > 28 ? " (or the last day)" : ""} ${at}`;
      break;
    case "EVERY":
      text = `Every ${plural(n, s.repeatsEveryUnit === "MINUTES" ? "minute" : "hour")} from ${pad(s.runAtHour)}:${pad(s.runAtMinute)}`;
      break;
    case "RUN_ONCE":
      return `Once on ${s.startDate ?? "?"} ${at}`;
    case "RUN_ONCE_IMMEDIATELY":
      return "Once, immediately when saved";
    case "ON_SYSTEM_STARTUP":
      return "On system startup";
    case "ON_USER_LOGIN":
      return "On user login";
    case "NONE":
      return "Not scheduled";
  }
  if (s.end.type === "AFTER" && s.end.occurenceCount !== null)
    text += `, ${s.end.occurenceCount === 1 ? "once" : `${s.end.occurenceCount} times`}`;
  if (s.end.type === "ON" && s.end.endDate !== null) text += `, until ${s.end.endDate}`;
  return text;
}
