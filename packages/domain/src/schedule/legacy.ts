import { canonicalTimeZone } from "../time-zones.js";
import { messages } from "../messages.js";
import {
  DAYS_OF_WEEK,
  defaultSchedule,
  normalizeSchedule,
  type DayOfWeek,
  type Schedule,
  type ScheduleRepeats,
} from "./schedule.js";
import { scheduleIssues, type ScheduleIssue } from "./validate.js";

/** The older schedule format: what older clients and exports still send. */
export interface LegacySchedule {
  scheduleType?: string;
  weekDays?: (string | number)[];
  dayOfMonth?: number;
  scheduleHour?: number;
  scheduleMinute?: number;
  timeZone?: string;
}

/** Spec: scheduleType DAILY, dayOfMonth 0, scheduleHour 17, scheduleMinute 0, timeZone local. */
export const LEGACY_SCHEDULE_DEFAULTS = Object.freeze({
  scheduleType: "DAILY",
  weekDays: [] as (string | number)[],
  dayOfMonth: 0,
  scheduleHour: 17,
  scheduleMinute: 0,
  timeZone: "local",
});

/** Keys only the older schedule has; an object carrying any of them is read as one. */
export const LEGACY_SCHEDULE_KEYS = [
  "scheduleType",
  "weekDays",
  "scheduleHour",
  "scheduleMinute",
  "timeZone",
] as const;

export function isLegacySchedule(value: unknown): value is LegacySchedule {
  return typeof value === "object" && value !== null && LEGACY_SCHEDULE_KEYS.some((k) => k in value);
}

const LEGACY_TYPES: Record<string, ScheduleRepeats> = {
  DAILY: "DAILY",
  WEEKLY: "WEEKLY",
  MONTHLY: "MONTHLY",
  NONE: "NONE",
  HOURLY: "EVERY",
  EVERY: "EVERY",
  RUN_ONCE_IMMEDIATELY: "RUN_ONCE_IMMEDIATELY",
  IMMEDIATELY: "RUN_ONCE_IMMEDIATELY",
  ON_SYSTEM_STARTUP: "ON_SYSTEM_STARTUP",
  SYSTEM_STARTUP: "ON_SYSTEM_STARTUP",
  STARTUP: "ON_SYSTEM_STARTUP",
  ON_USER_LOGIN: "ON_USER_LOGIN",
  USER_LOGIN: "ON_USER_LOGIN",
  LOGIN: "ON_USER_LOGIN",
};

/** Sunday is 0 (and 7); Monday–Saturday are 1–6 in both common numberings. */
const BY_NUMBER: DayOfWeek[] = [
  "SUNDAY",
  "MONDAY",
  "TUESDAY",
  "WEDNESDAY",
  "THURSDAY",
  "FRIDAY",
  "SATURDAY",
  "SUNDAY",
];

function dayOfWeek(value: string | number): DayOfWeek | null {
  if (typeof value === "number") return Number.isInteger(value) ? (BY_NUMBER[value] ?? null) : null;
  const v = value.trim().toUpperCase();
  if (v.length < 2) return null;
  return DAYS_OF_WEEK.find((d) => d === v || (v.length === 3 && d.startsWith(v))) ?? null;
}

/** Where a converted field came from, so that issues name the field the client sent. */
const LEGACY_PATH: Record<string, string> = {
  runAtHour: "scheduleHour",
  runAtMinute: "scheduleMinute",
  daysOfWeek: "weekDays",
};

export type LegacyConversion =
  | {
      ok: true;
      schedule: Schedule;
      /** null: "local", i.e. the task's default zone. */ timeZone: string | null;
    }
  | { ok: false; issues: ScheduleIssue[] };

/**
 * Converts the older schedule to schema 2.0: its defaults applied (17:00), every 1, end Never;
 * dayOfMonth 0 ("not set") and no week days take the 2.0 defaults (day 1, Monday).
 */
export function fromLegacySchedule(legacy: LegacySchedule): LegacyConversion {
  const l = { ...LEGACY_SCHEDULE_DEFAULTS, ...legacy };
  const issues: ScheduleIssue[] = [];
  const type =
    LEGACY_TYPES[
      String(l.scheduleType)
        .trim()
        .toUpperCase()
        .replace(/[\s-]+/g, "_")
    ];
  if (!type) issues.push({ path: ["scheduleType"], message: messages.numeric.invalid });
  const days: DayOfWeek[] = [];
  l.weekDays.forEach((w, i) => {
    const d = dayOfWeek(w);
    if (d === null) issues.push({ path: ["weekDays", i], message: messages.numeric.invalid });
    else days.push(d);
  });
  let timeZone: string | null = null;
  if (l.timeZone.trim() !== "" && l.timeZone.trim().toLowerCase() !== "local") {
    timeZone = canonicalTimeZone(l.timeZone);
    if (timeZone === null) issues.push({ path: ["timeZone"], message: "Unknown time zone" });
  }
  const defaults = defaultSchedule();
  const schedule = normalizeSchedule({
    ...defaults,
    repeats: type ?? "DAILY",
    runAtHour: l.scheduleHour,
    runAtMinute: l.scheduleMinute,
    dayOfMonth: l.dayOfMonth === 0 ? defaults.dayOfMonth : l.dayOfMonth,
    daysOfWeek: days.length > 0 ? days : defaults.daysOfWeek,
  });
  for (const issue of scheduleIssues(schedule)) {
    const [head, ...rest] = issue.path;
    issues.push({ path: [LEGACY_PATH[String(head)] ?? head ?? "", ...rest], message: issue.message });
  }
  return issues.length > 0 ? { ok: false, issues } : { ok: true, schedule, timeZone };
}
