import { dayNumberOf, type CivilDate } from "./civil-date.js";

/** A wall-clock reading in some time zone. */
export interface WallClock extends CivilDate {
  hour: number;
  minute: number;
  second: number;
}

const DAY_MS = 86_400_000;
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    // Throws RangeError for a zone the runtime does not know.
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The wall clock in `timeZone` at an instant (Intl does the zone rules). */
export function wallClockAt(instant: Date | number, timeZone: string): WallClock {
  const out: Record<string, number> = {};
  for (const p of formatter(timeZone).formatToParts(instant)) {
    if (p.type !== "literal") out[p.type] = Number(p.value);
  }
  return {
    year: out.year ?? 1970,
    month: out.month ?? 1,
    day: out.day ?? 1,
    hour: (out.hour ?? 0) % 24,
    minute: out.minute ?? 0,
    second: out.second ?? 0,
  };
}

/** UTC offset (ms, east positive) of `timeZone` at an instant, to the second. */
function offsetAt(instantMs: number, timeZone: string): number {
  const whole = Math.floor(instantMs / 1000) * 1000;
  const w = wallClockAt(whole, timeZone);
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - whole;
}

/**
 * The instant a wall-clock time happens in `timeZone`. A time that happens twice (the hour
 * repeated when clocks go back) resolves to its first occurrence; a time that does not exist
 * (skipped when clocks go forward) moves forward by the length of the gap, e.g. 02:30 on
 * America/New_York's spring-forward day is 03:30 EDT.
 */
export function zonedInstant(date: CivilDate, hour: number, minute: number, timeZone: string): number {
  const local = Date.UTC(date.year, date.month - 1, date.day, hour, minute);
  const before = offsetAt(local - DAY_MS, timeZone);
  const offsets = new Set([before, offsetAt(local, timeZone), offsetAt(local + DAY_MS, timeZone)]);
  let first: number | null = null;
  for (const offset of offsets) {
    const instant = local - offset;
    const w = wallClockAt(instant, timeZone);
    const matches =
      w.year === date.year &&
      w.month === date.month &&
      w.day === date.day &&
      w.hour === hour &&
      w.minute === minute;
    if (matches && (first === null || instant < first)) first = instant;
  }
  // In a gap: read the wall time with the offset in force before the clocks moved.
  return first ?? local - before;
}

/** The calendar date in `timeZone` at an instant, as a day number. */
export const zonedDayNumber = (instant: Date | number, timeZone: string): number =>
  dayNumberOf(wallClockAt(instant, timeZone));
