import { scheduleSchema, type ScheduleInput, type ScheduledTask } from "@steward/contracts";
import {
  SCHEDULE_DEFAULTS,
  maxRepeatsEveryCount,
  messages,
  type DayOfWeek,
  type EveryUnit,
  type ScheduleEndType,
  type ScheduleRepeats,
} from "@steward/domain";
import { localizeText } from "../../../i18n";
import { validateWith, type FieldErrors } from "../../../lib/forms";

/** What the schedule editor holds: numbers as typed, time as "HH:MM", dates as "" when unset. */
export interface ScheduleDraft {
  repeats: ScheduleRepeats;
  repeatsEveryCount: number | string;
  repeatsEveryUnit: EveryUnit;
  time: string;
  dayOfMonth: number | string;
  daysOfWeek: DayOfWeek[];
  startDate: string;
  endType: ScheduleEndType;
  occurenceCount: number | string;
  endDate: string;
}

const pad = (n: number) => String(n).padStart(2, "0");

/** A new schedule starts daily, every 1, at 09:00, day 1, Monday, ending Never. */
export function defaultScheduleDraft(): ScheduleDraft {
  const d = SCHEDULE_DEFAULTS;
  return {
    repeats: d.repeats,
    repeatsEveryCount: d.repeatsEveryCount,
    repeatsEveryUnit: d.repeatsEveryUnit,
    time: `${pad(d.runAtHour)}:${pad(d.runAtMinute)}`,
    dayOfMonth: d.dayOfMonth,
    daysOfWeek: [...d.daysOfWeek],
    startDate: "",
    endType: d.end.type,
    occurenceCount: "",
    endDate: "",
  };
}

export function scheduleDraftOf(s: ScheduledTask["schedule"]): ScheduleDraft {
  return {
    repeats: s.repeats,
    repeatsEveryCount: s.repeatsEveryCount,
    repeatsEveryUnit: s.repeatsEveryUnit,
    time: `${pad(s.runAtHour)}:${pad(s.runAtMinute)}`,
    dayOfMonth: s.dayOfMonth,
    daysOfWeek: [...s.daysOfWeek],
    startDate: s.startDate ?? "",
    endType: s.end.type,
    occurenceCount: s.end.occurenceCount ?? "",
    endDate: s.end.endDate ?? "",
  };
}

const num = (v: number | string): number => (v === "" ? Number.NaN : Number(v));

/** The draft as schedule schema 2.0 (what the server stores and previews). */
export function scheduleOf(draft: ScheduleDraft): ScheduleInput {
  const [hour, minute] = /^\d{1,2}:\d{2}$/.test(draft.time)
    ? draft.time.split(":").map(Number)
    : [Number.NaN, Number.NaN];
  return {
    repeats: draft.repeats,
    repeatsEveryCount: num(draft.repeatsEveryCount),
    repeatsEveryUnit: draft.repeatsEveryUnit,
    runAtHour: hour ?? Number.NaN,
    runAtMinute: minute ?? Number.NaN,
    dayOfMonth: num(draft.dayOfMonth),
    daysOfWeek: draft.daysOfWeek,
    startDate: draft.startDate || null,
    end: {
      type: draft.endType,
      occurenceCount:
        draft.endType === "AFTER" && draft.occurenceCount !== "" ? num(draft.occurenceCount) : null,
      endDate: draft.endType === "ON" ? draft.endDate || null : null,
    },
  };
}

/**
 * The spec's messages per field ("Value must be less than or equal to 365" …), keyed by schedule
 * path. An empty number is the mandatory message; the domain's rules give every other one.
 */
export function scheduleErrors(draft: ScheduleDraft): FieldErrors {
  const schedule = scheduleOf(draft);
  const empty: FieldErrors = {};
  // Only the fields the kind uses count (the domain checks the same way).
  const uses = {
    repeatsEveryCount: maxRepeatsEveryCount(draft) !== null,
    dayOfMonth: draft.repeats === "MONTHLY",
    runAtHour: !["NONE", "RUN_ONCE_IMMEDIATELY", "ON_SYSTEM_STARTUP", "ON_USER_LOGIN"].includes(
      draft.repeats,
    ),
  };
  const blank = (key: keyof typeof uses, fallback: number) => {
    if (Number.isNaN(schedule[key])) {
      if (uses[key]) empty[key] = localizeText(messages.mandatory);
      schedule[key] = fallback;
    }
  };
  blank("repeatsEveryCount", 1);
  blank("dayOfMonth", 1);
  blank("runAtHour", 9);
  if (Number.isNaN(schedule.runAtMinute)) schedule.runAtMinute = 0;
  const result = validateWith(scheduleSchema, schedule);
  return { ...(result.ok ? {} : result.errors), ...empty };
}
